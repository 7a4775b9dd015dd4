// analyst_glossary: the corpus's glossary: each acronym, what it stands for, how many passages spell it out and the documents that do.
// access: read
// param: term  optional acronym to show alone, e.g. 'BAER' (null for every term)
MATCH (t:Term)
WHERE $term IS NULL OR toLower(t.name) = toLower($term)
OPTIONAL MATCH (t)-[:DEFINED_IN]->(c)
OPTIONAL MATCH (d:Document {id: c.document_id})
WITH t, collect(DISTINCT d.title)[..5] AS documents
RETURN t.name AS term, t.expansion AS expansion, t.passages AS passages, documents
ORDER BY passages DESC, term
