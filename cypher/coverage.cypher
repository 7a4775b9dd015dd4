// coverage: per jurisdiction (state or county), how many documents and chunks apply to it or mention a place inside it, by source type.
// access: read
// param: levels   list of jurisdiction levels, e.g. ['state', 'federal_district'] or ['county']
// A document covers a jurisdiction when its scope (APPLIES_TO) is that jurisdiction or a place inside
// it, or when one of its chunks mentions such a place; administrative containment only.
CALL () {
  MATCH (d:Document)-[:APPLIES_TO]->(t:Place)
  RETURN d, t, null AS c, true AS scoped
  UNION ALL
  MATCH (d:Document)-[:HAS_CHUNK]->(c:Chunk)-[:MENTIONS]->(t:Place)
  RETURN d, t, c, false AS scoped
}
MATCH (t)/* include: ancestors */(j:Place)
WHERE j.level IN $levels
WITH j, d.source AS source, count(DISTINCT d) AS documents, count(DISTINCT c) AS chunks,
     count(DISTINCT CASE WHEN scoped THEN d END) AS scoped_documents
RETURN j.id AS id, j.name AS name, j.level AS level, j.state_usps AS state, source,
       documents, scoped_documents, chunks
ORDER BY state, name, source
