"""`georisk mcp` as an MCP client sees it, with no database behind it: the server runs as a subprocess,
reached through the MCP SDK's own client over stdio, and each tool reports the database down as a tool
error. Against the real test server: tests/integration/test_mcp.py."""

from __future__ import annotations

import os
import sys
import time
from typing import Any

import anyio
from mcp import Client
from mcp.client.stdio import StdioServerParameters, stdio_client

from ..servers import free_port

TOOLS = {"ask", "explain_passage", "delta", "find_places", "run_analyst_query"}
# `georisk mcp`; the module's own entry point runs the same server where the command is not registered
COMMAND = ["-m", "georisk_graph.cli", "mcp"]


def environment(uri: str, credentials: tuple[str, str] | None) -> dict[str, str]:
    """The subprocess's environment: this one's, pointed at ``uri`` through NEO4J_* alone."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("NEO4J_")}
    user, password = credentials or ("neo4j", "")
    return env | {"NEO4J_URI": uri, "NEO4J_USER": user, "NEO4J_PASSWORD": password}


def stdio(env: dict[str, str], errlog: Any) -> Client:
    return Client(stdio_client(StdioServerParameters(command=sys.executable, args=COMMAND, env=env), errlog=errlog))


def test_a_database_that_is_down_is_a_tool_error_within_seconds(tmp_path):
    uri = f"bolt://127.0.0.1:{free_port()}"  # nobody listens there

    async def session() -> None:
        with anyio.fail_after(180), open(tmp_path / "stderr.log", "w") as errlog:
            async with stdio(environment(uri, ("neo4j", "not-a-password")), errlog) as client:
                assert {t.name for t in (await client.list_tools()).tools} == TOOLS
                for tool, arguments in (("delta", {"place_a": "Q34804", "place_b": "Q1522"}),
                                        ("ask", {"question": "Is there a burn ban in Spokane County?"}),
                                        ("run_analyst_query", {"name": "places_under", "parameters": {"place": "Q1"}})):
                    started = time.monotonic()
                    result = await client.call_tool(tool, arguments, read_timeout_seconds=60)
                    assert time.monotonic() - started < 30, tool
                    assert result.is_error and f"Neo4j is not running at {uri}" in result.content[0].text, tool

    anyio.run(session)
