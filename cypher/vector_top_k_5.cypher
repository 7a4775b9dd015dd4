// vector_top_k_5: (Neo4j 5.x) plain vector search, the k chunks nearest to an embedding (the baseline of the retrieval benchmark).
// access: read
// param: vector_index   the chunk vector index
// param: k              how many chunks
// param: embedding      the query embedding
CALL db.index.vector.queryNodes($vector_index, $k, $embedding) YIELD node, score
RETURN node.id AS chunk_id, node.text AS text, score
