// analyst_evidence_on: the evidence about a place that was valid on a given day, with its relation to the place and the period it describes.
// access: read
// param: place  id of the place, e.g. 'Q156181' (Butte County, California)
// param: day    the day, 'YYYY-MM-DD', e.g. '2021-08-03'
//
// A document counts when its scope is the place (exact), a place containing it (broader) or a place
// inside it (narrower), administrative containment only, as in analyst_documents_for_place, and when
// it was valid on the day: an incident with dated versions through the version whose period
// (valid_from .. valid_to, both included) holds the day, so the text shown is what the page said
// then; another document when its period holds the day (a CAL FIRE record: from the start to its
// last update); a statute whatever the day (it stands until amended; the graph holds one snapshot);
// a document without any date is listed with `period` 'undated'.
MATCH (q:Place {id: $place})
CALL (q) {
  MATCH up = (q)/* include: ancestors */(s:Place)
  WITH s, min(length(up)) AS hops
  RETURN s, CASE hops WHEN 0 THEN 'exact' ELSE 'broader' END AS relation, hops
  UNION
  MATCH down = (s:Place)/* include: ancestors */(q)
  WHERE s <> q
  WITH s, min(length(down)) AS hops
  RETURN s, 'narrower' AS relation, hops
}
MATCH (s)<-[:APPLIES_TO]-(d:Document)
OPTIONAL CALL (d) {
  MATCH (v:IncidentVersion {document_id: d.id})
  WHERE v.valid_from <= $day <= v.valid_to
  RETURN v ORDER BY v.valid_from DESC, v.version DESC LIMIT 1
}
WITH d, s, relation, hops, v, EXISTS { MATCH (:IncidentVersion {document_id: d.id}) } AS versioned
WITH d, s, relation, hops, v, versioned,
     CASE
       WHEN versioned THEN CASE WHEN v IS NULL THEN null ELSE 'version ' + toString(v.version) END
       WHEN d.doc_type = 'statute' THEN 'in force (statute)'
       WHEN d.valid_from IS NULL AND d.valid_to IS NULL AND d.published IS NULL THEN 'undated'
       WHEN coalesce(d.valid_from, d.published) <= $day AND coalesce(d.valid_to, d.published) >= $day THEN 'its period'
       ELSE null
     END AS period
WHERE period IS NOT NULL
OPTIONAL CALL (v) {
  MATCH (v)-[:HAS_CHUNK]->(c:VersionChunk)
  RETURN c.text AS first_passage ORDER BY c.index LIMIT 1
}
RETURN d.id AS document, d.title AS title, d.doc_type AS doc_type, relation, s.name AS scope, hops, period,
       coalesce(v.valid_from, d.valid_from) AS valid_from, coalesce(v.valid_to, d.valid_to) AS valid_to,
       coalesce(v.published, d.published) AS published, v.id AS version,
       coalesce(v.percent_contained, CASE WHEN v IS NULL THEN d.percent_contained END) AS percent_contained,
       left(first_passage, 160) AS version_text
ORDER BY CASE relation WHEN 'exact' THEN 0 WHEN 'broader' THEN 1 ELSE 2 END, hops, d.doc_type, d.id
