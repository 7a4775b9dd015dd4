// incident_records: what each incident report's record states on a day: its size in acres, its percent contained, the day it started and the day it was out, and where it burned.
// access: read
// param: requests  list of {document, day}: an incident report's document id and a day (YYYY-MM-DD)
//
// The figures are those of the record as it stood on the day: an InciWeb incident's version valid then (the
// latest that started on or before it, cypher/versions_on.cypher), a record without versions (CAL FIRE's) as
// stored once it was last updated by then. `reported` is the last day the figures are known to stand for (the
// version's last day, or the day asked when that is earlier). A report nothing was known of by the day gives
// its name and places with no figures.
UNWIND $requests AS request
MATCH (d:Document {id: request.document})
WHERE d.doc_type = 'incident_report'
OPTIONAL MATCH (v:IncidentVersion {document_id: d.id})
  WHERE v.valid_from <= request.day
WITH request, d, v ORDER BY v.valid_from DESC, v.version DESC
WITH request, d, head(collect(v)) AS v
WITH request, d, v,
     CASE WHEN v IS NOT NULL THEN v
          WHEN NOT EXISTS { MATCH (:IncidentVersion {document_id: d.id}) }
               AND coalesce(d.valid_to, d.published) <= request.day THEN d END AS stated
RETURN d.id AS document_id, request.day AS day, d.title AS title, d.source AS source,
       stated.acres AS acres, stated.percent_contained AS percent_contained,
       CASE WHEN stated IS NULL THEN null
            WHEN coalesce(stated.valid_to, stated.published) < request.day THEN coalesce(stated.valid_to, stated.published)
            ELSE request.day END AS reported,
       CASE WHEN d.source = 'calfire' THEN d.valid_from ELSE left(d.incident_created, 10) END AS started,
       CASE WHEN stated IS NOT NULL AND d.source = 'calfire' AND left(d.extinguished, 10) >= d.valid_from
                 AND left(d.extinguished, 10) <= request.day THEN left(d.extinguished, 10) END AS ended,
       COLLECT { MATCH (d)-[:APPLIES_TO]->(p:Place) RETURN p.name ORDER BY p.name } AS places
