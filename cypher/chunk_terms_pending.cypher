// chunk_terms_pending: passages stored without their terms (a graph ingested before passages kept them), a batch at a time.
// access: read
// param: limit   how many to return
// A passage's terms are the stems of the content words of its document's title and its text
// (georisk_graph.analysis.term_set), which retrieve.cypher compares with a question's terms.
MATCH (d:Document)-[:HAS_CHUNK]->(c:Chunk)
WHERE c.terms IS NULL
RETURN c.id AS id, d.title AS title, c.text AS text
LIMIT $limit
