// document_hashes: the stored content hash and origin of each given document id that is already in the graph.
// access: read
// param: ids   list of document ids
// loaded_from is where the stored document was read (a file's path, a corpus file's name); null for a
// document stored before origins were kept.
UNWIND $ids AS id
MATCH (d:Document {id: id})
RETURN d.id AS id, d.content_hash AS hash, d.loaded_from AS loaded_from
