// vector_health_nearest: for each passage, the k passages the vector index returns as nearest to its own stored vector.
// access: read
// param: vector_index   the chunk vector index
// param: k              how many nearest passages
// param: rows           list of {id, embedding}: the passages and their stored vectors
// A passage's own vector is at cosine 1 from it, so an index that holds it and can reach it returns it
// first (or among passages of the same text, which tie with it: `lowest` is the k-th score).
// db.index.vector.queryNodes takes the index's name as a parameter, so this one text runs against any
// GEORISK_VECTOR_INDEX and on Neo4j 5.26 too (SEARCH writes the name into the text); on 2026 it reads the
// same index as SEARCH does.
UNWIND $rows AS row
CALL (row) {
  CALL db.index.vector.queryNodes($vector_index, $k, row.embedding) YIELD node, score
  RETURN collect(node.id) AS nearest, min(score) AS lowest
}
RETURN row.id AS id, nearest, lowest
