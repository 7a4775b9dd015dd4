// geographic_searches: the nearest passages inside a question place's state, its county, and about the place itself, of each kind of document that can answer.
// Takes q (the question place), here (its id), states and counties (the ids of the state and county it
// lies in or is) and $question.doc_kinds, $embedding, $geo_pool, $geo_search and $partitions (the states
// whose own vector index the query text searches, written once per state between the partition lines:
// queries.NamedQuery.for_partitions); returns c, each passage found once (the searches are joined by UNION).
// One search per level and kind of document: a state's fire reports (3,950 passages in California) must
// not fill the nearest places and crowd out its rules (43 statute passages), nor the reverse.
// A state with its own index (label ChunkIn_<state>, cypher/partition_index.cypher) is searched there: a
// small graph of that state's passages alone, where the county and the place are filters of a few in a
// hundred, not of one in a thousand of the whole index. Each search there takes the nearest $geo_search and
// keeps the first $geo_pool, so that an approximate search's misses fall outside what is kept.
// A state without one (a graph stored before partitions, until `georisk schema apply`) is searched with a
// filter of the whole index, chunk_embedding. SEARCH names its index in the text.
WITH [s IN states WHERE NOT s IN $partitions] AS unpartitioned WHERE size(unpartitioned) > 0
UNWIND $question.doc_kinds AS types
MATCH (c:Chunk)
  SEARCH c IN (VECTOR INDEX chunk_embedding FOR $embedding WHERE c.state IN unpartitioned AND c.doc_type IN types LIMIT $geo_pool) SCORE AS score
RETURN c
UNION
WITH states, counties WHERE size(counties) > 0 AND none(s IN states WHERE s IN $partitions)
UNWIND $question.doc_kinds AS types
MATCH (c:Chunk)
  SEARCH c IN (VECTOR INDEX chunk_embedding FOR $embedding WHERE c.county IN counties AND c.doc_type IN types LIMIT $geo_pool) SCORE AS score
RETURN c
UNION
WITH q, here, states WHERE NOT q.level IN $geo.wide AND q.level <> $geo.county AND none(s IN states WHERE s IN $partitions)
UNWIND $question.doc_kinds AS types
MATCH (c:Chunk)
  SEARCH c IN (VECTOR INDEX chunk_embedding FOR $embedding WHERE c.locality = here AND c.doc_type IN types LIMIT $geo_pool) SCORE AS score
RETURN c
// for each partition
UNION
WITH states WHERE $partition IN states
UNWIND $question.doc_kinds AS types
CALL (types) {
  MATCH (c:Chunk)
    SEARCH c IN (VECTOR INDEX chunk_embedding_in_PARTITION FOR $embedding WHERE c.doc_type IN types LIMIT $geo_search) SCORE AS score
  WITH c ORDER BY score DESC LIMIT $geo_pool
  RETURN c
}
RETURN c
UNION
WITH states, counties WHERE $partition IN states AND size(counties) > 0
UNWIND $question.doc_kinds AS types
CALL (types, counties) {
  MATCH (c:Chunk)
    SEARCH c IN (VECTOR INDEX chunk_embedding_in_PARTITION FOR $embedding WHERE c.county IN counties AND c.doc_type IN types LIMIT $geo_search) SCORE AS score
  WITH c ORDER BY score DESC LIMIT $geo_pool
  RETURN c
}
RETURN c
UNION
WITH q, here, states WHERE $partition IN states AND NOT q.level IN $geo.wide AND q.level <> $geo.county
UNWIND $question.doc_kinds AS types
CALL (types, here) {
  MATCH (c:Chunk)
    SEARCH c IN (VECTOR INDEX chunk_embedding_in_PARTITION FOR $embedding WHERE c.locality = here AND c.doc_type IN types LIMIT $geo_search) SCORE AS score
  WITH c ORDER BY score DESC LIMIT $geo_pool
  RETURN c
}
RETURN c
// end for each partition
