// analyst_chunks_mentioning: the passages whose text mentions a place (optionally also the places inside it), with the words found and the sentence around them.
// access: read
// param: place   id of the place, e.g. 'Q485276' (Spokane County, Washington)
// param: inside  optional boolean; true also lists mentions of places inside it (default false)
//
// A mention is what place recognition wrote: the surface text, its offsets in the chunk, the
// confidence and the method that resolved it. `context` shows up to 80 characters either side.
MATCH (root:Place {id: $place})
MATCH down = (p:Place)-[rels:LOCATED_IN*0..8]->(root)
WHERE (length(down) = 0 OR coalesce($inside, false)) AND all(r IN rels WHERE r.administrative)
WITH DISTINCT p
MATCH (d:Document)-[:HAS_CHUNK]->(c:Chunk)-[m:MENTIONS]->(p)
WITH d, c, m, p,
     CASE WHEN m.start > 80 THEN m.start - 80 ELSE 0 END AS from
RETURN c.id AS chunk, d.id AS document, d.title AS title, d.doc_type AS doc_type, c.index AS chunk_index,
       p.name AS place, p.level AS level, m.surface AS surface, m.confidence AS confidence, m.method AS method,
       substring(c.text, from, m.end + 80 - from) AS context
ORDER BY title, chunk_index, m.start
