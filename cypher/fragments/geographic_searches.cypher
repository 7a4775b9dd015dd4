// geographic_searches: the nearest passages inside a question place's state, its county, and about the place itself, of each kind of document that can answer, from inside the vector index.
// Takes q (the question place), here (its id), states and counties (the ids of the state and county it
// lies in or is) and $question.doc_kinds, $embedding, $geo_pool; returns c, each passage found once (the
// searches are joined by UNION). One search per level and kind of document: a state's fire
// reports (3,950 passages in California) must not fill the nearest places and crowd out its rules
// (43 statute passages), nor the reverse. SEARCH names its index in the text: chunk_embedding.
WITH states WHERE size(states) > 0
UNWIND $question.doc_kinds AS types
MATCH (c:Chunk)
  SEARCH c IN (VECTOR INDEX chunk_embedding FOR $embedding WHERE c.state IN states AND c.doc_type IN types LIMIT $geo_pool) SCORE AS score
RETURN c
UNION
WITH counties WHERE size(counties) > 0
UNWIND $question.doc_kinds AS types
MATCH (c:Chunk)
  SEARCH c IN (VECTOR INDEX chunk_embedding FOR $embedding WHERE c.county IN counties AND c.doc_type IN types LIMIT $geo_pool) SCORE AS score
RETURN c
UNION
WITH q, here WHERE NOT q.level IN $geo.wide AND q.level <> $geo.county
UNWIND $question.doc_kinds AS types
MATCH (c:Chunk)
  SEARCH c IN (VECTOR INDEX chunk_embedding FOR $embedding WHERE c.locality = here AND c.doc_type IN types LIMIT $geo_pool) SCORE AS score
RETURN c
