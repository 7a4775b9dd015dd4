// retrieve: the passages that answer a question, ranked by geographic distance first and the probability that they answer second (georisk_graph.relevance), with that probability and its features, delta, relation, common ancestor and path.
// access: read
// param: embedding         the question's embedding (same model and dimension as the index)
// param: clause_embedding  the embedding of the question's clause that asks (the question itself when it is one)
// param: pool              how many candidates to take from the whole vector index
// param: wide_pool         how many vector candidates to look through for passages inside a question place that
//                          is the country (>= pool; the client passes pool itself unless a question place is a state
//                          or the country)
// param: geo_pool          how many candidates to take from inside each of the question place's state, county and
//                          locality (a search of the state's own vector index each, or a filtered search of the
//                          whole index for a state without one)
// param: geo_search        how many candidates each search of a state's own index looks through (>= geo_pool)
// param: partitions        the states whose own vector index this text searches (queries.NamedQuery.for_partitions
//                          writes the searches once per state; the client names the states of the question places)
// param: k                 passages returned per question place
// param: relevance         the relevance model (georisk_graph.relevance.RelevanceModel.parameters): {bias, weights
//                          by feature name, threshold}; a passage counts when the probability it gives clears the
//                          threshold (0 returns every candidate, as fitting the model needs)
// param: geo               the level lists (georisk_graph.geo.cypher_levels), filled in by the client
// param: question          what the question asks, as one map (one plan serves every question: Neo4j plans a
//                          query again for each new length of a list or string parameter, not of a map's)
//   places            ids of the question's places; [] for a question without a place
//   doc_kinds         the kinds of document those filtered searches take, one search each: lists of types,
//                     [rules] or [incident reports] as `wants` says, both for a question that either can answer
//   entity_patterns   regular expressions, one per incident the question names, each matching a whole text
//                     that names it (not a longer name ending in it); [] for none
//   entity_query      the same names as a full-text query ('"dixie fire"'), or null
//   title_query       the same names with and without the word "Fire" as a full-text query of titles
//                     ('"reevas basin fire" OR "reevas basin"'), or null
//   incident_titles   regular expressions, one per incident the question names, each matching a whole title
//                     that is the incident's name, with or without "Fire" and a year ("Reevas Basin": InciWeb
//                     titles its reports so); every passage of such a report is about the incident
//   words_query       the question's topic words (and, for a question naming no place, the things it names) as
//                     a full-text query ('defensible space learn'), or null: the passages it ranks first join the
//                     candidates, over the whole corpus (`pool` of them) and inside each question place's state,
//                     county and place (`geo_pool`), and its scores are the features bm25_all and bm25_scope
//   scope_query       the same words restricted to the state, county and place of the question's places, as a
//                     query of the chunk_scope_text index ('text:(...) AND (state:"Q1223" OR ...)'), or null
//   year              the year the question gives ('2021'), or null: only incident reports of that year count
//   wants             the kind of document that can answer: 'rules' for a question whose clause that asks is about
//                     the law (a fire report is no evidence for it), 'incidents' for one about what a fire did (a
//                     statute is none), or null for either
//   aspects           regular expressions, one per thing the question asks of an incident (its evacuations,
//                     acres, containment, cause or damage; restrictions and bans), each matching a whole text that
//                     speaks of it: a passage whose text and title speak of none of them is not evidence; [] for none
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
// Neo4j 2026 (Cypher 25), on the index of vector_index.cypher; retrieve_5.cypher is the same query for
// Neo4j 5.x, whose vector index cannot filter, and returns the same rows.
// The candidate pool is the vector index's top `pool` over all passages (the evidence elsewhere that
// the decision weighs, and names when it abstains) joined with the passages geography ties to the
// question place, taken from inside the index: the top `geo_pool` of its state, of its county and of
// the place itself (chunk_filters.cypher sets the state, county and locality a passage is about). Of
// those, a passage counts as tied as in retrieve_5: rules scoped to a jurisdiction containing the place
// (below the country), the fire reports of its county, documents scoped
// to the place itself or to a place inside it, and, below the state level, passages mentioning the
// place or a place inside it; the rest of the filtered results (another county of the same state)
// are dropped, so the pool holds what retrieve_5 would rank first, without scoring every passage
// attached to a large jurisdiction. Similarity is recomputed exactly for the whole pool, and each
// candidate gets the features of georisk_graph.relevance and the probability the model gives them: the
// candidates that clear the model's threshold are ranked, each judged on its own (a passage elsewhere that
// reads more like the question drops none of the place's own). A passage's
// places are its document's scope and the places its text mentions; it takes the smallest delta among
// them. Containment follows administrative edges only (see delta.cypher for the looser links). Each
// place's ancestors are expanded once per query, however many passages name it.
// When the question names an incident, passages about other incidents are not relevant however
// similar they read: the full-text index adds the passages naming it, and only those are kept.
// SEARCH names its index in the text, since Neo4j takes no parameter there: chunk_embedding (another
// GEORISK_VECTOR_INDEX runs retrieve_5), and chunk_embedding_in_<state id> for each state of $partitions.
CYPHER 25
CALL () {
  // the whole index: `pool` nearest, or `wide_pool` for a question about the country
  OPTIONAL MATCH (country:Place {level: $geo.country}) WHERE country.id IN $question.places
  WITH count(country) > 0 AS wide WHERE NOT wide
  MATCH (c:Chunk)
    SEARCH c IN (VECTOR INDEX chunk_embedding FOR $embedding LIMIT $pool) SCORE AS score
  RETURN c, score
  UNION
  OPTIONAL MATCH (country:Place {level: $geo.country}) WHERE country.id IN $question.places
  WITH count(country) > 0 AS wide WHERE wide
  MATCH (c:Chunk)
    SEARCH c IN (VECTOR INDEX chunk_embedding FOR $embedding LIMIT $wide_pool) SCORE AS score
  RETURN c, score
}
WITH c ORDER BY score DESC
WITH collect(c) AS wide
WITH wide, wide[..$pool] AS nearest
// the full-text index's scores for the question's words, over the whole corpus and inside the question
// places' scope, each as a share of the best: the features bm25_all and bm25_scope
CALL () {
  OPTIONAL CALL () {
    WITH $question.words_query AS text WHERE text IS NOT NULL
    CALL db.index.fulltext.queryNodes('chunk_text', text, {limit: 500}) YIELD node, score
    RETURN collect({c: node, score: score}) AS hits
  }
  WITH coalesce(hits, []) AS hits
  WITH hits, reduce(top = 0.0, h IN hits | CASE WHEN h.score > top THEN h.score ELSE top END) AS top
  RETURN [h IN hits | {c: h.c, score: h.score / top}] AS worded_all
}
CALL () {
  OPTIONAL CALL () {
    WITH $question.scope_query AS text WHERE text IS NOT NULL
    CALL db.index.fulltext.queryNodes('chunk_scope_text', text, {limit: 200}) YIELD node, score
    RETURN collect({c: node, score: score}) AS hits
  }
  WITH coalesce(hits, []) AS hits
  WITH hits, reduce(top = 0.0, h IN hits | CASE WHEN h.score > top THEN h.score ELSE top END) AS top
  RETURN [h IN hits | {c: h.c, score: h.score / top}] AS worded_scope
}
CALL () {
  // passages naming the incident, and the passages of documents whose title names it (a report
  // titled "High Lonesome Fire" often says only "the fire"); the `pool` passages the full-text index
  // ranks first for the question's words (BM25) join them, beside the vector index's: an approximate
  // vector search can miss the passage that uses the question's own words
  CALL () {
    WITH $question.entity_query AS text WHERE text IS NOT NULL
    CALL db.index.fulltext.queryNodes('chunk_text', text, {limit: 200}) YIELD node
    RETURN node AS c
    UNION
    WITH $question.title_query AS text WHERE text IS NOT NULL
    CALL db.index.fulltext.queryNodes('document_title', text, {limit: 50}) YIELD node
    MATCH (node)-[:HAS_CHUNK]->(c:Chunk)
    RETURN c
  }
  RETURN collect(c) AS named
}
WITH wide, worded_all, worded_scope, nearest + named + [h IN worded_all[..$pool] | h.c] AS vector_hits
CALL (wide, worded_all, worded_scope) {
  // for a question with a place, the passages the full-text index ranks first for its words, over the
  // corpus and inside the place's scope: they join the candidates geography may tie to the place (a
  // Utah report's "improve defensible space" that the filtered vector search ranked below its first
  // `geo_pool`; a state's own statute that reads less like a long question than its words say)
  WITH [h IN worded_all[..200] | h.c] + [h IN worded_scope | h.c] AS worded
  UNWIND $question.places AS place_id
  MATCH (q:Place {id: place_id})
  WITH q, worded, q.id AS here, NOT q.level IN $geo.wide AS below_state,
       COLLECT { MATCH (q)/* include: ancestors */(s:Place) WHERE s.level IN $geo.states RETURN DISTINCT s.id } AS states,
       COLLECT { MATCH (q)/* include: ancestors */(k:Place {level: $geo.county}) RETURN DISTINCT k.id } AS counties,
       COLLECT { MATCH (q)/* include: ancestors */(a:Place) WHERE a <> q AND a.level <> $geo.country
                 RETURN DISTINCT a } AS containing
  CALL (q, here, states, counties, wide, worded) {
    // the nearest passages inside its state, its county, and about the place itself, of each kind of
    // document that can answer
    // include: geographic_searches
    UNION
    // the country's own documents (no state filter reaches them)
    WITH q WHERE q.level = $geo.country
    MATCH (q)<-[:APPLIES_TO]-(:Document)-[:HAS_CHUNK]->(c:Chunk)
    RETURN c
    UNION
    // the nearest passages of the whole index (the wider set for a question about the country), and
    // those the full-text index found for the question's words
    UNWIND wide + worded AS c
    RETURN c
  }
  WITH q, below_state, containing, c
  MATCH (d:Document)-[:HAS_CHUNK]->(c)
  WITH q, below_state, containing, c, d, COLLECT { MATCH (d)-[:APPLIES_TO]->(s:Place) RETURN s } AS scope
  // tied to the place as retrieve_5 ties passages: a rule or a fire report of a jurisdiction containing
  // it (a county's, for a fire report), a document about the place or a place inside it, and below the
  // state level a passage mentioning the place or a place inside it. Whether a place lies inside the
  // question place is read upward from the passage's places (a few hops each), never downward from the
  // question place: a state holds thousands of places, and at a million passages the planner chose that
  // way for a state question (5.7 million db hits in one question)
  WHERE any(a IN scope WHERE a IN containing AND (d.doc_type <> 'incident_report' OR a.level = $geo.county))
     OR q IN scope
     OR any(s IN scope WHERE q IN COLLECT { MATCH (s)/* include: ancestors */(a:Place) RETURN a })
     OR (below_state AND EXISTS { MATCH (c)-[:MENTIONS]->(q) })
     OR (below_state AND any(m IN COLLECT { MATCH (c)-[:MENTIONS]->(m:Place) RETURN m }
                             WHERE q IN COLLECT { MATCH (m)/* include: ancestors */(a:Place) RETURN a }))
  RETURN collect(DISTINCT c) AS geo_hits
}
// each candidate once, with its full-text scores looked up once (rows carry numbers, not the hit lists)
CALL (vector_hits, geo_hits) {
  UNWIND vector_hits + geo_hits AS c
  WITH DISTINCT c
  RETURN collect(c) AS candidates
}
UNWIND [c IN candidates | {c: c, bm25_all: coalesce(head([h IN worded_all WHERE h.c = c | h.score]), 0.0),
                           bm25_scope: coalesce(head([h IN worded_scope WHERE h.c = c | h.score]), 0.0),
                           tied: CASE WHEN c IN geo_hits THEN 1.0 ELSE 0.0 END}] AS candidate
