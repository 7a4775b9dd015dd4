// chunk_sentences: store the sentences of some passages, each with its embedding; idempotent.
// access: write
// param: chunks     ids of the passages whose sentences these are (their old sentences are replaced)
// param: sentences  list of {id, chunk, position, start, end, embedding, kind, kind_share, kind_model}: offsets
//                   within the passage's text; the kind of statement it makes (georisk_graph.statements), its
//                   share and the digest of the model that read it
UNWIND $chunks AS chunk_id
MATCH (:Chunk {id: chunk_id})-[:HAS_SENTENCE]->(old:Sentence)
DETACH DELETE old;
UNWIND $sentences AS sentence
MATCH (c:Chunk {id: sentence.chunk})
// MERGE: a sentence left behind by a chunk deleted by hand is taken over, not a second node of its id
MERGE (s:Sentence {id: sentence.id})
SET s.position = sentence.position, s.start = sentence.start, s.end = sentence.end, s.kind = sentence.kind,
    s.kind_share = sentence.kind_share, s.kind_model = sentence.kind_model
MERGE (c)-[:HAS_SENTENCE]->(s)
WITH s, sentence
CALL db.create.setNodeVectorProperty(s, 'embedding', sentence.embedding)
