// chunk_terms: store the terms of some passages (computed by georisk_graph.analysis.term_set); idempotent.
// access: write
// param: rows   list of {id, terms}: a passage's id and its terms
UNWIND $rows AS row
MATCH (c:Chunk {id: row.id})
SET c.terms = row.terms
