// ancestors: the step from a place to itself and to each place that contains it, through administrative
// containment (LOCATED_IN edges marked administrative), at most 8 steps up; written inline, between the
// two places: (p)/* include: ancestors */(a:Place). The hop bound and the filter live here alone.
-[:LOCATED_IN*0..8 {administrative: true}]->
