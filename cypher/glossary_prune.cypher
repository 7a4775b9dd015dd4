// glossary_prune: the terms no stored passage spells out any more, removed with their links.
// access: write
// param: keep  the ids of the terms found now
MATCH (t:Term)
WHERE NOT t.id IN $keep
DETACH DELETE t
