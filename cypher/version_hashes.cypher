// version_hashes: the stored content hash of each given incident version id that is already in the graph.
// access: read
// param: ids   list of IncidentVersion ids (<document id>@v<n>)
UNWIND $ids AS id
MATCH (v:IncidentVersion {id: id})
RETURN v.id AS id, v.content_hash AS hash
