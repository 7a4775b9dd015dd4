// unknown_words: the words of a question that no passage uses. A question about a thing the corpus never
// names ("radon", "frostbite") cannot be answered from it, however similar some passage reads.
// access: read
// param: words   [{word, stem}]: a question's topic word as written and its stem, lower-case letters only
//
// A word counts as known when some passage holds it, or a word starting with its stem ("mask" for
// "masks"), in the chunk full-text index. One index probe per word, each stopping at the first hit.
UNWIND $words AS w
CALL (w) {
  CALL db.index.fulltext.queryNodes('chunk_text', w.word + ' OR ' + w.stem + '*', {limit: 1}) YIELD node
  RETURN count(node) AS uses
}
WITH w WHERE uses = 0
RETURN collect(w.word) AS unknown
