// glossary_passages: every stored passage's id and text, the incidents' dated versions' too, read to find the acronyms the corpus spells out (georisk_graph/ingest/glossary.py).
// access: read
MATCH (c:Chunk)
RETURN c.id AS chunk, c.text AS text
UNION ALL
MATCH (c:VersionChunk)
RETURN c.id AS chunk, c.text AS text
