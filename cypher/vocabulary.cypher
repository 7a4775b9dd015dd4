// vocabulary: every term the stored passages hold, with the number of passages holding it (its document frequency), and the number of passages.
// access: read
// A question's words weigh by these: a term that most passages hold ("fire") says little about which
// passage answers; one that few hold says much. Terms are stems (georisk_graph.analysis).
CALL () { MATCH (c:Chunk) RETURN count(c) AS passages }
CALL () {
  MATCH (c:Chunk) WHERE c.terms IS NOT NULL
  UNWIND c.terms AS term
  RETURN term, count(*) AS df
}
RETURN passages, collect({term: term, df: df}) AS terms
