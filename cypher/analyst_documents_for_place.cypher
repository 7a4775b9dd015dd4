// analyst_documents_for_place: the documents that bear on a place, with their scope and relation (exact, broader, narrower) and the chunks that mention the place or a place inside it.
// access: read
// param: place  id of the place, e.g. 'Q187805' (Spokane, Washington)
//
// A document's scope is what it APPLIES_TO (a state statute to its state, an incident report to its
// county). Scope on the place itself is exact, on a place containing it broader (a state rule for a
// city question: answered with a warning), on a place inside it narrower. Mentions are looked for on
// the place and the places inside it. Administrative containment only, as in the delta query;
// `hops` is the shortest distance between the place and the scope.
MATCH (q:Place {id: $place})
CALL (q) {
  MATCH up = (q)-[rels:LOCATED_IN*0..8]->(s:Place)
  WHERE all(r IN rels WHERE r.administrative)
  WITH s, min(length(up)) AS hops
  MATCH (s)<-[:APPLIES_TO]-(d:Document)
  RETURN d, s, CASE hops WHEN 0 THEN 'exact' ELSE 'broader' END AS relation, hops, null AS c, null AS m
  UNION
  MATCH down = (q)<-[rels:LOCATED_IN*1..8]-(s:Place)
  WHERE all(r IN rels WHERE r.administrative)
  WITH s, min(length(down)) AS hops
  MATCH (s)<-[:APPLIES_TO]-(d:Document)
  RETURN d, s, 'narrower' AS relation, hops, null AS c, null AS m
  UNION
  MATCH down = (q)<-[rels:LOCATED_IN*0..8]-(m:Place)
  WHERE all(r IN rels WHERE r.administrative)
  WITH DISTINCT m
  MATCH (d:Document)-[:HAS_CHUNK]->(c:Chunk)-[:MENTIONS]->(m)
  RETURN d, null AS s, null AS relation, null AS hops, c, m
}
WITH d,
     collect(DISTINCT CASE WHEN s IS NOT NULL
                           THEN {id: s.id, name: s.name, level: s.level, relation: relation, hops: hops} END) AS scope,
     collect(DISTINCT c.id) AS chunks,
     collect(DISTINCT m.name) AS mentioned
WITH d, scope, chunks, mentioned,
     CASE
       WHEN any(x IN scope WHERE x.relation = 'exact') THEN 'exact'
       WHEN any(x IN scope WHERE x.relation = 'broader') THEN 'broader'
       WHEN size(scope) > 0 THEN 'narrower'
       ELSE 'mentioned only'
     END AS relation
RETURN d.id AS document, d.title AS title, d.doc_type AS doc_type, d.source AS source, relation,
       [x IN scope | x.name + ' (' + x.level + ', ' + x.relation + ')'] AS scope,
       [x IN scope | x.id] AS scope_ids,
       reduce(best = null, x IN scope | CASE WHEN best IS NULL OR x.hops < best THEN x.hops ELSE best END) AS hops,
       size(chunks) AS mentioning_chunks, chunks, mentioned
ORDER BY CASE relation WHEN 'exact' THEN 0 WHEN 'broader' THEN 1 WHEN 'narrower' THEN 2 ELSE 3 END, hops, title
