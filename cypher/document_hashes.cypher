// document_hashes: the stored content hash of each given document id that is already in the graph.
// access: read
// param: ids   list of document ids
UNWIND $ids AS id
MATCH (d:Document {id: id})
RETURN d.id AS id, d.content_hash AS hash
