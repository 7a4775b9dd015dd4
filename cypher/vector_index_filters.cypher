// vector_index_filters: the properties and quantization of the chunk vector index, if it exists (an index made before it took filter properties has only embedding).
// access: read
// param: vector_index   the index name
SHOW VECTOR INDEXES YIELD name, properties, options
WHERE name = $vector_index
RETURN properties, options.indexConfig.`vector.quantization.type` AS quantization