WITH candidate.c AS c, candidate.bm25_all AS bm25_all, candidate.bm25_scope AS bm25_scope, candidate.tied AS tied
MATCH (d:Document)-[:HAS_CHUNK]->(c)
WHERE (size($question.entity_patterns) = 0 OR any(pattern IN $question.entity_patterns WHERE c.text =~ pattern OR d.title =~ pattern)
       OR any(title IN $question.incident_titles WHERE d.title =~ title))
  AND ($question.year IS NULL OR d.doc_type <> 'incident_report' OR d.title CONTAINS $question.year OR d.published STARTS WITH $question.year
       OR c.text CONTAINS $question.year)
  // a question about the law is not answered by a fire report, nor one about what a fire did by a rule; a
  // passage that speaks of none of what is asked of an incident (its cause, for "what caused it") is no
  // evidence of it, however near it reads
  AND ($question.wants IS NULL OR ($question.wants = 'incidents') = (d.doc_type = 'incident_report'))
  AND (size($question.aspects) = 0 OR any(pattern IN $question.aspects WHERE c.text =~ pattern OR d.title =~ pattern))
// the features of georisk_graph.relevance
WITH c, d, bm25_all, bm25_scope, tied,
     2 * vector.similarity.cosine(c.embedding, $embedding) - 1 AS cosine,
     2 * vector.similarity.cosine(c.embedding, $clause_embedding) - 1 AS clause_cosine,
     COLLECT { MATCH (c)-[:HAS_SENTENCE]->(s:Sentence) RETURN 2 * vector.similarity.cosine(s.embedding, $clause_embedding) - 1 AS sc
               ORDER BY sc DESC LIMIT 1 } AS best_sentence,
     reduce(total = 0.0, t IN $question.topic_terms | total + t.weight) AS total
