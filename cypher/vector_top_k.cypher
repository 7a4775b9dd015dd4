// vector_top_k: plain vector search, the k chunks nearest to an embedding (the baseline of the retrieval benchmark).
// access: read
// param: k              how many chunks
// param: embedding      the query embedding
// SEARCH names its index in the text (Neo4j takes no parameter there): chunk_embedding. With another
// GEORISK_VECTOR_INDEX, or on Neo4j 5.x, vector_top_k_5.cypher runs instead.
CYPHER 25
MATCH (node:Chunk)
  SEARCH node IN (VECTOR INDEX chunk_embedding FOR $embedding LIMIT $k) SCORE AS score
RETURN node.id AS chunk_id, node.text AS text, score
