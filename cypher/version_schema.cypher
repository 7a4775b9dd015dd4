// version_schema: the constraint and indexes of incident versions (the dated pages of an incident); idempotent.
// access: write
CREATE CONSTRAINT incident_version_id IF NOT EXISTS FOR (v:IncidentVersion) REQUIRE v.id IS UNIQUE;
CREATE INDEX incident_version_document IF NOT EXISTS FOR (v:IncidentVersion) ON (v.document_id);
CREATE INDEX version_chunk_id IF NOT EXISTS FOR (c:VersionChunk) ON (c.id);
CREATE INDEX version_chunk_text_hash IF NOT EXISTS FOR (c:VersionChunk) ON (c.text_hash);
CALL db.awaitIndexes(300)
