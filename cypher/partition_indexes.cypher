// partition_indexes: the states whose passages have a vector index of their own, and whether it is ONLINE.
// access: read
// A partition's label is ChunkIn_<state id> (chunk_filters.cypher) and its index chunk_embedding_in_<state id>
// (partition_index.cypher).
SHOW VECTOR INDEXES YIELD name, labelsOrTypes, state
WHERE name STARTS WITH 'chunk_embedding_in_' AND labelsOrTypes = ['ChunkIn_' + substring(name, 19)]
RETURN substring(name, 19) AS partition, state = 'ONLINE' AS online
