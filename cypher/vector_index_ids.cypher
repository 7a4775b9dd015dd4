// vector_index_ids: each vector index's id (the name of its folder on disk) and name.
// access: read
SHOW VECTOR INDEXES YIELD id, name
RETURN id, name
