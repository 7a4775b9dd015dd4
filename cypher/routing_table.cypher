// routing_table: the members that serve routing, reads and writes of a database, as the server tells a driver connected through a neo4j:// address.
// access: read
// param: database  the database's name
// On a cluster the WRITE role names the leader and READ the secondaries / read replicas; a single server
// names itself for all three roles.
CALL dbms.routing.getRoutingTable({}, $database) YIELD ttl, servers
UNWIND servers AS server
RETURN server.role AS role, server.addresses AS addresses, ttl
ORDER BY role
