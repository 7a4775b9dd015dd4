// sentence_kinds: store the kind of statement each sentence makes (georisk_graph.statements), its share and the
// digest of the model that read it; idempotent.
// access: write
// param: sentences  list of {id, kind, kind_share, kind_model}
UNWIND $sentences AS sentence
MATCH (s:Sentence {id: sentence.id})
SET s.kind = sentence.kind, s.kind_share = sentence.kind_share, s.kind_model = sentence.kind_model
