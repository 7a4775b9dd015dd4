// server_set_password: give the local server's neo4j user the generated password, replacing Neo4j's default one (run on the system database, logged in with the default password).
// access: write
// param: old the current password (Neo4j's default, neo4j)
// param: new the generated password from the password file
ALTER CURRENT USER SET PASSWORD FROM $old TO $new
