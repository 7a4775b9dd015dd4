// state_ids: the ids of the places at a state's level (states, territories, the federal district): the states a passage's partition label (ChunkIn_<state id>) can name.
// access: read
// param: geo   the level lists (georisk_graph.geo.cypher_levels), filled in by the client
MATCH (s:Place) WHERE s.level IN $geo.states
RETURN s.id AS id
