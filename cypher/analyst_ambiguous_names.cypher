// analyst_ambiguous_names: place names that several places share (two Springfields are two places), with where each one is, most populous first.
// access: read
// param: name       optional name to look up (case-insensitive; aliases count too); null lists every shared name
// param: min_count  optional smallest number of places sharing a name (default 2)
// param: levels     optional list of levels to consider, e.g. ['place', 'county']; null considers every level
// param: limit      optional number of names returned (default 50)
//
// These are the names toponym disambiguation has to decide between: a qualifier ("Springfield, IL"),
// co-occurring places and population settle them.
MATCH (p:Place)
WHERE ($levels IS NULL OR p.level IN $levels)
  AND ($name IS NULL
       OR toLower(p.name) = toLower($name)
       OR any(alias IN coalesce(p.aliases, []) WHERE toLower(alias) = toLower($name)))
WITH coalesce($name, p.name) AS name, p
ORDER BY coalesce(p.population, -1) DESC, p.id
WITH name, collect(p) AS places
WHERE size(places) >= coalesce($min_count, 2)
RETURN name, size(places) AS count,
       [p IN places | p.name + ' (' + p.level + coalesce(', ' + p.state_usps, '') + ') [' + p.id + ']'] AS places,
       [p IN places | p.id] AS ids
ORDER BY count DESC, name
LIMIT coalesce($limit, 50)
