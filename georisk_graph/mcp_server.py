"""GeoRisk as a Model Context Protocol server: desktop assistants and IDEs call its tools.

``georisk mcp`` serves on stdin/stdout (what a desktop client launches); ``georisk mcp --http PORT``
serves streamable HTTP on 127.0.0.1 only. The tools:

- ``ask``: a question (and the day it is asked on) → the decision, the answer, its warning and reason,
  and the citations with δ, relation, common ancestor and path;
- ``explain_passage``: a chunk id and a place id → why that passage is or is not evidence for the place
  (``cypher/analyst_why_passage.cypher``);
- ``delta``: two place ids → δ, relation, common ancestor and path (``cypher/delta.cypher``);
- ``find_places``: a name or a question → the places it names, with the candidates and the other places
  of a shared name;
- ``run_analyst_query``: a named query of ``cypher/`` whose header says ``// access: read``, with its
  parameters, run in a read transaction under the query time limit (GEORISK_QUERY_TIMEOUT).

Settings come from the environment (``NEO4J_URI``, ``NEO4J_USER``, ``NEO4J_PASSWORD``, ``GEORISK_*``).
The GeoRisk client connects in the background when the server starts, and again on the next tool call
if that failed: a database that is down, a place id that is not in the graph or a query name that is
not allowed comes back as a tool error that says so (``is_error`` with the message), never as a crash.
"""

from __future__ import annotations

import json
import logging
import threading
from contextlib import asynccontextmanager, contextmanager
from typing import Annotated, Any, AsyncIterator, Iterator

try:
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ToolError
    from mcp.types import ToolAnnotations
    from pydantic import Field
except ImportError as err:  # an extra: the rest of the SDK works without it
    raise ImportError("georisk_graph.mcp_server needs the MCP SDK, which is not installed: "
                      "pip install 'georisk-graph[mcp]'") from err

from . import __version__, analyst, queries
from .client import GeoRisk
from .delta import delta_many
from .exceptions import GeoRiskError, PlaceNotFound
from .graph import Graph
from .settings import Settings

log = logging.getLogger(__name__)

# Rows a named query hands back at most unless asked for more: a client reads them into a model's
# context, and administrative_parents alone returns every place of the country.
DEFAULT_ROWS = 200
MAX_ROWS = 5000

INSTRUCTIONS = (
    "GeoRisk answers questions about wildfire and hazard rules and incidents for U.S. places from a Neo4j "
    "graph of documents and the containment of places (city in county in state). Every piece of evidence "
    "carries δ, the number of containment steps between the question's place and the evidence's place "
    "through their lowest common ancestor: 0 is exact, a broader passage covers a place that contains the "
    "question's, a narrower one a place inside it, a different one only shares an ancestor. The decision is "
    "answer, warn (say the warning: the evidence is for a wider or narrower place, or old) or abstain (say the "
    "reason; do not answer from other knowledge). Place ids are Wikidata QIDs such as Q1522 or ids such as "
    "census_place:0655520; find_places gives them.")

# What a client reads about each parameter (the tools' input schema).
Question = Annotated[str, Field(description="the question, in words")]
Day = Annotated[str | None, Field(description="the day the question is asked on, YYYY-MM-DD; default today")]
PlaceId = Annotated[str, Field(description="a place id: a Wikidata QID such as 'Q1522' (New Mexico), or an id "
                                           "such as 'census_place:0655520'; find_places gives them")]
ChunkId = Annotated[str, Field(description="a passage's id, e.g. 'spokane-county-burn-ban#0' (ask's citations "
                                           "give them as chunk_id)")]
Overlaps = Annotated[bool, Field(description="also follow the looser links of forests, parks, tribal areas and "
                                             "wildfires")]
QueryName = Annotated[str, Field(description="the query's name, e.g. 'places_under' or 'analyst_places_under'")]
QueryParameters = Annotated[dict[str, Any] | None, Field(description="its parameters as named in its header, "
                                                                     "e.g. {\"place\": \"Q485276\"}")]
MaxRows = Annotated[int, Field(description=f"rows returned at most, 1 to {MAX_ROWS}")]


@contextmanager
def reported() -> Iterator[None]:
    """GeoRisk's own errors as tool errors carrying their message (the database is down, an unknown place)."""
    try:
        yield
    except GeoRiskError as err:
        raise ToolError(str(err)) from err


