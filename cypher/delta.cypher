// delta: geographic distance from one query place to many candidate places through their lowest common ancestor.
// access: read
// param: query             id of the question's place
// param: targets           list of candidate place ids (a passage's places)
// param: include_overlaps  false: administrative LOCATED_IN edges only; true: also forests, parks, tribal areas, wildfires
//
// delta(q, t) = min over common ancestors a of d(q, a) + d(t, a), d = LOCATED_IN hops upward.
// i_q = d(q, a*), i_t = d(t, a*) at the minimising ancestor a*; ties prefer containment (i_q = 0 or
// i_t = 0), then the smaller i_q, then the ancestor id, so the answer is deterministic.
// relation: exact (0, 0) | broader (t is an ancestor) | narrower (t is a descendant)
//           | different (they meet at a shared ancestor) | unrelated (no common ancestor) | unknown (no such place)
MATCH (q:Place {id: $query})
CALL (q) {
  MATCH up = (q)-[rels:LOCATED_IN*0..8]->(a:Place)
  WHERE $include_overlaps OR all(r IN rels WHERE r.administrative)
  WITH a, up ORDER BY length(up)
  WITH a, collect(up)[0] AS shortest
  RETURN collect({ancestor: a, hops: length(shortest), nodes: nodes(shortest)}) AS q_ancestors
}
UNWIND range(0, size($targets) - 1) AS position
WITH q, q_ancestors, position, $targets[position] AS target_id
OPTIONAL MATCH (t:Place {id: target_id})
OPTIONAL CALL (t, q_ancestors) {
  MATCH up = (t)-[rels:LOCATED_IN*0..8]->(a:Place)
  WHERE $include_overlaps OR all(r IN rels WHERE r.administrative)
  WITH a, up ORDER BY length(up)
  WITH a, collect(up)[0] AS shortest
  UNWIND q_ancestors AS qa
  WITH a, shortest, qa WHERE qa.ancestor = a
  WITH a, qa.hops AS i_q, length(shortest) AS i_t, qa.nodes AS q_side, nodes(shortest) AS t_side
  ORDER BY i_q + i_t, CASE WHEN i_q = 0 OR i_t = 0 THEN 0 ELSE 1 END, i_q, a.id
  LIMIT 1
  RETURN a AS lca, i_q, i_t, q_side, t_side
}
RETURN position,
       target_id,
       t IS NOT NULL AS found,
       i_q + i_t AS delta,
       i_q,
       i_t,
       CASE
         WHEN t IS NULL THEN 'unknown'
         WHEN lca IS NULL THEN 'unrelated'
         WHEN i_q = 0 AND i_t = 0 THEN 'exact'
         WHEN i_t = 0 THEN 'broader'
         WHEN i_q = 0 THEN 'narrower'
         ELSE 'different'
       END AS relation,
       lca {.id, .name, .level} AS lca,
       [n IN q_side | n {.id, .name, .level}] + [n IN reverse(t_side)[1..] | n {.id, .name, .level}] AS path
ORDER BY position
