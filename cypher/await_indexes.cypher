// await_indexes: wait until every index is online (after a bulk write), up to $seconds.
// access: read
// param: seconds   how long to wait at most
// timeout: none   (it waits up to $seconds, and no longer)
CALL db.awaitIndexes($seconds)