class GeoRiskTools:
    """The tools' state: one GeoRisk client, connected once, shared by the tool calls (the SDK runs each
    call in a worker thread, and the client is safe to share between threads)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._client: GeoRisk | None = None
        self._graph: Graph | None = None
        self._lock = threading.Lock()

    def georisk(self) -> GeoRisk:
        """The connected client (connecting it now if it is not)."""
        with self._lock:
            if self._client is None:
                self._client = GeoRisk.connect(self.settings)
            return self._client

    def graph(self) -> Graph:
        """The client's graph once it is connected, else a graph of its own: the tools that only run queries
        need no model loaded."""
        with self._lock:
            if self._client is not None:
                return self._client.graph
            if self._graph is None:
                self._graph = Graph(self.settings)
            return self._graph.connect()

    def warm(self) -> None:
        """Connect ahead of the first call; a failure is logged and the first call tries again."""
        try:
            self.georisk()
        except Exception as err:  # the first tool call reports it to the client
            log.warning("GeoRisk could not connect yet (%s); the next tool call tries again", err)

    def close(self) -> None:
        with self._lock:
            for holder in (self._client, self._graph):
                if holder is not None:
                    holder.close()

    # -- the tools: each docstring is what a client reads about it --------------------------------------
    def ask(self, question: Question, as_of: Day = None) -> dict[str, Any]:
        """Answer a question about hazard rules or incidents for a U.S. place. Returns the decision (answer,
        warn or abstain), the answer text, the warning to pass on, the reason, whether the place is needed
        (place_needed: the answer depends on where and no known place was given; ask the user for it, unplaced
        naming the words that could not be placed), the places read in the question and the citations, each with delta (δ), relation (exact, broader, narrower, different), the common
        ancestor (lca), the containment path and the evidence's dates. Evidence from after as_of is not used."""
        with reported():
            answer = self.georisk().ask(question, as_of=as_of)
        full = answer.to_dict()
        keep = ("question", "decision", "answer", "warning", "reason", "place_needed", "unplaced", "as_of", "asked_day",
                "notes", "query_places", "decisions", "citations")
        return {key: full[key] for key in keep}

    def explain_passage(self, chunk_id: ChunkId, place_id: PlaceId, include_overlaps: Overlaps = False,
                        ) -> dict[str, Any]:
        """Why one passage is or is not evidence for a place: the passage's scope and mentioned places, δ, the
        common ancestor, the path, the relation, and the decision the passage alone would lead to, with the
        reason."""
        with reported():
            graph = self.graph()
            rows = analyst.run(graph, "analyst_why_passage",
                               {"place": place_id, "chunk": chunk_id, "include_overlaps": include_overlaps})
            if not rows:
                missing = graph.run("places_missing", ids=[place_id])[0]["missing"]
                if missing:
                    raise PlaceNotFound(missing)
                raise ToolError(f"no passage has the chunk id {chunk_id!r}: a chunk id is its document's id, '#' and "
                                "the passage's number, e.g. 'spokane-county-burn-ban#0'; ask gives them in its "
                                "citations (chunk_id)")
        return plain(rows[0])

    def delta(self, place_a: PlaceId, place_b: PlaceId, include_overlaps: Overlaps = False) -> dict[str, Any]:
        """δ between two places: place_a is the question's place, place_b the evidence's. Returns delta (null
        when they share no ancestor), i_q and i_t (the steps up from each to the common ancestor), the
        relation, the common ancestor (lca) and the path through it."""
        with reported():
            result = delta_many(self.graph(), place_a, [place_b], include_overlaps=include_overlaps)[0]
        return {**result.to_dict(), "path_text": result.path_text()}

    def find_places(self, text: Annotated[str, Field(description="a place name or a question naming places")],
                    ) -> dict[str, Any]:
        """The places a name or a question names, as GeoRisk reads them: each with its id, level, how it was
        resolved (method: by its name, another name, a ZIP code ..., with confidence the probability), the
        candidates considered and, for a name several places share, the other places of that name
        (alternatives); the names that matched no known place (unresolved), and every word written as a place
        that nothing places (unplaced)."""
        with reported():
            [reading] = self.georisk().read([text])
        return {
            "places": [p.to_dict() for p in reading.places],
            "unresolved": [{"surface": p.surface, "reason": p.reason} for p in reading.unresolved],
            "unplaced": list(reading.unplaced),
            "notes": list(reading.caveats),
        }

    def run_analyst_query(self, name: QueryName, parameters: QueryParameters = None,
                          max_rows: MaxRows = DEFAULT_ROWS) -> dict[str, Any]:
        """Run one of GeoRisk's named read-only Cypher queries (cypher/) with its parameters, in a read
        transaction under the query time limit. At most max_rows rows come back; row_count says how many
        there were."""
        query = read_query(name)
        if not 1 <= max_rows <= MAX_ROWS:
            raise ToolError(f"max_rows must be between 1 and {MAX_ROWS}, not {max_rows}")
        with reported():
            rows = analyst.run(self.graph(), query.name, parameters or {})
        return {"query": query.name, "row_count": len(rows), "truncated": len(rows) > max_rows,
                "rows": [plain(row) for row in rows[:max_rows]]}


