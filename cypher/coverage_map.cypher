// coverage_map: per state and county, by FIPS code, how many guidance documents (statutes, guidance) and incident reports the graph holds for it.
// access: read
// param: levels          optional list of jurisdiction levels (default ['state', 'federal_district', 'county'])
// param: guidance_types  optional list of document types that count as guidance (default ['statute', 'guidance'])
//
// A document counts for a jurisdiction as in cypher/coverage.cypher: its scope (APPLIES_TO) is the
// jurisdiction or a place inside it, or one of its chunks mentions such a place. `fips` is the
// two-digit state or five-digit county code the U.S. atlas geometry is keyed by.
MATCH (j:Place)
WHERE j.level IN coalesce($levels, ['state', 'federal_district', 'county'])
  AND coalesce(j.county_fips, j.state_fips, j.census_geoid) IS NOT NULL
CALL (j) {
  MATCH (t:Place)/* include: ancestors */(j)
  CALL (t) {
    MATCH (t)<-[:APPLIES_TO]-(d:Document)
    RETURN d
    UNION
    MATCH (t)<-[:MENTIONS]-(:Chunk)<-[:HAS_CHUNK]-(d:Document)
    RETURN d
  }
  WITH DISTINCT d
  RETURN count(CASE WHEN d.doc_type IN coalesce($guidance_types, ['statute', 'guidance']) THEN d END) AS guidance,
         count(CASE WHEN d.doc_type = 'incident_report' THEN d END) AS incident_reports
}
RETURN CASE j.level WHEN 'county' THEN 'county' ELSE 'state' END AS kind,
       CASE j.level WHEN 'county' THEN coalesce(j.county_fips, j.census_geoid)
                    ELSE coalesce(j.state_fips, j.census_geoid) END AS fips,
       j.id AS id, j.name AS name, j.state_usps AS state, guidance, incident_reports
ORDER BY kind, fips
