// vector_health_held: whether the chunk vector index holds each passage at all, whatever its graph can reach: an exact search inside the index, among the passages of the same place and kind of document.
// access: read
// param: rows    list of {id, embedding, state, county, locality, doc_type}: passages the nearest search missed
// param: limit   the most rows a vector search returns (10,000 on Neo4j 2026.08.1)
// A filtered search whose filter matches no more entries than it is asked for scores each of them (Lucene
// falls back to exact search there), so it returns every entry of the index under that filter, reachable
// through the HNSW graph or not. The filter is the narrowest the passage has: its locality, else its
// county, else its state, else its document's type alone. When `searched` reaches $limit the filter
// matched more than a search returns, and a missing passage says nothing.
// SEARCH names its index in the text (Neo4j takes no parameter there): chunk_embedding, Neo4j 2026.01+.
CYPHER 25
UNWIND $rows AS row
CALL (row) {
  WITH row WHERE row.locality IS NOT NULL
  MATCH (c:Chunk)
    SEARCH c IN (VECTOR INDEX chunk_embedding FOR row.embedding
                 WHERE c.locality = row.locality AND c.doc_type = row.doc_type LIMIT $limit) SCORE AS score
  RETURN collect(c.id) AS held
  UNION ALL
  WITH row WHERE row.locality IS NULL AND row.county IS NOT NULL
  MATCH (c:Chunk)
    SEARCH c IN (VECTOR INDEX chunk_embedding FOR row.embedding
                 WHERE c.county = row.county AND c.doc_type = row.doc_type LIMIT $limit) SCORE AS score
  RETURN collect(c.id) AS held
  UNION ALL
  WITH row WHERE row.locality IS NULL AND row.county IS NULL AND row.state IS NOT NULL
  MATCH (c:Chunk)
    SEARCH c IN (VECTOR INDEX chunk_embedding FOR row.embedding
                 WHERE c.state = row.state AND c.doc_type = row.doc_type LIMIT $limit) SCORE AS score
  RETURN collect(c.id) AS held
  UNION ALL
  WITH row WHERE row.locality IS NULL AND row.county IS NULL AND row.state IS NULL
  MATCH (c:Chunk)
    SEARCH c IN (VECTOR INDEX chunk_embedding FOR row.embedding WHERE c.doc_type = row.doc_type LIMIT $limit) SCORE AS score
  RETURN collect(c.id) AS held
}
WITH row, collect(held) AS found
WITH row, reduce(all = [], ids IN found | all + ids) AS held
RETURN row.id AS id, row.id IN held AS held, size(held) AS searched
