// chunk_sentences_missing: how many passages are stored without their sentences (see chunk_sentences_pending).
// access: read
MATCH (c:Chunk)
WHERE NOT EXISTS { (c)-[:HAS_SENTENCE]->(:Sentence) }
RETURN count(c) AS missing
