// versions_on: for each incident document, its version valid on a given day and that version's passages most like the question.
// access: read
// param: embedding  the question's embedding
// param: question   one map (one plan serves every question, as in retrieve.cypher):
//   requests        list of {document, day}: an incident document id and a day (YYYY-MM-DD)
//   aspects         regular expressions of what the question asks of the incident (see retrieve.cypher); a
//                   passage matching one goes first; [] for none
// param: per_version  passages returned per version
// param: first_after  true for a question about what happened on the day (not about what was known
//                   then): a document whose first version started after the day gives that version
//
// A version is valid from its valid_from until the next version (its valid_to); the version valid on
// a day is the latest one that started on or before it, so the newest version also stands for the
// days after it was last seen (its valid_to then says how old it is). A document with no version
// that started by the day gives no row (nothing about the incident was known yet), or with
// first_after its first version: the page that first told of the fire tells of its first days.
UNWIND $question.requests AS request
MATCH (v:IncidentVersion {document_id: request.document})
WHERE v.valid_from <= request.day OR $first_after
WITH request, v
  ORDER BY CASE WHEN v.valid_from <= request.day THEN 0 ELSE 1 END,
           CASE WHEN v.valid_from <= request.day THEN v.valid_from END DESC, v.valid_from, v.version DESC
WITH request, head(collect(v)) AS v
MATCH (v)-[:HAS_CHUNK]->(c:VersionChunk)
WITH request, v, c, 2 * vector.similarity.cosine(c.embedding, $embedding) - 1 AS cosine,
     CASE WHEN any(pattern IN $question.aspects WHERE c.text =~ pattern) THEN 1 ELSE 0 END AS speaks
ORDER BY speaks DESC, cosine DESC
WITH request, v, collect({chunk_id: c.id, text: c.text, cosine: cosine, speaks: speaks = 1})[..$per_version] AS passages
RETURN request.document AS document_id, request.day AS day, v.id AS version_id, v.version AS version,
       v.title AS title, v.published AS published, v.valid_from AS valid_from, v.valid_to AS valid_to,
       v.percent_contained AS percent_contained, v.acres AS acres, passages
