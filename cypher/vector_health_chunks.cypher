// vector_health_chunks: some passages' stored vectors and the filter properties the vector index holds for them.
// access: read
// param: ids   the passages' ids
UNWIND $ids AS chunk_id
MATCH (c:Chunk {id: chunk_id})
WHERE c.embedding IS NOT NULL
RETURN c.id AS id, c.embedding AS embedding, c.state AS state, c.county AS county, c.locality AS locality,
       c.doc_type AS doc_type
