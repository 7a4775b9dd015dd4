// gazetteer: one row per Place with its names, level, population, state and the ids of its containers, for toponym lookup.
// access: read
// param: min_share   smallest share of a non-administrative overlap (a park in a county) that still counts as a container, e.g. 0.05
// Administrative containment always counts; a looser located_in_or_overlaps link counts when it is
// primary, has no share, or holds at least min_share of the feature (slivers are left out).
// `extra` carries a wildfire's acres and start date; `alternates` the other names GeoNames gives a place
// ("Vegas", "Philly"), which the reading accepts only as its name model judges them.
MATCH (p:Place)
OPTIONAL MATCH (p)-[r:LOCATED_IN]->(parent:Place)
  WHERE r.administrative OR r.primary OR r.share IS NULL OR r.share >= $min_share
WITH p, collect(parent.id) AS parents
RETURN p.id AS id, p.name AS name, coalesce(p.aliases, []) AS aliases,
       coalesce(p.alternate_names, []) AS alternates, p.level AS level,
       p.population AS population, p.state_usps AS state_usps, p.extra AS extra, parents
