// places_missing: which of the given place ids are not in the graph.
// access: read
// param: ids   list of place ids
UNWIND $ids AS id
OPTIONAL MATCH (p:Place {id: id})
WITH id, p WHERE p IS NULL
RETURN collect(id) AS missing
