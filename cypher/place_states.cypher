// place_states: the states (and territories, and the federal district) each of some places lies in or is, by administrative containment.
// access: read
// param: ids   place ids
// param: geo   the level lists (georisk_graph.geo.cypher_levels), filled in by the client
// What retrieve.cypher reads as a question place's `states`: the retriever asks once per place which states'
// own vector indexes the query must name (geographic_searches.cypher).
UNWIND $ids AS id
MATCH (q:Place {id: id})
RETURN id, COLLECT { MATCH (q)/* include: ancestors */(s:Place) WHERE s.level IN $geo.states RETURN DISTINCT s.id } AS states
