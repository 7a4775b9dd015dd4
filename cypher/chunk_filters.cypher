// chunk_filters: the state, county and locality each chunk of some documents is about, and its document's type: the filter properties of the vector index; and its document's title as its heading, for the full-text index of passage words; idempotent.
// access: write
// param: document_ids   ids of the documents whose chunks get their filter properties
// param: geo            the level lists (georisk_graph.geo.cypher_levels), filled in by the client
// A chunk is about its document's scope and the places its text mentions inside that scope (every
// place it mentions when the document has none); the country does not count. Each property holds the
// one state (or territory, or federal district), county, or place below the county level that all of
// those lie in or are, and is left unset when there are none or several: such a passage is found by
// the unfiltered search or by the filter of the level above. Ingestion runs this in the transaction
// that writes the chunks; Graph.apply_schema runs it over the whole graph once for a graph stored before.
// A chunk with one state also gets that state's partition label, ChunkIn_<state id>, which puts it in the
// state's own vector index (partition_index.cypher); a label of another state it was about before is removed.
UNWIND $document_ids AS doc_id
MATCH (d:Document {id: doc_id})-[:HAS_CHUNK]->(c:Chunk)
CALL (d, c) {
  OPTIONAL MATCH (d)-[:APPLIES_TO]->(s:Place) WHERE s.level <> $geo.country
  WITH collect(DISTINCT s) AS scope
  OPTIONAL MATCH (c)-[:MENTIONS]->(m:Place) WHERE m.level <> $geo.country
  WITH scope, collect(DISTINCT m) AS mentioned
  WITH scope + [m IN mentioned WHERE NOT m IN scope AND (size(scope) = 0 OR
                EXISTS { MATCH (m)/* include: ancestors */(x) WHERE x <> m AND x IN scope })] AS about
  RETURN
    COLLECT { UNWIND about AS p
              MATCH (p)/* include: ancestors */(a:Place)
              WHERE a.level IN $geo.states
              RETURN DISTINCT a.id } AS states,
    COLLECT { UNWIND about AS p
              MATCH (p)/* include: ancestors */(a:Place {level: $geo.county})
              RETURN DISTINCT a.id } AS counties,
    [p IN about WHERE NOT p.level IN $geo.states AND p.level <> $geo.county | p.id] AS localities
}
SET c.doc_type = d.doc_type,
    c.heading = d.title,
    c.state = CASE WHEN size(states) = 1 THEN states[0] END,
    c.county = CASE WHEN size(counties) = 1 THEN counties[0] END,
    c.locality = CASE WHEN size(localities) = 1 THEN localities[0] END
WITH c, CASE WHEN size(states) = 1 THEN 'ChunkIn_' + states[0] END AS partition
REMOVE c:$([label IN labels(c) WHERE label STARTS WITH 'ChunkIn_' AND label <> coalesce(partition, '')])
WITH c, partition WHERE partition IS NOT NULL
SET c:$(partition)
