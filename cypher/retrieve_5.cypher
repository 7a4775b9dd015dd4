// retrieve_5: (Neo4j 5.x, whose vector index cannot filter; the same rows as retrieve.cypher) passages for a question, ranked by geographic distance first, the weighted share of the question's topic terms they hold second, holding the kind of answer asked for third and cosine similarity last, with delta, relation, common ancestor and path.
// access: read
// param: embedding         the question's embedding (same model and dimension as the index)
// param: vector_index      the chunk vector index (chunk_embedding)
// param: pool              how many candidates to take from the vector index
// param: wide_pool         how many vector candidates to look through for passages about places inside a question place
//                          (>= pool; the client passes pool itself unless a question place is a state or the country,
//                          whose passages inside are not read one by one)
// param: floor             minimum cosine similarity (-1..1) for a passage to count as relevant
// param: margin            a passage must also be within this of the best cosine found
// param: k                 passages returned per question place
// param: topic_share       share of the topic words a geographically tied passage must hold to count below the margin
// param: lone_floor        minimum cosine for a passage holding none of the topic words (it only reads like the question)
// param: geo               the level lists (georisk_graph.geo.cypher_levels), filled in by the client
// param: question          what the question asks, as one map (one plan serves every question: Neo4j plans a
//                          query again for each new length of a list or string parameter, not of a map's)
//   places            ids of the question's places; [] for a question without a place
//   entity_patterns   regular expressions, one per incident the question names, each matching a whole text
//                     that names it (not a longer name ending in it); [] for none
//   entity_query      the same names as a full-text query ('"dixie fire"'), or null
//   title_query       the same names with and without the word "Fire" as a full-text query of titles
//                     ('"reevas basin fire" OR "reevas basin"'), or null
//   incident_titles   regular expressions, one per incident the question names, each matching a whole title
//                     that is the incident's name, with or without "Fire" and a year ("Reevas Basin": InciWeb
//                     titles its reports so); every passage of such a report is about the incident
//   tied_words_query  for a question with a place, its topic words as a full-text query, or null: the passages it
//                     ranks first join the candidates geography may tie to the place
//   words_query       the question's topic words as a full-text query ('defensible space learn'), or null: the
//                     `pool` passages it ranks first join the candidates
//   year              the year the question gives ('2021'), or null: only incident reports of that year count
//   wants             the kind of document that can answer: 'rules' for a question about the law (incident
//                     reports are not evidence for it), 'incidents' for one about what a fire did (a statute is
//                     not evidence for it), or null for either
//   aspects           regular expressions, one per thing the question asks about (an incident's evacuations,
//                     acres, containment, cause or damage; restrictions and bans), each matching a whole text that
//                     speaks of it; a passage whose text and title speak of none of them is not evidence; [] for none
//   topic_terms       the question's topic terms, [{term, weight, family}]: stems of the one text analyser
//                     (georisk_graph.analysis: "permit", "evacu"), weighted by how few passages hold them; a
//                     passage holds a term when its stored terms (Chunk.terms, of its title and text) hold
//                     one of its family (the stored terms it meets: "close" and "closur");
//                     [] for none
//   name_patterns     regular expressions, one per form of a thing the question names ("One Less Spark"),
//                     each matching a whole text that names it: such a passage is relevant whatever its cosine
//   answer_forms      regular expressions, each matching a whole text that holds the kind of answer the question
//                     asks for in the form that settles it ("6,965 acres", "means"); [] for a kind without one
//
// The candidate pool is the vector index's top `pool` joined with the passages attached to the
// question place by geography: rules scoped to a jurisdiction containing it (below the country), the
// fire reports of its county unless the question is about the law, documents scoped to the place itself, and, below the state level, passages mentioning the place
// or a place inside it. So a relevant county ordinance is never lost to a top-k cut made before
// geography is known, while a state question does not pull in every passage of the state.
// Similarity is recomputed exactly for the whole pool. A passage's places are its document's scope
// and the places its text mentions; it takes the smallest delta among them. Containment follows
// administrative edges only (see delta.cypher for the looser links). Each place's ancestors are
// expanded once per query, however many passages name it.
// When the question names an incident, passages about other incidents are not relevant however
// similar they read: the full-text index adds the passages naming it, and only those are kept.
CALL db.index.vector.queryNodes($vector_index, $wide_pool, $embedding) YIELD node
WITH collect(node) AS wide
WITH wide, wide[..$pool] AS nearest
CALL () {
  // passages naming the incident, and the passages of documents whose title names it (a report
  // titled "High Lonesome Fire" often says only "the fire")
  CALL () {
    WITH $question.entity_query AS text WHERE text IS NOT NULL
    CALL db.index.fulltext.queryNodes('chunk_text', text, {limit: 200}) YIELD node
    RETURN node AS c
    UNION
    WITH $question.title_query AS text WHERE text IS NOT NULL
    CALL db.index.fulltext.queryNodes('document_title', text, {limit: 50}) YIELD node
    MATCH (node)-[:HAS_CHUNK]->(c:Chunk)
    RETURN c
    UNION
    // the passages the full-text index ranks first for the question's words (BM25), beside the vector
    // index's: an approximate vector search can miss the passage that uses the question's own words
    WITH $question.words_query AS text WHERE text IS NOT NULL
    CALL db.index.fulltext.queryNodes('chunk_text', text, {limit: $pool}) YIELD node
    RETURN node AS c
  }
  RETURN collect(c) AS named
}
WITH wide, nearest + named AS vector_hits
CALL () {
  // for a question with a place, the passages the full-text index ranks first for its words: they
  // count where geography ties them to the place (a Utah report's "improve defensible space" that the
  // filtered vector search ranked below its first `geo_pool`)
  WITH $question.tied_words_query AS text WHERE text IS NOT NULL
  CALL db.index.fulltext.queryNodes('chunk_text', text, {limit: 200}) YIELD node
  RETURN collect(node) AS worded
}
CALL (wide, worded) {
  UNWIND $question.places AS place_id
  MATCH (q:Place {id: place_id})
  CALL (q, wide, worded) {
    // rules that apply to a whole jurisdiction containing the place (a state statute, a county
    // ordinance), and, unless the question is about the law, the fire reports of the county it lies
    // in (broader evidence for a town: a county's burn ban in a fire's report)
    MATCH (q)/* include: ancestors */(a:Place)
    WHERE a <> q AND a.level <> $geo.country
    MATCH (a)<-[:APPLIES_TO]-(d:Document)-[:HAS_CHUNK]->(c:Chunk)
    WHERE d.doc_type <> 'incident_report' OR (a.level = $geo.county AND coalesce($question.wants, 'incidents') = 'incidents')
    RETURN c
    UNION
    // passages about the place itself
    MATCH (q)<-[:APPLIES_TO]-(:Document)-[:HAS_CHUNK]->(c:Chunk)
    RETURN c
    UNION
    MATCH (q)<-[:MENTIONS]-(c:Chunk)
    WHERE NOT q.level IN $geo.wide
    RETURN c
    UNION
    // among the wider vector candidates, the passages of documents about a place inside it: a
    // county's fire report for a question about its state (narrower evidence, found by similarity
    // without reading every report of the state)
    UNWIND wide + worded AS c
    MATCH (c)<-[:HAS_CHUNK]-(:Document)-[:APPLIES_TO]->(s:Place)
    WHERE s <> q AND (s)/* include: ancestors */(q)
    RETURN c
    UNION
    // and about the places inside it, below the state level (a state's are left to the vector pool)
    MATCH (near:Place)/* include: ancestors */(q)
    WHERE near <> q AND NOT q.level IN $geo.wide
    CALL (near) {
      MATCH (near)<-[:MENTIONS]-(c:Chunk)
      RETURN c
      UNION
      MATCH (near)<-[:APPLIES_TO]-(:Document)-[:HAS_CHUNK]->(c:Chunk)
      RETURN c
    }
    RETURN c
  }
  RETURN collect(DISTINCT c) AS geo_hits
}
// each candidate once, marked when geography (not only similarity) tied it to a question place
UNWIND [c IN vector_hits | {c: c, tied: 0}] + [c IN geo_hits | {c: c, tied: 1}] AS candidate
WITH candidate.c AS c, max(candidate.tied) = 1 AS connected
MATCH (d:Document)-[:HAS_CHUNK]->(c)
WHERE (size($question.entity_patterns) = 0 OR any(pattern IN $question.entity_patterns WHERE c.text =~ pattern OR d.title =~ pattern)
       OR any(title IN $question.incident_titles WHERE d.title =~ title))
  AND ($question.year IS NULL OR d.doc_type <> 'incident_report' OR d.title CONTAINS $question.year OR d.published STARTS WITH $question.year
       OR c.text CONTAINS $question.year)
  AND ($question.wants IS NULL OR ($question.wants = 'incidents') = (d.doc_type = 'incident_report'))
  AND (size($question.aspects) = 0 OR any(pattern IN $question.aspects WHERE c.text =~ pattern OR d.title =~ pattern))
