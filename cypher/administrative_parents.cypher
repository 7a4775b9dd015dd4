// administrative_parents: every place with its administrative parents (the DAG the Python reference of delta walks).
// access: read
MATCH (c:Place)-[r:LOCATED_IN]->(p:Place)
WHERE r.administrative
RETURN c.id AS child, collect(p.id) AS parents
