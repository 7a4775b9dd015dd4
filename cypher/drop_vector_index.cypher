// drop_vector_index: drop the chunk vector index so vector_index.cypher rebuilds it from the stored embeddings (nothing is embedded again).
// access: write
// param: vector_index   the index name
DROP INDEX $vector_index IF EXISTS
