// ingest_documents: replace a batch of documents with their chunks, embeddings, scopes and place mentions, in one transaction.
// access: write
// param: documents  list of {id, hash, props, scope: [{place, basis}]}
// param: chunks     list of {id, document, props, embedding}
// param: links      list of {from, to}: consecutive chunk ids of a document
// param: mentions   list of {chunk, place, surface, start, end, confidence, method}; offsets are within the chunk text
// param: sentences  list of {id, chunk, position, start, end, embedding, kind, kind_share, kind_model}: each
//                   chunk's sentences, offsets within the chunk text, each with its own embedding (a passage is
//                   matched by its best sentence) and the kind of statement it makes, its share and the digest
//                   of the model that read it (georisk_graph.statements)
// Re-ingesting a document deletes its old chunks first, so nothing is ever duplicated; the whole batch
// commits or none of it does, so an interrupted run leaves no half-written document behind.
UNWIND $documents AS doc
MATCH (:Document {id: doc.id})-[:HAS_CHUNK]->(old:Chunk)
OPTIONAL MATCH (old)-[:HAS_SENTENCE]->(sentence:Sentence)
DETACH DELETE sentence, old;
UNWIND $documents AS doc
MERGE (d:Document {id: doc.id})
SET d += doc.props, d.content_hash = doc.hash
WITH d, doc
OPTIONAL MATCH (d)-[stale:APPLIES_TO]->(:Place)
DELETE stale
WITH DISTINCT d, doc
UNWIND doc.scope AS scope
MATCH (p:Place {id: scope.place})
MERGE (d)-[r:APPLIES_TO]->(p)
SET r.basis = scope.basis;
UNWIND $chunks AS chunk
MATCH (d:Document {id: chunk.document})
CREATE (d)-[:HAS_CHUNK]->(c:Chunk {id: chunk.id})
SET c += chunk.props
WITH c, chunk
CALL db.create.setNodeVectorProperty(c, 'embedding', chunk.embedding);
UNWIND $links AS link
MATCH (a:Chunk {id: link.from}), (b:Chunk {id: link.to})
CREATE (a)-[:NEXT]->(b);
UNWIND $mentions AS m
MATCH (c:Chunk {id: m.chunk}), (p:Place {id: m.place})
CREATE (c)-[:MENTIONS {surface: m.surface, start: m.start, end: m.end, confidence: m.confidence, method: m.method}]->(p);
UNWIND $sentences AS sentence
MATCH (c:Chunk {id: sentence.chunk})
// MERGE: a sentence left behind by a chunk deleted by hand is taken over, not a second node of its id
MERGE (s:Sentence {id: sentence.id})
SET s.position = sentence.position, s.start = sentence.start, s.end = sentence.end, s.kind = sentence.kind,
    s.kind_share = sentence.kind_share, s.kind_model = sentence.kind_model
MERGE (c)-[:HAS_SENTENCE]->(s)
WITH s, sentence
CALL db.create.setNodeVectorProperty(s, 'embedding', sentence.embedding)
