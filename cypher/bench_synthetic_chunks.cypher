// bench_synthetic_chunks: write synthetic documents and chunks for the retrieval benchmark; only ever run in its throwaway database.
// access: write
// param: rows   list of {doc, place, doc_type, chunks: [{id, index, embedding}]}
UNWIND $rows AS row
MATCH (p:Place {id: row.place})
CREATE (d:Document {id: row.doc, title: row.doc, source: 'synthetic', doc_type: row.doc_type})
CREATE (d)-[:APPLIES_TO {basis: 'synthetic'}]->(p)
WITH d, p, row
UNWIND row.chunks AS chunk
CREATE (d)-[:HAS_CHUNK]->(c:Chunk {id: chunk.id, text: chunk.id, document_id: row.doc, source: 'synthetic',
                                    doc_type: row.doc_type, index: chunk.index, terms: []})
CREATE (c)-[:MENTIONS {surface: p.name, start: 0, end: 0, confidence: 1.0, method: 'synthetic'}]->(p)
WITH c, chunk
CALL db.create.setNodeVectorProperty(c, 'embedding', chunk.embedding)
