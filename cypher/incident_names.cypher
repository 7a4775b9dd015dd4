// incident_names: the titles of the stored incident reports, each once, with the places they apply to: the names of the
// fires the corpus reports on, and where those fires burned.
// access: read
// A question typing a fire's name in lower case ("the kirkland fire") is read as naming the incident when
// a report is titled by it; a town's name several places share, named with the fire ("the dominic point fire out by
// corvallis"), is read as the town of that name where the fire burned.
// A name several incidents share without a year ("the Valley Fire") is answered for one of them, naming the others:
// each report once, with the year it started and the names of the places it applies to.
MATCH (d:Document)
WHERE d.doc_type = 'incident_report'
OPTIONAL MATCH (d)-[:APPLIES_TO]->(p:Place)
WITH d, collect(DISTINCT p.id) AS places, collect(DISTINCT p.name) AS place_names
RETURN d.title AS title, places, left(coalesce(d.valid_from, d.published), 4) AS year, place_names
