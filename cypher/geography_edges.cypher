// geography_edges: create or update LOCATED_IN containment edges (child to parent) from a batch.
// access: write
// param: rows   list of {child, parent, hash, props}; props: relation, administrative, method, primary, share, source
// `administrative` is true for located_in (P131-like containment) and false for the looser
// located_in_or_overlaps links of forests, parks, tribal areas and wildfires, so delta can use
// administrative edges alone.
UNWIND $rows AS row
MATCH (c:Place {id: row.child})
MATCH (p:Place {id: row.parent})
MERGE (c)-[r:LOCATED_IN]->(p)
WITH r, row, r.row_hash IS NULL AS created
WHERE created OR r.row_hash <> row.hash
SET r += row.props, r.row_hash = row.hash
RETURN sum(CASE WHEN created THEN 1 ELSE 0 END) AS created,
       sum(CASE WHEN created THEN 0 ELSE 1 END) AS updated
