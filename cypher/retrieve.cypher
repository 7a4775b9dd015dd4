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
//   doc_kinds         the kinds of document those filtered searches take, one search each: [rules] and
//                     [incident reports], so neither kind crowds the other out of the nearest
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
//                     query of the passage_scope_words index ('text:(...) AND (state:"Q1223" OR ...)'), or null
//   year              the year the question gives ('2021'), or null: only incident reports of that year count
//   wants             the kind of document asked for: 'rules' for a question whose clause that asks is about the
//                     law, 'incidents' for one about what a fire did, or null for either; a feature of the model
//                     (kind_asked, kind_match), never a filter
//   aspects           regular expressions, one per thing the question asks of an incident (its evacuations,
//                     acres, containment, cause or damage; restrictions and bans), each matching a whole text that
//                     speaks of it (the features aspect_asked, aspect_match; never a filter); [] for none
//   record_fields     the Document properties of an incident's record that give the figures asked for ('acres',
//                     'percent_contained'): such a question asks something of an incident (aspect_asked), and a
//                     report whose record gives one speaks of it, whatever its text says (aspect_match); [] for none
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
// Neo4j 5.x, whose vector index cannot filter, and returns the same rows. The two differ only in how they
// search candidates: the full-text candidates (fragments/text_candidates) and the features, the relevance
// model and the ranking (fragments/candidate_ranking) are written once and included by both.
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
// include: text_candidates
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
// include: candidate_ranking
