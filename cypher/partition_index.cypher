// partition_index: the vector index of one state's passages (label ChunkIn_<state id>, set by chunk_filters.cypher), with the filter properties its searches use; idempotent.
// access: write
// param: name          the index's name: chunk_embedding_in_<state id>
// param: dimensions    embedding dimension of the configured model (default 384)
// param: quantization  BINARY, SCALAR or NONE, as the chunk vector index
// Run through queries.NamedQuery.for_partitions with the one state: Neo4j takes no parameter for a label
// in a schema command, so the state's id is written into the label (letters and digits only).
// retrieve.cypher searches a state's passages here instead of filtering the whole index
// (geographic_searches.cypher says why); the county and the place are its filters.
CYPHER 25
CREATE VECTOR INDEX $name IF NOT EXISTS FOR (c:ChunkIn_PARTITION) ON c.embedding
  WITH [c.county, c.locality, c.doc_type]
  OPTIONS {indexConfig: {`vector.dimensions`: $dimensions, `vector.similarity_function`: 'cosine',
                         `vector.quantization.type`: $quantization}}
