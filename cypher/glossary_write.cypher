// glossary_write: the corpus's terms, each with the passages that spell it out (a document's or an incident version's); a rerun replaces a term's links.
// access: write
// param: terms  list of {id, name, expansion, key, passages, defined_in: [{chunk, start}]} (georisk_graph/ingest/glossary.py)
UNWIND $terms AS term
MERGE (t:Term {id: term.id})
SET t.name = term.name, t.expansion = term.expansion, t.key = term.key, t.kind = 'acronym', t.passages = term.passages
WITH t, term
OPTIONAL MATCH (t)-[old:DEFINED_IN]->()
DELETE old
WITH DISTINCT t, term
UNWIND term.defined_in AS defined
CALL (defined) {
  MATCH (c:Chunk {id: defined.chunk}) RETURN c
  UNION
  MATCH (c:VersionChunk {id: defined.chunk}) RETURN c
}
MERGE (t)-[d:DEFINED_IN]->(c)
SET d.start = defined.start
