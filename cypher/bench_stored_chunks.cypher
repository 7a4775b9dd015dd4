// bench_stored_chunks: synthetic chunks with the place their document applies to, to build benchmark queries from.
// access: read
// param: limit   how many chunks at most
MATCH (d:Document)-[:HAS_CHUNK]->(c:Chunk)
WITH d, c LIMIT $limit
MATCH (d)-[:APPLIES_TO]->(p:Place)
RETURN c.id AS chunk, p.id AS place
