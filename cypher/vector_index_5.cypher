// vector_index_5: (Neo4j 5.x, whose vector index takes no filter properties) the chunk vector index; idempotent.
// access: write
// param: vector_index      name of the chunk vector index (default chunk_embedding)
// param: dimensions        embedding dimension of the configured model (default 384)
CREATE VECTOR INDEX $vector_index IF NOT EXISTS FOR (c:Chunk) ON c.embedding
  OPTIONS {indexConfig: {`vector.dimensions`: $dimensions, `vector.similarity_function`: 'cosine'}};
CALL db.awaitIndexes(300)
