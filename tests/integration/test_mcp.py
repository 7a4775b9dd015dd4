"""`georisk mcp` as an MCP client sees it: the server runs as a subprocess, reached through the MCP
SDK's own client over stdio (and over streamable HTTP with --http), against the real test server with
the full U.S. geography and the small corpus of tests/integration/conftest.py (WORLD_DOCUMENTS). The
client's helpers: tests/unit/test_mcp.py."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
from mcp import Client

from georisk_graph import Graph, analyst

from ..servers import free_port
from ..unit.test_mcp import COMMAND, TOOLS, environment, stdio

# The first call waits for the server to load the embedding model, the gazetteer and spaCy.
FIRST_CALL_SECONDS = 600


def server_environment(server) -> dict[str, str]:
    return environment(server.settings.bolt_uri, Graph(server.settings).credentials())


async def call(client: Client, tool: str, **arguments: Any) -> dict[str, Any]:
    """A tool's structured result; fails with the tool's message when it reports an error."""
    result = await client.call_tool(tool, arguments, read_timeout_seconds=FIRST_CALL_SECONDS)
    assert not result.is_error, result.content[0].text
    assert result.structured_content is not None
    return result.structured_content


async def refused(client: Client, tool: str, **arguments: Any) -> str:
    """The message of a tool call that must come back as a tool error."""
    result = await client.call_tool(tool, arguments, read_timeout_seconds=FIRST_CALL_SECONDS)
    assert result.is_error, result.structured_content
    return result.content[0].text


def test_every_tool_over_stdio(world, server, tmp_path):
    env = server_environment(server)
    expected_places_under = analyst.run(world, "places_under", {"place": "Q485276", "levels": ["place"]})

    async def session() -> None:
        with open(tmp_path / "stderr.log", "w") as errlog:
            async with stdio(env, errlog) as client:
                listed = (await client.list_tools()).tools
                assert {t.name for t in listed} == TOOLS
                assert all(t.annotations and t.annotations.read_only_hint for t in listed)
                query_tool = next(t for t in listed if t.name == "run_analyst_query")
                assert "why_passage" in query_tool.description and "places_under" in query_tool.description

                # ask: an exact answer, with its evidence's δ and path
                exact = await call(client, "ask", question="Is there an outdoor burn ban in Spokane County?")
                assert exact["decision"] == "answer" and exact["warning"] is None
                first = exact["citations"][0]
                assert (first["doc_id"], first["delta"], first["relation"]) == ("spokane-county-burn-ban", 0, "exact")
                assert first["lca"]["id"] == "Q485276" and [p["id"] for p in first["path"]] == ["Q485276"]
                assert "Spokane County" in exact["answer"]
                warned = await call(client, "ask", question="Can I burn yard debris in Spokane?", as_of="2025-07-15")
                assert warned["decision"] == "warn" and warned["as_of"] == "2025-07-15"
                assert warned["warning"].startswith("This applies to Spokane County (county)")
                assert (warned["citations"][0]["relation"], warned["citations"][0]["delta"]) == ("broader", 1)
                nowhere = await call(client, "ask", question="Is there a burn ban in Xqwzville?")
                assert nowhere["decision"] == "abstain" and nowhere["answer"] is None
                assert "I could not place 'Xqwzville'" in nowhere["reason"]
                assert nowhere["place_needed"] is True and nowhere["unplaced"] == ["Xqwzville"]

                # explain_passage: the county's ban for the city inside it, a neighbour's rule for the county
                why = await call(client, "explain_passage", chunk_id=first["chunk_id"], place_id="Q187805")
                assert (why["relation"], why["delta"], why["decision"]) == ("broader", 1, "warn")
                assert why["path"] == "Spokane → Spokane County" and why["document"] == "spokane-county-burn-ban"
                neighbour = await call(client, "explain_passage", chunk_id="stevens-county-campfires#0",
                                       place_id="Q485276")
                assert (neighbour["relation"], neighbour["decision"]) == ("different", "abstain")

                # delta: the same δ the passage was explained with, and a city two steps below its state
                same = await call(client, "delta", place_a="Q187805", place_b="Q485276")
                assert (same["delta"], same["relation"]) == (why["delta"], why["relation"])
                abq = await call(client, "delta", place_a="Q34804", place_b="Q1522")
                assert (abq["delta"], abq["relation"], abq["lca"]["id"]) == (2, "broader", "Q1522")
                assert abq["path_text"] == "Albuquerque → Bernalillo County → New Mexico"

                # find_places: a name several places share, a question, a name no place has
                springfield = await call(client, "find_places", text="Springfield")
                assert springfield["places"][0]["id"] == "Q135615"
                assert "Q28515" in {a["id"] for a in springfield["places"][0]["alternatives"]}
                spokane = await call(client, "find_places", text="Can I burn yard debris in Spokane?")
                assert [p["id"] for p in spokane["places"]] == ["Q187805"]
                unknown = await call(client, "find_places", text="Is there a burn ban in Xqwzville?")
                assert unknown["places"] == [] and [u["surface"] for u in unknown["unresolved"]] == ["Xqwzville"]
                assert unknown["unplaced"] == ["Xqwzville"]

                # run_analyst_query: the same rows as the query run here, and a cap on what comes back
                under = await call(client, "run_analyst_query", name="places_under",
                                   parameters={"place": "Q485276", "levels": ["place"]})
                assert under["query"] == "analyst_places_under" and under["rows"] == expected_places_under
                assert "Q187805" in {r["id"] for r in under["rows"]}
                capped = await call(client, "run_analyst_query", name="administrative_parents", max_rows=5)
                assert len(capped["rows"]) == 5 and capped["truncated"] and capped["row_count"] > 30_000

                # bad arguments: clear tool errors, and the server keeps serving
                assert "unknown place id(s): Q0" in await refused(client, "delta", place_a="Q0", place_b="Q1522")
                assert "unknown place id(s): Q0" in await refused(client, "explain_passage",
                                                                  chunk_id=first["chunk_id"], place_id="Q0")
                assert "no passage has the chunk id 'nope#0'" in await refused(
                    client, "explain_passage", chunk_id="nope#0", place_id="Q485276")
                for name in ("no_such_query", "schema", "ingest_documents", str(tmp_path / "mine.cypher")):
                    message = await refused(client, "run_analyst_query", name=name)
                    assert f"{name!r} is not a read query of cypher/" in message and "places_under" in message
                missing = await refused(client, "run_analyst_query", name="places_under")
                assert "analyst_places_under needs" in missing and "place" in missing
                assert "is empty" in await refused(client, "ask", question="")
                assert "not a date" in await refused(client, "ask", question="Any burn ban in Spokane?", as_of="soon")
                assert (await call(client, "delta", place_a="Q485276", place_b="Q1223"))["delta"] == 1

    try:
        anyio.run(session)
    finally:
        print((tmp_path / "stderr.log").read_text()[-5000:])


def test_streamable_http_on_localhost(world, server, tmp_path):
    port = free_port()
    log = Path(tmp_path / "stderr.log")
    with open(log, "w") as errlog:
        process = subprocess.Popen([sys.executable, *COMMAND, "--http", str(port)], env=server_environment(server),
                                   stdin=subprocess.DEVNULL, stdout=errlog, stderr=errlog)
    try:
        async def session() -> None:
            for _ in range(600):  # until it listens
                assert process.poll() is None, log.read_text()
                try:
                    await (await anyio.connect_tcp("127.0.0.1", port)).aclose()
                    break
                except OSError:
                    await anyio.sleep(0.5)
            async with Client(f"http://127.0.0.1:{port}/mcp") as client:
                assert {t.name for t in (await client.list_tools()).tools} == TOOLS
                abq = await call(client, "delta", place_a="Q34804", place_b="Q1522")
                assert abq["path_text"] == "Albuquerque → Bernalillo County → New Mexico"

        anyio.run(session)
    finally:
        process.terminate()
        process.wait(timeout=60)
