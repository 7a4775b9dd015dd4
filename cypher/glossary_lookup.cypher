// glossary_lookup: the term a question asks to define (by its key: its words as the reader stems them) and the passages that spell it out, most like the question first.
// access: read
// param: keys       the keys to look up, e.g. ['seat'] for "What is a SEAT?"
// param: embedding  the question's embedding
// param: limit      passages per term
// A document's own passage comes before an incident's earlier version that spells the term out the same way.
MATCH (t:Term)-[d:DEFINED_IN]->(c)
WHERE t.key IN $keys
MATCH (doc:Document {id: c.document_id})
WITH t, d, c, doc, 2 * vector.similarity.cosine(c.embedding, $embedding) - 1 AS cosine
ORDER BY CASE WHEN c:Chunk THEN 0 ELSE 1 END, cosine DESC
WITH t, collect({chunk_id: c.id, document_id: doc.id, title: doc.title, text: c.text, source: doc.source,
                 url: doc.url, cosine: cosine, doc_type: doc.doc_type, published: doc.published,
                 valid_from: doc.valid_from, valid_to: doc.valid_to, start: d.start,
                 places: [(doc)-[:APPLIES_TO]->(p:Place) | {id: p.id, name: p.name, level: p.level}]})[..$limit] AS passages
RETURN t.name AS name, t.expansion AS expansion, t.key AS key, t.passages AS count, passages
