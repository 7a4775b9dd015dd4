// bench_two_searches: the least a question with a place asks of the vector index, as one query: the unfiltered search of the pool and one filtered search of the place's state (the retrieval benchmark's floor for any design that keeps both).
// access: read
// param: embedding      the question's embedding
// param: pool           how many candidates the unfiltered search takes
// param: geo_pool       how many candidates the filtered search takes
// param: question       the question map retrieve.cypher takes (its places are used)
// param: geo            the level lists (georisk_graph.geo.cypher_levels), filled in by the client
// Returns how many passages each search found, nothing else: what the searches cost, without the
// geography, the ranking or the result retrieve.cypher adds to them.
CYPHER 25
CALL () {
  MATCH (c:Chunk)
    SEARCH c IN (VECTOR INDEX chunk_embedding FOR $embedding LIMIT $pool) SCORE AS score
  RETURN count(c) AS nearest
}
CALL () {
  UNWIND $question.places AS place_id
  MATCH (q:Place {id: place_id})
  WITH COLLECT { MATCH (q)/* include: ancestors */(s:Place) WHERE s.level IN $geo.states RETURN DISTINCT s.id } AS states
  MATCH (c:Chunk)
    SEARCH c IN (VECTOR INDEX chunk_embedding FOR $embedding WHERE c.state IN states LIMIT $geo_pool) SCORE AS score
  RETURN count(c) AS in_state
}
RETURN nearest, in_state
