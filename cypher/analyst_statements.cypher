// analyst_statements: the sentences of one kind (a definition, a rule, a penalty, what a fire did, ...) in the documents that apply to a place or to a place containing it, the likeliest first.
// access: read
// param: kind   the kind of statement: definition, rule, penalty, power, event, figure, date, location, cause, contact, background or heading
// param: place  optional id of the place, e.g. 'Q1223' (Washington): the documents that apply to it or to a place containing it (null for every document)
// param: limit  how many sentences, e.g. 20
//
// Each stored sentence's kind is read at ingestion by the statement-kind model (georisk_graph/statements.py);
// `kind_share` is its share among the kinds, so the first rows are the clearest.
MATCH (d:Document)-[:HAS_CHUNK]->(c:Chunk)-[:HAS_SENTENCE]->(s:Sentence {kind: $kind})
WHERE $place IS NULL OR EXISTS {
  MATCH (:Place {id: $place})-[rels:LOCATED_IN*0..8]->(:Place)<-[:APPLIES_TO]-(d)
  WHERE all(r IN rels WHERE r.administrative)
}
RETURN d.title AS document, d.id AS document_id, substring(c.text, s.start, s.end - s.start) AS sentence,
       s.kind_share AS share
ORDER BY share DESC, document, sentence
LIMIT $limit
