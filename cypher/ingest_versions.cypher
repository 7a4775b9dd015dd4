// ingest_versions: replace a batch of dated incident versions with their passages, in one transaction.
// access: write
// param: versions  list of {id, document, hash, props}: props hold title, text dates and status fields
// param: chunks    list of {id, version, props, embedding}
//
// A version is (:IncidentVersion)-[:VERSION_OF]->(:Document) (the incident's document, its latest
// version) with (:IncidentVersion)-[:HAS_CHUNK]->(:VersionChunk). Version passages are not :Chunk,
// so they never compete with the present in the chunk vector index; they are read by date
// (cypher/versions_on.cypher). Re-ingesting a version deletes its old passages first.
UNWIND $versions AS version
MATCH (:IncidentVersion {id: version.id})-[:HAS_CHUNK]->(old:VersionChunk)
DETACH DELETE old;
UNWIND $versions AS version
MERGE (v:IncidentVersion {id: version.id})
SET v += version.props, v.content_hash = version.hash, v.document_id = version.document
WITH v, version
OPTIONAL MATCH (v)-[stale:VERSION_OF]->()
DELETE stale
WITH DISTINCT v, version
OPTIONAL MATCH (d:Document {id: version.document})
FOREACH (_ IN CASE WHEN d IS NULL THEN [] ELSE [1] END | MERGE (v)-[:VERSION_OF]->(d));
UNWIND $chunks AS chunk
MATCH (v:IncidentVersion {id: chunk.version})
CREATE (v)-[:HAS_CHUNK]->(c:VersionChunk {id: chunk.id})
SET c += chunk.props
WITH c, chunk
CALL db.create.setNodeVectorProperty(c, 'embedding', chunk.embedding)
