// geography_places: create or update Place nodes from a batch of rows; returns how many changed.
// access: write
// param: rows   list of {id, label, hash, props, create_only}; props holds only the known properties
// A create_only row (a bare name from a SPARQL result) never overwrites a known place.
// A row whose content hash equals the stored one is left alone, so a repeated load writes nothing.
UNWIND $rows AS row
MERGE (p:Place {id: row.id})
WITH p, row, p.row_hash IS NULL AS created
WHERE created OR (p.row_hash <> row.hash AND NOT coalesce(row.create_only, false))
SET p += row.props, p.row_hash = row.hash
SET p:$(row.label)
RETURN sum(CASE WHEN created THEN 1 ELSE 0 END) AS created,
       sum(CASE WHEN created THEN 0 ELSE 1 END) AS updated
