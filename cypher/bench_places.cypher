// bench_places: states, counties and cities with their population, to spread synthetic documents realistically.
// access: read
MATCH (p:Place)
WHERE p.level IN ['state', 'county', 'place'] AND p.population IS NOT NULL AND p.population > 0
RETURN p.id AS id, p.name AS name, p.level AS level, p.population AS population
