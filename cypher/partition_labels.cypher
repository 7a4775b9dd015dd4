// partition_labels: the states some passage carries the partition label of (ChunkIn_<state id>, set by chunk_filters.cypher).
// access: read
CALL db.labels() YIELD label
WITH label WHERE label STARTS WITH 'ChunkIn_'
RETURN substring(label, 8) AS partition
