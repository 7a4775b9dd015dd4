// passage_places: the places passage c of document d is about, before qualifiers are dropped: scope
// (its document's APPLIES_TO places) and mentioned (the places it names). A fire report tells one
// fire's story, so for an incident report mentioned also holds the places inside its scope that any
// of its passages names: a town the report names is a town the fire touched, whichever passage names
// it ("the Camp Fire that hit Paradise": its containment passage is about Paradise too). Other
// documents' passages count only their own mentions.
CALL (c, d) {
  OPTIONAL MATCH (d)-[:APPLIES_TO]->(s:Place)
  WITH collect(DISTINCT s) AS scope
  OPTIONAL MATCH (c)-[:MENTIONS]->(m:Place)
  WITH scope, collect(DISTINCT m) AS own
  RETURN scope, own + COLLECT {
    MATCH (d)-[:HAS_CHUNK]->(:Chunk)-[:MENTIONS]->(o:Place)
    WHERE d.doc_type = 'incident_report' AND NOT o IN own
      AND EXISTS { MATCH (o)/* include: ancestors */(x) WHERE x <> o AND x IN scope }
    RETURN DISTINCT o
  } AS mentioned
}
