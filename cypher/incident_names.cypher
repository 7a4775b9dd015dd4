// incident_names: the titles of the stored incident reports, each once: the names of the fires the corpus reports on.
// access: read
// A question typing a fire's name in lower case ("the kirkland fire") is read as naming the incident when
// a report is titled by it.
MATCH (d:Document)
WHERE d.doc_type = 'incident_report'
RETURN DISTINCT d.title AS title
