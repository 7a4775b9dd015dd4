// chunk_sentences_pending: passages stored without their sentences (a graph ingested before passages kept them), a batch at a time.
// access: read
// param: limit   how many to return
// A passage's sentences (georisk_graph.analysis.sentence_spans of its text), each with its own embedding,
// let retrieve.cypher match a passage by its best sentence; `georisk ingest` gives them to the passages
// stored before.
MATCH (c:Chunk)
WHERE NOT EXISTS { (c)-[:HAS_SENTENCE]->(:Sentence) }
RETURN c.id AS id, c.text AS text
LIMIT $limit
