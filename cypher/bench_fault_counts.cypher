// bench_fault_counts: what a run interrupted by a fault left in the graph: documents, chunks, distinct chunk ids, chunks no document holds, and each document's chunk count (to compare with what its text chunks into).
// access: read
CALL () { MATCH (c:Chunk) RETURN count(c) AS chunks, count(DISTINCT c.id) AS ids }
CALL () {
  MATCH (orphan:Chunk) WHERE NOT EXISTS { (:Document)-[:HAS_CHUNK]->(orphan) }
  RETURN count(orphan) AS orphans
}
CALL () {
  MATCH (d:Document)
  RETURN count(d) AS documents, collect(d {.id, chunks: COUNT { (d)-[:HAS_CHUNK]->(:Chunk) }}) AS per_document
}
RETURN documents, chunks, ids, orphans, per_document
