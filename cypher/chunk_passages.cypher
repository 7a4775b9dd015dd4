// chunk_passages: the given chunks, in the order given, with their text, document, dates and places (document scope first, then the places the text mentions).
// access: read
// param: chunk_ids  ids of Chunk nodes, e.g. the hits of a vector search, or of VersionChunk nodes (the
//                   passages of an incident's dated version: their document is the incident's)
//
// The places are the same ones cypher/retrieve.cypher gives a passage, so a baseline's passages carry
// the geography GeoRisk would see. A version's passage has its document's scope and its own dates.
// Unknown ids are skipped.
UNWIND range(0, size($chunk_ids) - 1) AS position
CALL (position) {
  MATCH (d:Document)-[:HAS_CHUNK]->(c:Chunk {id: $chunk_ids[position]})
  RETURN c, d, d AS dated
  UNION
  MATCH (d:Document)<-[:VERSION_OF]-(v:IncidentVersion)-[:HAS_CHUNK]->(c:VersionChunk {id: $chunk_ids[position]})
  RETURN c, d, v AS dated
}
// include: passage_places
RETURN position,
       c.id AS chunk_id,
       c.text AS text,
       d.id AS document_id,
       d.title AS title,
       d.source AS source,
       d.url AS url,
       d.doc_type AS doc_type,
       dated.published AS published,
       dated.valid_from AS valid_from,
       dated.valid_to AS valid_to,
       [p IN scope | p {.id, .name, .level}] + [p IN mentioned WHERE NOT p IN scope | p {.id, .name, .level}] AS places
ORDER BY position
