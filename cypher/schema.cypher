// schema: the constraints and indexes of the GeoRisk graph; every statement is idempotent.
// access: write
// The chunk vector index is in vector_index.cypher (vector_index_5.cypher on Neo4j 5.x).
CREATE CONSTRAINT place_id IF NOT EXISTS FOR (p:Place) REQUIRE p.id IS UNIQUE;
CREATE CONSTRAINT document_id IF NOT EXISTS FOR (d:Document) REQUIRE d.id IS UNIQUE;
CREATE CONSTRAINT chunk_id IF NOT EXISTS FOR (c:Chunk) REQUIRE c.id IS UNIQUE;
CREATE INDEX place_qid IF NOT EXISTS FOR (p:Place) ON (p.qid);
CREATE INDEX place_level IF NOT EXISTS FOR (p:Place) ON (p.level);
CREATE INDEX document_source IF NOT EXISTS FOR (d:Document) ON (d.source);
CREATE FULLTEXT INDEX place_names IF NOT EXISTS FOR (p:Place) ON EACH [p.name, p.aliases];
// a passage's words and its document's title (c.heading: a statute's section heading, a report's incident name),
// read by Lucene's English analyser, so "buses" meets "bus" and "evacuated" "evacuation"
CREATE FULLTEXT INDEX passage_words IF NOT EXISTS FOR (c:Chunk) ON EACH [c.text, c.heading]
  OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}};
// the same with the state, county and locality a chunk is about (chunk_filters.cypher), so a full-text search
// can keep to a question place's scope: '(text:(burn permit) OR heading:(burn permit)) AND state:"Q1223"'
CREATE FULLTEXT INDEX passage_scope_words IF NOT EXISTS FOR (c:Chunk) ON EACH [c.text, c.heading, c.state, c.county, c.locality]
  OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}};
// the full-text indexes of passages before the English analyser (their words unstemmed)
DROP INDEX chunk_text IF EXISTS;
DROP INDEX chunk_scope_text IF EXISTS;
CREATE CONSTRAINT sentence_id IF NOT EXISTS FOR (s:Sentence) REQUIRE s.id IS UNIQUE;
CREATE FULLTEXT INDEX document_title IF NOT EXISTS FOR (d:Document) ON EACH [d.title];
// the corpus's glossary (georisk_graph/ingest/glossary.py): a term by its id, and by its key as questions are read
CREATE CONSTRAINT term_id IF NOT EXISTS FOR (t:Term) REQUIRE t.id IS UNIQUE;
CREATE INDEX term_key IF NOT EXISTS FOR (t:Term) ON (t.key);
CALL db.awaitIndexes(300)
