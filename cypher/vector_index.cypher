// vector_index: the chunk vector index, with the filter properties a vector search may filter on inside the index; idempotent.
// access: write
// param: vector_index      name of the chunk vector index (default chunk_embedding)
// param: dimensions        embedding dimension of the configured model (default 384)
// param: quantization      BINARY, SCALAR or NONE (vector.quantization.type; see the README for the measured choice)
// The filter properties are the state, county and locality a passage is about and its document's type
// (chunk_filters.cypher sets them), so retrieve.cypher takes a question place's candidates, and the
// rules among them, from inside the index.
CYPHER 25
CREATE VECTOR INDEX $vector_index IF NOT EXISTS FOR (c:Chunk) ON c.embedding
  WITH [c.state, c.county, c.locality, c.doc_type]
  OPTIONS {indexConfig: {`vector.dimensions`: $dimensions, `vector.similarity_function`: 'cosine',
                         `vector.quantization.type`: $quantization}};
CALL db.awaitIndexes(300)
