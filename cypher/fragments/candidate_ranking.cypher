// candidate_ranking: each candidate's features, the relevance model's probability, its places, δ, relation and path,
// and the first k per question place (cypher/retrieve.cypher and retrieve_5.cypher, whatever searched the candidates).
// Takes vector_hits, geo_hits (the passages geography ties to a question place), worded_all and worded_scope;
// returns place_id and passages.
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
// whether a passage is the kind of document asked for (a rule for a question about the law, a fire report for one
// about what a fire did) and speaks of what is asked of an incident (its cause, for "what caused it") are features
// the relevance model weighs, not filters: a statute may answer a question about an incident's evacuations, and a
// report the question about the law that no statute speaks to
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
     CASE WHEN $question.wants IS NULL THEN 0.0 ELSE 1.0 END AS kind_asked,
     CASE WHEN $question.wants IS NOT NULL AND ($question.wants = 'incidents') = (d.doc_type = 'incident_report')
          THEN 1.0 ELSE 0.0 END AS kind_match,
     CASE WHEN size($question.aspects) = 0 AND size($question.record_fields) = 0 THEN 0.0 ELSE 1.0 END AS aspect_asked,
     CASE WHEN any(pattern IN $question.aspects WHERE c.text =~ pattern OR d.title =~ pattern)
            OR any(field IN $question.record_fields WHERE d[field] IS NOT NULL) THEN 1.0 ELSE 0.0 END
       AS aspect_match,
     CASE WHEN d.doc_type = 'statute' THEN 1.0 ELSE 0.0 END AS statute,
     reduce(most = 0.0, t IN $question.topic_terms |
       CASE WHEN coalesce(t.rarity, 1.0) > most AND NOT any(f IN t.family WHERE f IN coalesce(c.terms, []))
            THEN coalesce(t.rarity, 1.0) ELSE most END) AS unheld,
     CASE WHEN size($question.places) > 0 THEN 1.0 ELSE 0.0 END AS placed,
     CASE WHEN $question.law THEN 1.0 ELSE 0.0 END AS law,
     log(1.0 + size(split(trim(c.text), ' '))) AS length,
     CASE WHEN any(pattern IN $question.name_patterns WHERE c.text =~ pattern OR d.title =~ pattern)
            OR any(pattern IN $question.entity_patterns WHERE c.text =~ pattern OR d.title =~ pattern)
            // a report titled by the incident's name is about it where its text says only "the fire"
            OR any(title IN $question.incident_titles WHERE d.title =~ title)
          THEN 1.0 ELSE 0.0 END AS named
WITH c, d, cosine, {cosine: cosine, clause_cosine: clause_cosine, sentence_cosine: sentence_cosine, lexical: lexical,
                    title: title, bm25_scope: bm25_scope, bm25_all: bm25_all, formed: formed, kind_asked: kind_asked,
                    kind_match: kind_match, aspect_asked: aspect_asked, aspect_match: aspect_match, statute: statute,
                    length: length, unheld: unheld, placed: placed, law: law, law_not_statute: law * (1.0 - statute),
                    named: named, tied: tied, tied_lexical: tied * lexical, named_tied: named * tied,
                    named_placed: named * placed, named_cosine: named * cosine, placed_cosine: placed * cosine,
                    placed_lexical: placed * lexical} AS features
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
                       RETURN [s.start, s.end, 2 * vector.similarity.cosine(s.embedding, $clause_embedding) - 1, s.kind]
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