WITH c, d, 2 * vector.similarity.cosine(c.embedding, $embedding) - 1 AS cosine, connected
// the weighted share of the question's topic terms the passage holds (its terms: its title's and its text's)
WITH c, d, cosine, connected,
     reduce(held = 0.0, t IN $question.topic_terms | held + CASE WHEN any(f IN t.family WHERE f IN coalesce(c.terms, []))
                                                    THEN t.weight ELSE 0.0 END)
       AS held, reduce(total = 0.0, t IN $question.topic_terms | total + t.weight) AS total
WITH c, d, cosine, connected, CASE WHEN total = 0 THEN 0.0 ELSE held / total END AS lexical
WITH collect({c: c, d: d, cosine: cosine, connected: connected, lexical: lexical,
              named: any(pattern IN $question.name_patterns WHERE c.text =~ pattern OR d.title =~ pattern)}) AS pool,
     max(cosine) AS best
UNWIND pool AS hit
// relevant: near the best similarity found; or, for a passage tied to the question's place by geography,
// sharing most of the question's topic words (the place's own rule may read less like the question
// than another state's); a passage holding none of the topic words counts only when it reads strongly
// like the question (lone_floor: similar words about something else are not evidence); or naming the
// incident the question names and speaking of what it asks of it (its containment, its evacuations), or
// naming the thing the question names ("One Less Spark"), however the rest of the passage reads
WITH hit WHERE hit.named OR (size($question.entity_patterns) > 0 AND (size($question.aspects) > 0 OR hit.cosine >= $floor))
  OR (hit.cosine >= $floor AND (hit.cosine >= best - $margin OR (hit.connected AND hit.lexical >= $topic_share))
      AND (hit.lexical > 0 OR size($question.topic_terms) = 0 OR hit.cosine >= $lone_floor))
