// sentence_kinds_pending: sentences stored without the kind of statement they make, or with one another model read
// (a graph ingested before sentences kept it, or before the model was refitted), a batch at a time, with their text
// and embedding.
// access: read
// param: limit   how many to return
// param: model   the digest of the statement-kind model in use (georisk_graph.statements.StatementReader.version)
MATCH (c:Chunk)-[:HAS_SENTENCE]->(s:Sentence)
WHERE s.kind IS NULL OR s.kind_model IS NULL OR s.kind_model <> $model
RETURN s.id AS id, substring(c.text, s.start, s.end - s.start) AS text, s.embedding AS embedding
LIMIT $limit
