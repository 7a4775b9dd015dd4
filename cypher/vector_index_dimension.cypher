// vector_index_dimension: the dimension and similarity function of a vector index, if it exists.
// access: read
// param: vector_index   the index name
SHOW VECTOR INDEXES YIELD name, options
WHERE name = $vector_index
RETURN options.indexConfig.`vector.dimensions` AS dimensions,
       options.indexConfig.`vector.similarity_function` AS similarity
