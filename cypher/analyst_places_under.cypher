// analyst_places_under: the places inside a place through administrative containment, nearest first, optionally only some levels.
// access: read
// param: place   id of the containing place, e.g. 'Q485276' (Spokane County, Washington)
// param: levels  optional list of levels to keep, e.g. ['place', 'cdp']; null keeps every level
//
// Containment is a DAG, so a place can lie under the same ancestor by several paths (a city in two
// counties); `hops` is the shortest of them. Forests, parks, tribal areas and wildfires hang under
// places by non-administrative edges and are left out, as in the delta query.
// In Neo4j Browser: :param place => 'Q485276'  and  :param levels => null
MATCH (root:Place {id: $place})
MATCH down = (p:Place)-[rels:LOCATED_IN*1..8]->(root)
WHERE all(r IN rels WHERE r.administrative)
  AND ($levels IS NULL OR p.level IN $levels)
WITH p, min(length(down)) AS hops
RETURN p.id AS id, p.name AS name, p.level AS level, p.state_usps AS state, hops, p.population AS population
ORDER BY hops, coalesce(p.population, -1) DESC, name
