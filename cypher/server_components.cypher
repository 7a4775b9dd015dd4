// server_components: the version and edition of the Neo4j server (read once per connection: it decides which queries run).
// access: read
CALL dbms.components() YIELD name, versions, edition
WHERE name = 'Neo4j Kernel'
RETURN versions[0] AS version, edition
