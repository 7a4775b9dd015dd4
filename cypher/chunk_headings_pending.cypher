// chunk_headings_pending: give up to $limit chunks stored without a heading (a graph ingested before headings) their document's title as their heading, for the full-text index of passage words; returns how many were given one.
// access: write
// param: limit   how many chunks at most, one batch
MATCH (d:Document)-[:HAS_CHUNK]->(c:Chunk)
WHERE c.heading IS NULL AND d.title IS NOT NULL
WITH c, d LIMIT $limit
SET c.heading = d.title
RETURN count(c) AS given
