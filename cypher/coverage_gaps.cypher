// coverage_gaps: jurisdictions (states or counties) that no document applies to and no chunk mentions, directly or through a place inside them.
// access: read
// param: levels   list of jurisdiction levels, e.g. ['county']
MATCH (j:Place)
WHERE j.level IN $levels
  AND NOT EXISTS {
    MATCH (t:Place)/* include: ancestors */(j)
    WHERE EXISTS { (t)<-[:APPLIES_TO]-(:Document) } OR EXISTS { (t)<-[:MENTIONS]-(:Chunk) }
  }
RETURN j.id AS id, j.name AS name, j.level AS level, j.state_usps AS state
ORDER BY state, name