WITH c, d, bm25_all, bm25_scope, tied, cosine, clause_cosine, coalesce(best_sentence[0], clause_cosine) AS sentence_cosine,
     CASE WHEN total = 0 THEN 0.0 ELSE reduce(held = 0.0, t IN $question.topic_terms | held +
       CASE WHEN any(f IN t.family WHERE f IN coalesce(c.terms, [])) THEN t.weight ELSE 0.0 END) / total END AS lexical,
     CASE WHEN total = 0 THEN 0.0 ELSE reduce(held = 0.0, t IN $question.topic_terms | held +
       CASE WHEN toLower(coalesce(d.title, '')) CONTAINS t.term THEN t.weight ELSE 0.0 END) / total END AS title,
     CASE WHEN any(form IN $question.answer_forms WHERE c.text =~ form) THEN 1.0 ELSE 0.0 END AS formed,
     CASE WHEN $question.wants IS NULL THEN 0.0 ELSE 1.0 END AS kind,
     CASE WHEN size($question.aspects) = 0 THEN 0.0 ELSE 1.0 END AS aspect,
     CASE WHEN any(pattern IN $question.name_patterns WHERE c.text =~ pattern OR d.title =~ pattern)
            OR any(pattern IN $question.entity_patterns WHERE c.text =~ pattern OR d.title =~ pattern)
          THEN 1.0 ELSE 0.0 END AS named
