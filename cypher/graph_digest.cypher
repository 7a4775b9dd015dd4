// graph_digest: every document, scope, chunk, mention, incident version and version passage as one line of text each, to tell whether two ingestions wrote the same graph (georisk counts --digest).
// access: read
// One row per item: part names what it is, line holds its ids, content hash or text, and its
// properties; the caller sorts and hashes the lines of each part. Embeddings are left out: two runs
// on other hardware or in other batches differ in their last float bits (the tests compare them
// within a tolerance).
CALL () {
  MATCH (d:Document)
  RETURN 'documents' AS part, d.id + ' ' + coalesce(d.content_hash, '') + ' ' + coalesce(d.doc_type, '') AS line
  UNION ALL
  MATCH (d:Document)-[r:APPLIES_TO]->(p:Place)
  RETURN 'scopes' AS part, d.id + ' ' + p.id + ' ' + coalesce(r.basis, '') AS line
  UNION ALL
  MATCH (d:Document)-[:HAS_CHUNK]->(c:Chunk)
  RETURN 'chunks' AS part, c.id + ' ' + d.id + ' ' + coalesce(c.state, '-') + ' ' + coalesce(c.county, '-') + ' '
         + coalesce(c.locality, '-') + ' ' + coalesce(c.doc_type, '-') + ' ' + c.text AS line
  UNION ALL
  MATCH (c:Chunk)-[m:MENTIONS]->(p:Place)
  RETURN 'mentions' AS part, c.id + ' ' + p.id + ' ' + toString(m.start) + ' ' + toString(m.end) + ' ' + m.surface AS line
  UNION ALL
  MATCH (v:IncidentVersion)
  OPTIONAL MATCH (v)-[:VERSION_OF]->(d:Document)
  RETURN 'versions' AS part, v.id + ' ' + coalesce(d.id, '-') + ' ' + coalesce(v.content_hash, '') + ' '
         + coalesce(toString(v.valid_from), '-') + ' ' + coalesce(toString(v.valid_to), '-') AS line
  UNION ALL
  MATCH (v:IncidentVersion)-[:HAS_CHUNK]->(c:VersionChunk)
  RETURN 'version passages' AS part, c.id + ' ' + v.id + ' ' + c.text AS line
}
RETURN part, line
