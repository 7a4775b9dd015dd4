// chunk_sentences: store the sentences of some passages, each with its embedding; idempotent.
// access: write
// param: chunks     ids of the passages whose sentences these are (their old sentences are replaced)
// param: sentences  list of {id, chunk, position, start, end, embedding}: offsets within the passage's text
UNWIND $chunks AS chunk_id
MATCH (:Chunk {id: chunk_id})-[:HAS_SENTENCE]->(old:Sentence)
DETACH DELETE old;
UNWIND $sentences AS sentence
MATCH (c:Chunk {id: sentence.chunk})
CREATE (c)-[:HAS_SENTENCE]->(s:Sentence {id: sentence.id, position: sentence.position, start: sentence.start,
                                         end: sentence.end})
WITH s, sentence
CALL db.create.setNodeVectorProperty(s, 'embedding', sentence.embedding)
