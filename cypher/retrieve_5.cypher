// retrieve_5: (Neo4j 5.x, whose vector index cannot filter; the same rows as retrieve.cypher) the passages that answer a question, ranked by geographic distance first and the probability that they answer second (georisk_graph.relevance), with that probability and its features, delta, relation, common ancestor and path.
// access: read
// param: embedding         the question's embedding (same model and dimension as the index)
// param: vector_index      the chunk vector index (chunk_embedding)
// param: clause_embedding  the embedding of the question's clause that asks (the question itself when it is one)
// param: pool              how many candidates to take from the whole vector index
// param: wide_pool         how many vector candidates to look through for passages inside a question place that
//                          is the country (>= pool; the client passes pool itself unless a question place is a state
//                          or the country)
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
//
// Neo4j 5.x: the vector index cannot filter, so the passages geography ties to a question place are read
// through the graph (the rules of the jurisdictions holding it, the passages about it and the places inside
// it, below the state level) instead of filtered vector searches, and `geo_pool` is not used; the features,
// the relevance model and the ranking are the fragments both include (text_candidates, candidate_ranking), and
// the rows are the same.
CALL db.index.vector.queryNodes($vector_index, $wide_pool, $embedding) YIELD node
WITH collect(node) AS wide
WITH wide, wide[..$pool] AS nearest
// include: text_candidates
CALL (wide, worded_all, worded_scope) {
  WITH wide, [h IN worded_all[..200] | h.c] + [h IN worded_scope | h.c] AS worded
  UNWIND $question.places AS place_id
  MATCH (q:Place {id: place_id})
  CALL (q, wide, worded) {
    // rules that apply to a whole jurisdiction containing the place (a state statute, a county
    // ordinance), and the fire reports of the county it lies in (broader evidence for a town: a county's
    // burn ban in a fire's report)
    MATCH (q)/* include: ancestors */(a:Place)
    WHERE a <> q AND a.level <> $geo.country
    MATCH (a)<-[:APPLIES_TO]-(d:Document)-[:HAS_CHUNK]->(c:Chunk)
    WHERE d.doc_type <> 'incident_report' OR a.level = $geo.county
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
// include: candidate_ranking
