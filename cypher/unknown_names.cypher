// unknown_names: the names of things a question asks about that no passage uses. "What are the Leave No
// Trace rules for campfires?" asks about a programme the documents never name; passages on campfires
// read like the question and say nothing about it.
// access: read
// param: batch   {names}: one map, so one plan serves every batch (see retrieve.cypher)
//   names: [{name, forms}]: a name as lower-case words separated by single spaces ("leave no trace"), and
//                its forms to look for, the same words with the last one singular or plural too
//                (["incident management teams", "incident management team"])
//
// A name counts as known when the chunk full-text index holds one of its forms as a phrase (its words in
// order, as the index's analyzer splits them). One probe per name, stopping at the first hit.
UNWIND $batch.names AS n
CALL (n) {
  CALL db.index.fulltext.queryNodes('chunk_text', reduce(q = '', f IN n.forms | q + CASE q WHEN '' THEN '' ELSE ' OR ' END
                                                         + '"' + f + '"'), {limit: 1}) YIELD node
  RETURN count(node) AS uses
}
WITH n WHERE uses = 0
RETURN collect(n.name) AS unknown
