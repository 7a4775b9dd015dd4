// document_ids: the ids of every stored document, in order (for work done over the whole graph in batches).
// access: read
MATCH (d:Document)
RETURN d.id AS id ORDER BY id