def read_queries() -> dict[str, queries.NamedQuery]:
    """The named queries of cypher/ a client may run: those whose header says ``// access: read``."""
    return {q.name: q for q in analyst.analyst_queries(include_all=True)}


def read_query(name: str) -> queries.NamedQuery:
    """The read query called ``name`` (an analyst query also by its short name, ``places_under``), or a
    tool error listing the names allowed; a path to a file of one's own is not a name."""
    allowed = read_queries()
    found = allowed.get(name) or allowed.get(analyst.PREFIX + name)
    if found is None:
        raise ToolError(f"{name!r} is not a read query of cypher/; the allowed names: {', '.join(sorted(allowed))}")
    return found


def plain(row: dict[str, Any]) -> dict[str, Any]:
    """A row as JSON values (a date or a point as its text)."""
    loaded: dict[str, Any] = json.loads(json.dumps(row, ensure_ascii=False, default=str))
    return loaded


def describe_read_queries() -> str:
    """The allowed query names for the tool's description: the analyst queries with their parameters and
    what they return, then the other read queries by name."""
    lines = []
    others = []
    for query in read_queries().values():
        if not query.name.startswith(analyst.PREFIX):
            others.append(query.name)
            continue
        params = ", ".join(f"{p.name} ({p.description})" for p in analyst.params_of(query)) or "none"
        lines.append(f"- {query.name.removeprefix(analyst.PREFIX)}: {analyst.summary_of(query)} Parameters: {params}")
    return "\n".join(lines) + "\nOther read queries (by their full name): " + ", ".join(others)


def build_server(settings: Settings) -> tuple[MCPServer, GeoRiskTools]:
    """The MCP server with GeoRisk's tools on ``settings``; nothing connects until it runs."""
    tools = GeoRiskTools(settings)

    @asynccontextmanager
    async def lifespan(_: MCPServer) -> AsyncIterator[None]:
        # in a thread of its own: loading the models takes seconds, and the server answers meanwhile
        threading.Thread(target=tools.warm, name="georisk-connect", daemon=True).start()
        yield

    server: MCPServer = MCPServer("georisk", title="GeoRisk-Graph", version=__version__,
                                  instructions=INSTRUCTIONS, log_level="WARNING", lifespan=lifespan)
    read_only = ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True,
                                open_world_hint=False)
    titled = ((tools.ask, "Ask GeoRisk"), (tools.explain_passage, "Explain a passage for a place"),
              (tools.delta, "Geographic distance δ"), (tools.find_places, "Find places"),
              (tools.run_analyst_query, "Run a named read query"))
    for tool, title in titled:
        description = " ".join((tool.__doc__ or "").split())  # one paragraph, without the source's indentation
        if tool == tools.run_analyst_query:
            description += "\n" + describe_read_queries()
        server.add_tool(tool, title=title, description=description, annotations=read_only)
    return server, tools


def serve(settings: Settings, *, http_port: int | None = None) -> None:
    """Serve until the client goes away (stdio) or Ctrl-C (``http_port``: streamable HTTP on 127.0.0.1)."""
    server, tools = build_server(settings)
    try:
        if http_port is None:
            server.run("stdio")
        else:
            server.run("streamable-http", host="127.0.0.1", port=http_port)
    finally:
        tools.close()
