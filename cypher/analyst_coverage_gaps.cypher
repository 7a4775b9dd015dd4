// analyst_coverage_gaps: jurisdictions (states or counties) without guidance: those with incident reports only, and those with nothing at all.
// access: read
// param: levels          list of jurisdiction levels, e.g. ['state', 'federal_district'] or ['county']
// param: guidance_types  optional list of document types that count as guidance (default ['statute', 'guidance'])
//
// A document counts for a jurisdiction when its scope (APPLIES_TO) is the jurisdiction or a place
// inside it, or when one of its chunks mentions such a place (administrative containment, as in
// cypher/coverage.cypher). `broader_guidance` counts guidance scoped to a place containing the
// jurisdiction (a state statute for a county): questions there are answered, but with a warning.
// Jurisdictions with guidance of their own are not gaps and are not listed.
MATCH (j:Place)
WHERE j.level IN $levels
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
         count(CASE WHEN d.doc_type = 'incident_report' THEN d END) AS incident_reports,
         count(d) AS documents
}
CALL (j) {
  MATCH (j)/* include: ancestors */(a:Place)<-[:APPLIES_TO]-(d:Document)
  WHERE a <> j AND d.doc_type IN coalesce($guidance_types, ['statute', 'guidance'])
  RETURN count(DISTINCT d) AS broader_guidance
}
WITH j, guidance, incident_reports, documents, broader_guidance
WHERE guidance = 0
RETURN j.id AS id, j.name AS name, j.level AS level, j.state_usps AS state,
       CASE WHEN incident_reports > 0 THEN 'incident reports only'
            WHEN documents > 0 THEN 'other documents only'
            ELSE 'nothing' END AS status,
       incident_reports, documents - incident_reports AS other_documents, broader_guidance
ORDER BY CASE status WHEN 'nothing' THEN 0 WHEN 'other documents only' THEN 1 ELSE 2 END, state, name
