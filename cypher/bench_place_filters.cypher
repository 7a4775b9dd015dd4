// bench_place_filters: for some places, the states and counties they lie in or are, and their level: what retrieve.cypher's geographic searches filter on for a question place (geographic_searches.cypher).
// access: read
// param: ids   place ids
// param: geo   the level lists (georisk_graph.geo.cypher_levels), filled in by the client
UNWIND $ids AS id
MATCH (q:Place {id: id})
RETURN id, q.level AS level,
       COLLECT { MATCH (q)/* include: ancestors */(s:Place) WHERE s.level IN $geo.states RETURN DISTINCT s.id } AS states,
       COLLECT { MATCH (q)/* include: ancestors */(k:Place {level: $geo.county}) RETURN DISTINCT k.id } AS counties
