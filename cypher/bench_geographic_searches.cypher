// bench_geographic_searches: the filtered vector searches retrieve.cypher runs for a question's places, alone: how many passages they find (the retrieval benchmark times them apart from the rest of the query).
// access: read
// param: embedding      the question's embedding
// param: geo_pool       how many candidates each search takes
// param: geo_search     how many candidates each search of a state's own index looks through
// param: partitions     the states whose own vector index the text searches (queries.NamedQuery.for_partitions)
// param: question       the question map retrieve.cypher takes (its places and doc_kinds are used)
// param: geo            the level lists (georisk_graph.geo.cypher_levels), filled in by the client
CYPHER 25
UNWIND $question.places AS place_id
MATCH (q:Place {id: place_id})
WITH q, q.id AS here,
     COLLECT { MATCH (q)/* include: ancestors */(s:Place) WHERE s.level IN $geo.states RETURN DISTINCT s.id } AS states,
     COLLECT { MATCH (q)/* include: ancestors */(k:Place {level: $geo.county}) RETURN DISTINCT k.id } AS counties
CALL (q, here, states, counties) {
  // include: geographic_searches
}
RETURN collect(c.id) AS found
