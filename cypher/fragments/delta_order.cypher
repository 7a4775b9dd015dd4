// delta_order: the minimising common ancestor of a query place and a target place, one row kept.
// Rows hold a common ancestor `a` with i_q = hops from the query place up to it and i_t = hops from
// the target place up to it. delta = i_q + i_t; ties prefer containment (i_q = 0 or i_t = 0), then
// the smaller i_q, then the ancestor id, so the answer is deterministic. delta.reference_delta is the
// pure-Python oracle of this rule.
ORDER BY i_q + i_t, CASE WHEN i_q = 0 OR i_t = 0 THEN 0 ELSE 1 END, i_q, a.id
LIMIT 1
