// unknown_compounds: the noun compounds of a question that no passage uses. A question about a "heat dome"
// or a "rip current" is not answered by passages that hold "heat" and "current" apart: the thing it asks
// about is the compound, and a corpus that never names it says nothing about it.
// access: read
// param: batch   {pairs}: one map, so one plan serves every batch (see retrieve.cypher)
//   pairs: [{first, second}]: a compound's two words, lower-case letters only ("heat", "dome")
//
// A compound counts as known when some passage holds its first word (or a longer form of it) right
// before its second (or a longer form: "snow loads"), apart by spaces or a hyphen. The full-text index
// finds the passages holding both words; the adjacency is checked on their text, at most 200 per pair.
UNWIND $batch.pairs AS p
CALL (p) {
  CALL db.index.fulltext.queryNodes('chunk_text', '+' + p.first + '* +' + p.second + '*', {limit: 200})
    YIELD node
  WITH node WHERE toLower(node.text) =~ ('(?s).*\\b' + p.first + '\\w*[\\s-]+' + p.second + '.*')
  RETURN count(node) AS uses
}
WITH p WHERE uses = 0
RETURN collect([p.first, p.second]) AS unknown
