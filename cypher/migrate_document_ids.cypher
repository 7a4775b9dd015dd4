// migrate_document_ids: give documents their new ids in place, with their chunks' ids and document_id; nothing is re-embedded.
// access: write
// param: renames   list of {old, new}: a stored document id and the id it takes
// A chunk's id is "<document id>#<index>", so it is rebuilt from the new id and the chunk's index.
// A rename whose new id is already taken is left out (and not returned): the caller reports it.
UNWIND $renames AS rename
MATCH (d:Document {id: rename.old})
WHERE NOT EXISTS { MATCH (:Document {id: rename.new}) }
SET d.id = rename.new
WITH d, rename
OPTIONAL MATCH (d)-[:HAS_CHUNK]->(c:Chunk)
SET c.id = rename.new + '#' + toString(c.index), c.document_id = rename.new
RETURN rename.old AS old, rename.new AS new, count(c) AS chunks
