// delta_pairs: delta, relation and common ancestor for many (query place, target place) pairs in one call.
// access: read
// param: pairs             list of {query, target} place ids
// param: include_overlaps  false: administrative LOCATED_IN edges only
// Same definition and tie-breaking as cypher/delta.cypher (fragments/delta_order.cypher); rows come back in the order of $pairs.
UNWIND range(0, size($pairs) - 1) AS position
WITH position, $pairs[position] AS pair
MATCH (q:Place {id: pair.query})
MATCH (t:Place {id: pair.target})
OPTIONAL CALL (q, t) {
  MATCH up = (q)-[rels:LOCATED_IN*0..8]->(a:Place)
  WHERE $include_overlaps OR all(r IN rels WHERE r.administrative)
  WITH a, min(length(up)) AS i_q
  MATCH down = (t)-[rels:LOCATED_IN*0..8]->(a)
  WHERE $include_overlaps OR all(r IN rels WHERE r.administrative)
  WITH a, i_q, min(length(down)) AS i_t
  // include: delta_order
  RETURN a.id AS lca, i_q, i_t
}
RETURN position, pair.query AS query, pair.target AS target, i_q + i_t AS delta, i_q, i_t, lca
ORDER BY position
