// text_candidates: the full-text candidates and scores of a question (cypher/retrieve.cypher and retrieve_5.cypher).
// Takes wide and nearest (the vector index's candidates); returns wide, worded_all and worded_scope (each hit
// {c, score} with its score as a share of the best: the features bm25_all and bm25_scope) and vector_hits (the
// nearest passages, those naming the question's incident, and the `pool` passages the full-text index ranks first).
// the full-text index's scores for the question's words, over the whole corpus and inside the question
// places' scope, each as a share of the best: the features bm25_all and bm25_scope
CALL () {
  OPTIONAL CALL () {
    WITH $question.words_query AS text WHERE text IS NOT NULL
    CALL db.index.fulltext.queryNodes('passage_words', text, {limit: 500}) YIELD node, score
    RETURN collect({c: node, score: score}) AS hits
  }
  WITH coalesce(hits, []) AS hits
  WITH hits, reduce(top = 0.0, h IN hits | CASE WHEN h.score > top THEN h.score ELSE top END) AS top
  RETURN [h IN hits | {c: h.c, score: h.score / top}] AS worded_all
}
CALL () {
  OPTIONAL CALL () {
    WITH $question.scope_query AS text WHERE text IS NOT NULL
    CALL db.index.fulltext.queryNodes('passage_scope_words', text, {limit: 200}) YIELD node, score
    RETURN collect({c: node, score: score}) AS hits
  }
  WITH coalesce(hits, []) AS hits
  WITH hits, reduce(top = 0.0, h IN hits | CASE WHEN h.score > top THEN h.score ELSE top END) AS top
  RETURN [h IN hits | {c: h.c, score: h.score / top}] AS worded_scope
}
CALL () {
  // passages naming the incident, and the passages of documents whose title names it (a report
  // titled "High Lonesome Fire" often says only "the fire"); the `pool` passages the full-text index
  // ranks first for the question's words (BM25) join them, beside the vector index's: an approximate
  // vector search can miss the passage that uses the question's own words
  CALL () {
    WITH $question.entity_query AS text WHERE text IS NOT NULL
    CALL db.index.fulltext.queryNodes('passage_words', text, {limit: 200}) YIELD node
    RETURN node AS c
    UNION
    WITH $question.title_query AS text WHERE text IS NOT NULL
    CALL db.index.fulltext.queryNodes('document_title', text, {limit: 50}) YIELD node
    MATCH (node)-[:HAS_CHUNK]->(c:Chunk)
    RETURN c
  }
  RETURN collect(c) AS named
}
WITH wide, worded_all, worded_scope, nearest + named + [h IN worded_all[..$pool] | h.c] AS vector_hits