WITH c, d, cosine, {cosine: cosine, clause_cosine: clause_cosine, sentence_cosine: sentence_cosine, lexical: lexical,
                    title: title, bm25_scope: bm25_scope, bm25_all: bm25_all, formed: formed, kind: kind, aspect: aspect,
                    named: named, tied: tied, tied_lexical: tied * lexical} AS features
WITH c, d, cosine, features,
     $relevance.bias + reduce(z = 0.0, name IN keys($relevance.weights) | z + $relevance.weights[name] * features[name]) AS z
WITH c, d, cosine, features, 1.0 / (1.0 + exp(-z)) AS relevance
// a passage counts when the model says it answers, whatever another passage scores
WHERE relevance >= $relevance.threshold
// include: passage_places
WITH c, d, cosine, relevance, features, scope, scope + [m IN mentioned WHERE NOT m IN scope] AS places
// every place of the surviving passages with its administrative ancestors (itself at 0 hops) and
// the shortest path to each, computed once per place however many passages name it
UNWIND (CASE WHEN size(places) = 0 THEN [null] ELSE places END) AS t
WITH t, collect({c: c, d: d, cosine: cosine, relevance: relevance, features: features, scope: scope}) AS naming
CALL (t) {
  MATCH up = (t)/* include: ancestors */(a:Place)
  RETURN collect({ancestor: a, hops: length(up)}) AS ancestors
}
UNWIND naming AS p
WITH p.c AS c, head(collect(p)) AS p, collect({place: t, ancestors: ancestors}) AS placed
WITH c, p, [e IN placed WHERE e.place IS NOT NULL] AS placed
// A place named only as the container of another place in the passage ("Madera County,
// California") qualifies it; the passage is about the more specific place. The document's own
// scope always counts.
WITH c, p, [e IN placed WHERE e.place IN p.scope OR NOT any(o IN placed WHERE o.place <> e.place
             AND any(x IN o.ancestors WHERE x.hops > 0 AND x.ancestor = e.place))] AS placed
