// places_by_id: the id, name and level of each given place that is in the graph.
// access: read
// param: ids   list of place ids
UNWIND $ids AS id
MATCH (p:Place {id: id})
RETURN p.id AS id, p.name AS name, p.level AS level
