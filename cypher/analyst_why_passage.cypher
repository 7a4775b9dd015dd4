// analyst_why_passage: why a passage would be answered, warned or abstained for a question about a place: delta, common ancestor, path, relation and decision, per chunk.
// access: read
// param: place             id of the question's place, e.g. 'Q187805' (Spokane, Washington)
// param: chunk             optional id of one chunk (give a chunk or a document)
// param: document          optional id of a document: every chunk of it (give a chunk or a document)
// param: include_overlaps  optional boolean; true also follows the looser links of forests, parks, tribal areas and wildfires (default false)
//
// The same geography as retrieval (cypher/retrieve.cypher): a passage's places are its document's
// scope (APPLIES_TO) and the places its text mentions; it takes the smallest delta among them, ties
// broken as in cypher/delta.cypher. Decision for the passage alone: exact -> answer; broader or
// narrower -> warn (naming the scope); different place or no connected place -> abstain. Topical
// relevance (cosine similarity to a question) is not part of this query: it explains geography only.
MATCH (q:Place {id: $place})
CALL () {
  MATCH (d:Document)-[:HAS_CHUNK]->(c:Chunk {id: $chunk})
  RETURN d, c
  UNION
  MATCH (d:Document {id: $document})-[:HAS_CHUNK]->(c:Chunk)
  RETURN d, c
}
CALL (q) {
  MATCH up = (q)-[rels:LOCATED_IN*0..8]->(a:Place)
  WHERE coalesce($include_overlaps, false) OR all(r IN rels WHERE r.administrative)
  WITH a, up ORDER BY length(up)
  WITH a, collect(up)[0] AS shortest
  RETURN collect({ancestor: a, hops: length(shortest), nodes: nodes(shortest)}) AS q_ancestors
}
// include: passage_places
OPTIONAL CALL (scope, mentioned, q_ancestors) {
  UNWIND scope + mentioned AS t
  MATCH up = (t)-[rels:LOCATED_IN*0..8]->(a:Place)
  WHERE coalesce($include_overlaps, false) OR all(r IN rels WHERE r.administrative)
  WITH t, a, up, q_ancestors ORDER BY length(up)
  WITH t, a, collect(up)[0] AS shortest, q_ancestors
  UNWIND q_ancestors AS qa
  WITH t, a, shortest, qa WHERE qa.ancestor = a
  WITH t, a, qa.hops AS i_q, length(shortest) AS i_t, qa.nodes AS q_side, nodes(shortest) AS t_side
  // include: delta_order
  RETURN t AS evidence, a AS lca, i_q, i_t, q_side + reverse(t_side)[1..] AS path
}
WITH q, d, c, scope, mentioned, evidence, lca, i_q, i_t, path,
     CASE
       // include: relation_cases
     END AS relation
WITH q, d, c, scope, mentioned, evidence, lca, i_q, i_t, relation,
     reduce(text = '', n IN path | text + CASE WHEN text = '' THEN '' ELSE ' → ' END + n.name) AS path
RETURN c.id AS chunk, c.index AS chunk_index, d.id AS document, d.title AS title,
       q.name + ' (' + q.level + ')' AS question_place,
       [p IN scope | p.name + ' (' + p.level + ')'] AS scope,
       [p IN mentioned WHERE NOT p IN scope | p.name + ' (' + p.level + ')'] AS mentioned,
       evidence.name + ' (' + evidence.level + ')' AS evidence_place,
       i_q + i_t AS delta, i_q, i_t, relation,
       lca.name + ' (' + lca.level + ')' AS common_ancestor,
       path,
       CASE relation WHEN 'exact' THEN 'answer' WHEN 'broader' THEN 'warn' WHEN 'narrower' THEN 'warn'
                     ELSE 'abstain' END AS decision,
       CASE relation
         WHEN 'exact' THEN 'The passage is about ' + q.name + ' itself.'
         WHEN 'broader' THEN 'The passage covers ' + evidence.name + ' (' + evidence.level + '), which contains '
                             + q.name + ' (' + path + '): answered with a warning that ' + q.name
                             + ' may have its own, stricter local rules.'
         WHEN 'narrower' THEN 'The passage is specific to ' + evidence.name + ' (' + evidence.level + '), inside '
                              + q.name + ' (' + path + '): answered with a warning that other parts of '
                              + q.name + ' may differ.'
         WHEN 'different' THEN 'The passage is about ' + evidence.name + ' (' + evidence.level + '), not '
                               + q.name + '; they share only ' + lca.name + ' (' + path + '): abstain.'
         ELSE 'The passage names no place connected to ' + q.name + ': abstain.'
       END AS reason
ORDER BY document, chunk_index
