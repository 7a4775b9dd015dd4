// ingested_documents: the chunks of the given documents as stored (id, text, embedding) with the places each mentions, to compare two ingestions of the same documents.
// access: read
// param: ids  list of document ids
// One row per chunk; a document stored without chunks has none. Mentions come unordered.
UNWIND $ids AS id
MATCH (d:Document {id: id})-[:HAS_CHUNK]->(c:Chunk)
OPTIONAL MATCH (c)-[m:MENTIONS]->(p:Place)
WITH d, c, collect(CASE WHEN p IS NULL THEN NULL
                        ELSE {place: p.id, surface: m.surface, start: m.start, end: m.end} END) AS mentions
RETURN d.id AS document, d.content_hash AS hash, c.id AS chunk, c.text AS text, c.embedding AS embedding,
       mentions
ORDER BY chunk
