// delta: geographic distance from one query place to many candidate places through their lowest common ancestor.
// access: read
// param: query             id of the question's place
// param: targets           list of candidate place ids (a passage's places)
// param: include_overlaps  false: administrative LOCATED_IN edges only; true: also forests, parks, tribal areas, wildfires
//
// delta(q, t) = min over common ancestors a of d(q, a) + d(t, a), d = LOCATED_IN hops upward.
// i_q = d(q, a*), i_t = d(t, a*) at the minimising ancestor a*, chosen by fragments/delta_order.cypher
// (ties prefer containment, then the smaller i_q, then the ancestor id); the relation follows
// fragments/relation_cases.cypher, or is unknown when there is no such place. Every query that
// computes delta includes those two fragments.
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
  // include: delta_order
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
         // include: relation_cases
       END AS relation,
       lca {.id, .name, .level} AS lca,
       [n IN q_side | n {.id, .name, .level}] + [n IN reverse(t_side)[1..] | n {.id, .name, .level}] AS path
ORDER BY position
