// version_passage_vectors: the stored vector of each given passage hash that a stored version passage
// has, so a new version of an incident pays only for the paragraphs that changed.
// access: read
// param: hashes   list of passage hashes (of the model's name and the passage text; see VersionChunk.text_hash)
UNWIND $hashes AS hash
MATCH (c:VersionChunk {text_hash: hash})
WITH hash, head(collect(c)) AS c
RETURN hash, c.embedding AS embedding
