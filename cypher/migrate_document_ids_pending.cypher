// migrate_document_ids_pending: documents that may still carry an id of the scheme before ids were namespaced by source.
// access: read
// param: sources   the sources whose ids changed: ["statute", "jsonl", "file"]
// A statute or JSON Lines id without its "<source>:" prefix is old. Every file document is returned:
// an old file id holds a relative path after "file:", a new one an absolute path, which the caller tells apart.
MATCH (d:Document)
WHERE d.source IN $sources AND (d.source = 'file' OR NOT d.id STARTS WITH d.source + ':')
RETURN d.id AS id, d.source AS source
ORDER BY id
