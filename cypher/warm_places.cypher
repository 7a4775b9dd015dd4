// warm_places: the places most documents apply to, with their level: where a warm-up runs retrieval.
// access: read
// param: limit  how many places
MATCH (d:Document)-[:APPLIES_TO]->(p:Place)
WITH p, count(d) AS documents
ORDER BY documents DESC, p.id
LIMIT $limit
RETURN p.id AS id, p.level AS level
