// vector_health_chunk_ids: the id of every passage with a stored vector (the vector index's health probe samples from them).
// access: read
MATCH (c:Chunk)
WHERE c.embedding IS NOT NULL
RETURN c.id AS id