WITH c, p.d AS d, p.cosine AS cosine, p.relevance AS relevance, p.features AS features, placed,
     [s IN p.scope | s {.id, .name, .level}] + [x IN [e IN placed WHERE NOT e.place IN p.scope | e.place] | x {.id, .name, .level}] AS chunk_places
// each question place (or none) with its ancestors, computed once; a row per passage and question place (a
// row never carries the list of every passage: a sort would hold that list once a row)
CALL () {
  UNWIND (CASE WHEN size($question.places) = 0 THEN [null] ELSE $question.places END) AS place_id
  OPTIONAL MATCH (q:Place {id: place_id})
  CALL (q) {
    MATCH up = (q)/* include: ancestors */(a:Place)
    WITH a, up ORDER BY length(up)
    WITH a, collect(up)[0] AS shortest
    RETURN collect({ancestor: a, hops: length(shortest), nodes: nodes(shortest)}) AS q_ancestors
  }
  RETURN collect({place_id: place_id, q_ancestors: q_ancestors}) AS asked
}
UNWIND asked AS question
WITH c, d, cosine, relevance, features, placed, chunk_places, question.place_id AS place_id,
     question.q_ancestors AS q_ancestors
OPTIONAL CALL (placed, q_ancestors) {
  UNWIND placed AS e
  UNWIND e.ancestors AS ta
  UNWIND q_ancestors AS qa
  WITH e, ta, qa WHERE qa.ancestor = ta.ancestor
  WITH e.place AS t, ta.ancestor AS a, qa.hops AS i_q, ta.hops AS i_t, qa.nodes AS q_side
  // include: delta_order
  RETURN t AS evidence_place, a AS lca, i_q, i_t, q_side
}
WITH place_id, c, d, cosine, relevance, features, chunk_places, evidence_place, lca, i_q, i_t, q_side,
     CASE WHEN place_id IS NULL THEN null ELSE coalesce(i_q + i_t, 1000000) END AS rank_delta
// δ first, then how likely the passage answers (the paper's order), then the id (passages of the same text in two
// statutes tie, and the order the searches found them in must not choose); the first k of each place kept, with the
// path down from the common ancestor to the passage's place (the shortest)
ORDER BY place_id, rank_delta, relevance DESC, cosine DESC, c.id
WITH place_id, c, d, cosine, relevance, features, chunk_places, evidence_place, lca, i_q, i_t, q_side,
     reduce(shortest = null, side IN [up = (evidence_place)/* include: ancestors */(lca) | nodes(up)] |
            CASE WHEN shortest IS NULL OR size(side) < size(shortest) THEN side ELSE shortest END) AS t_side
WITH place_id, collect({
  chunk_id: c.id, text: c.text, document_id: d.id, title: d.title, url: d.url, source: d.source,
  doc_type: d.doc_type, published: d.published, valid_from: d.valid_from, valid_to: d.valid_to, cosine: cosine,
  relevance: relevance, features: features, places: chunk_places,
  sentences: COLLECT { MATCH (c)-[:HAS_SENTENCE]->(s:Sentence)
                       RETURN [s.start, s.end, 2 * vector.similarity.cosine(s.embedding, $clause_embedding) - 1]
                       ORDER BY s.position },
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
