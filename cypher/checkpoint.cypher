// checkpoint: flush the store and indexes to disk (the retrieval benchmark measures their size on disk after it).
// access: write
CALL db.checkpoint() YIELD success
RETURN success
