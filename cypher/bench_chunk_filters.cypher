// bench_chunk_filters: every chunk's id with the filter properties it is searched by (state, county, locality, document type); only ever run in the retrieval benchmark's throwaway database, to compute exact search of each jurisdiction.
// access: read
MATCH (c:Chunk)
RETURN c.id AS id, c.state AS state, c.county AS county, c.locality AS locality, c.doc_type AS doc_type
