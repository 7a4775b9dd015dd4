// ingested_versions: the dated versions of the given documents with their passages as stored, to compare two ingestions of the same documents.
// access: read
// param: ids  list of document ids
// One row per version passage; linked is the document the version is VERSION_OF (null if none).
UNWIND $ids AS id
MATCH (v:IncidentVersion {document_id: id})-[:HAS_CHUNK]->(c:VersionChunk)
OPTIONAL MATCH (v)-[:VERSION_OF]->(d:Document)
RETURN v.id AS version, d.id AS linked, v.content_hash AS hash, toString(v.valid_from) AS valid_from,
       toString(v.valid_to) AS valid_to, c.id AS chunk, c.text AS text, c.embedding AS embedding
ORDER BY chunk
