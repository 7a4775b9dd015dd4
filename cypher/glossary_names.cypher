// glossary_names: the acronyms of the corpus's glossary as written ('IMT', 'LATs'): a question's word the corpus
// spells out as an acronym is that term, not another name GeoNames gives a place ("What does IMT stand for?").
// access: read
MATCH (t:Term)
RETURN t.name AS name
ORDER BY name
