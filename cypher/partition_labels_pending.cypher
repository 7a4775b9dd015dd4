// partition_labels_pending: give up to $limit passages of one state their partition label, ChunkIn_<state id>, which a graph stored before partitions lacks; returns how many (fewer than $limit: none are left).
// access: write
// param: limit   how many passages at most, one transaction
// chunk_filters.cypher sets the label as passages are written; this is the migration of a stored graph.
CYPHER 25
MATCH (c:Chunk) WHERE c.state IS NOT NULL AND NOT ('ChunkIn_' + c.state) IN labels(c)
WITH c LIMIT $limit
SET c:$('ChunkIn_' + c.state)
RETURN count(c) AS labelled
