// relation_cases: the relation of a target place to the query place, from the minimising common
// ancestor `lca` and its hops i_q (query side) and i_t (target side); the branches of a CASE whose
// caller puts its own first branch (an unknown place, a question without a place) before them.
// exact (0, 0) | broader (the target contains the query place) | narrower (the query place contains
// the target) | different (they meet at a shared ancestor) | unrelated (no common ancestor).
WHEN lca IS NULL THEN 'unrelated'
WHEN i_q = 0 AND i_t = 0 THEN 'exact'
WHEN i_t = 0 THEN 'broader'
WHEN i_q = 0 THEN 'narrower'
ELSE 'different'
