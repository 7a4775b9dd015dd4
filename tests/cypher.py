"""Ad-hoc Cypher for the tests' own set-up and clean-up, sent with the official driver: the SDK runs
only its named queries (``Graph.run``) and, for analysts, read-only Cypher (``Graph.execute_read_only``,
which the tests use for the reads they check)."""

from __future__ import annotations

from typing import Any


def write_cypher(graph: Any, statement: str, params: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """Run ``statement`` in an auto-commit transaction (so ``CALL { } IN TRANSACTIONS`` may commit its
    own batches), sharing the SDK's bookmarks, and return its rows."""
    with graph.driver.session(database=graph.settings.neo4j_database,
                              bookmark_manager=graph.driver.execute_query_bookmark_manager) as session:
        return [record.data() for record in session.run(statement, params or {})]