WITH hit.c AS c, hit.d AS d, hit.cosine AS cosine, hit.lexical AS lexical
// include: passage_places
WITH c, d, cosine, lexical, scope, scope + [m IN mentioned WHERE NOT m IN scope] AS places
// every place of the surviving passages with its administrative ancestors (itself at 0 hops) and
// the shortest path to each, computed once per place however many passages name it
UNWIND (CASE WHEN size(places) = 0 THEN [null] ELSE places END) AS t
WITH t, collect({c: c, d: d, cosine: cosine, lexical: lexical, scope: scope}) AS naming
CALL (t) {
  MATCH up = (t)/* include: ancestors */(a:Place)
  WITH a, up ORDER BY length(up)
  WITH a, collect(up)[0] AS shortest
  RETURN collect({ancestor: a, hops: length(shortest), nodes: nodes(shortest)}) AS ancestors
}
UNWIND naming AS p
WITH p.c AS c, head(collect(p)) AS p, collect({place: t, ancestors: ancestors}) AS placed
WITH c, p, [e IN placed WHERE e.place IS NOT NULL] AS placed
// A place named only as the container of another place in the passage ("Madera County,
// California") qualifies it; the passage is about the more specific place. The document's own
// scope always counts.
WITH c, p, [e IN placed WHERE e.place IN p.scope OR NOT any(o IN placed WHERE o.place <> e.place
             AND any(x IN o.ancestors WHERE x.hops > 0 AND x.ancestor = e.place))] AS placed
WITH collect({c: c, d: p.d, cosine: p.cosine, lexical: p.lexical, placed: placed,
              places: [s IN p.scope | s {.id, .name, .level}] + [x IN [e IN placed WHERE NOT e.place IN p.scope | e.place] | x {.id, .name, .level}]}) AS passages
// one row per question place (or a single row with no place), its ancestors computed once
UNWIND (CASE WHEN size($question.places) = 0 THEN [null] ELSE $question.places END) AS place_id
OPTIONAL MATCH (q:Place {id: place_id})
CALL (q) {
  MATCH up = (q)/* include: ancestors */(a:Place)
  WITH a, up ORDER BY length(up)
  WITH a, collect(up)[0] AS shortest
  RETURN collect({ancestor: a, hops: length(shortest), nodes: nodes(shortest)}) AS q_ancestors
}
UNWIND passages AS p
OPTIONAL CALL (p, q_ancestors) {
  UNWIND p.placed AS e
  UNWIND e.ancestors AS ta
  UNWIND q_ancestors AS qa
  WITH e, ta, qa WHERE qa.ancestor = ta.ancestor
  WITH e.place AS t, ta.ancestor AS a, qa.hops AS i_q, ta.hops AS i_t, qa.nodes AS q_side, ta.nodes AS t_side
  // include: delta_order
  RETURN t AS evidence_place, a AS lca, i_q, i_t, q_side, t_side
}
WITH place_id, p.c AS c, p.d AS d, p.cosine AS cosine, p.lexical AS lexical, p.places AS chunk_places, evidence_place, lca, i_q, i_t, q_side, t_side,
     CASE WHEN place_id IS NULL THEN null ELSE coalesce(i_q + i_t, 1000000) END AS rank_delta,
     any(form IN $question.answer_forms WHERE p.c.text =~ form) AS formed
// at the same distance and share of topic words, a passage holding the kind of answer asked for
// (acres for "how many acres", a definition for "what is") comes before one that only reads more like it
ORDER BY place_id, rank_delta, lexical DESC, formed DESC, cosine DESC
WITH place_id, collect({
  chunk_id: c.id, text: c.text, document_id: d.id, title: d.title, url: d.url, source: d.source,
  doc_type: d.doc_type, published: d.published, valid_from: d.valid_from, valid_to: d.valid_to, cosine: cosine, places: chunk_places,
  delta: i_q + i_t, i_q: i_q, i_t: i_t,
  relation: CASE
    WHEN place_id IS NULL THEN null
    // include: relation_cases
  END,
  evidence_place: evidence_place {.id, .name, .level},
  lca: lca {.id, .name, .level},
  path: [n IN q_side | n {.id, .name, .level}] + [n IN reverse(t_side)[1..] | n {.id, .name, .level}]
})[..$k] AS passages
RETURN place_id, passages
