// sentence_kinds_missing: how many sentences are stored without the kind of statement they make or with one another
// model read (see sentence_kinds_pending).
// access: read
// param: model   the digest of the statement-kind model in use
MATCH (s:Sentence)
WHERE s.kind IS NULL OR s.kind_model IS NULL OR s.kind_model <> $model
RETURN count(s) AS missing
