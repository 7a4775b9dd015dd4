"""Run the analysts' named queries (``cypher/analyst_*.cypher``) read-only and show them as tables.

An analyst names a query and gives its parameters as ``key=value`` text; :func:`run` refuses any
query whose header says ``access: write`` and runs the rest in a read transaction, where the server
itself refuses a write. Parameters marked ``optional`` in the header may be left out (they are sent
as null, and the query chooses the default).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import queries
from .exceptions import QueryError
from .graph import Graph

PREFIX = "analyst_"


@dataclass(frozen=True)
class QueryParam:
    """One ``// param:`` line of a query header."""

    name: str
    description: str

    @property
    def optional(self) -> bool:
        return self.description.lower().startswith("optional")


def params_of(query: queries.NamedQuery) -> list[QueryParam]:
    """The parameters documented in the query's header, in order."""
    found = []
    for line in query.path.read_text().splitlines():
        text = line[2:].strip() if line.startswith("//") else ""
        if text.startswith("param:"):
            name, _, description = text.split(":", 1)[1].strip().partition(" ")
            found.append(QueryParam(name, description.strip()))
    return found


def summary_of(query: queries.NamedQuery) -> str:
    """The header's first line without the leading ``name:``."""
    prefix = f"{query.name}:"
    return query.summary[len(prefix):].strip() if query.summary.startswith(prefix) else query.summary


def analyst_queries(include_all: bool = False) -> list[queries.NamedQuery]:
    """The analyst queries (``analyst_*``); with ``include_all``, every named read query too."""
    found = queries.all_queries()
    if include_all:
        return [q for q in found if q.access == "read"]
    return [q for q in found if q.name.startswith(PREFIX)]


def find(name: str) -> queries.NamedQuery:
    """The named query (``places_under`` finds ``analyst_places_under``; any other named query by its
    full name), or a ``.cypher`` file of the analyst's own in the same header format."""
    if name.endswith(".cypher"):
        path = Path(name)
        if not path.is_file():
            raise QueryError(f"no such Cypher file: {path}")
        return queries.parse(path)  # the same header rules as cypher/, for the analyst's own files
    known = {q.name for q in queries.all_queries()}
    # The analyst query wins over a product query of the same short name (coverage_gaps), since
    # `cypher list` shows the analyst queries by their short names.
    if PREFIX + name in known:
        name = PREFIX + name
    return queries.load(name)


def parse_value(text: str) -> Any:
    """A parameter value from text: JSON (numbers, true/false, null, lists, quoted strings), a string
    or list written with single quotes as in Cypher (``'Q1223'``, ``['county']``), else the text itself."""
    stripped = text.strip()
    lowered = stripped.lower()
    if lowered in ("true", "false", "null"):
        return {"true": True, "false": False, "null": None}[lowered]
    if len(stripped) >= 2 and stripped[0] == stripped[-1] == "'":
        return stripped[1:-1]
    try:
        return json.loads(stripped)
    except ValueError:
        pass
    if stripped.startswith("["):
        try:
            return json.loads(stripped.replace("'", '"'))
        except ValueError:
            raise QueryError(f"not a list: {text!r}; write e.g. [\"county\"] or ['county']") from None
    # Ids such as Q485276 or census_place:5367167 are plain text, which is the common case.
    return text


def parse_params(pairs: list[str] | tuple[str, ...]) -> dict[str, Any]:
    """``["place=Q485276", "levels=['place']"]`` -> ``{"place": "Q485276", "levels": ["place"]}``."""
    params: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise QueryError(f"a parameter is written key=value, not {pair!r}")
        params[key.strip()] = parse_value(value)
    return params


def prepare(query: queries.NamedQuery, params: dict[str, Any]) -> dict[str, Any]:
    """Check the parameters against the header: refuse write queries, missing required parameters
    and unknown names; fill left-out optional ones with null."""
    if query.access != "read":
        raise QueryError(f"{query.name} is a write query (access: {query.access}); only read queries "
                         "run here")
    documented = params_of(query)
    names = {p.name for p in documented}
    unknown = sorted(set(params) - names)
    if unknown:
        raise QueryError(f"{query.name} has no parameter {', '.join(unknown)}; its parameters: "
                         + (", ".join(sorted(names)) or "none"))
    missing = [p.name for p in documented if not p.optional and p.name not in params]
    if missing:
        raise QueryError(f"{query.name} needs --param " + ", --param ".join(f"{m}=..." for m in missing))
    return {p.name: params.get(p.name) for p in documented}


def run(graph: Graph, name: str, params: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """Run a named read query in a read transaction; rows come back as dicts."""
    query = find(name)
    values = prepare(query, params or {})
    rows: list[dict[str, Any]] = []
    for statement in query.statements:
        rows = graph.execute_read_only(statement, values)
    return rows


def _cell(value: Any, width: int) -> str:
    if value is None:
        text = ""
    elif isinstance(value, float):
        text = f"{value:.4g}"
    elif isinstance(value, (list, tuple)):
        text = "; ".join(_cell(v, 10_000) for v in value)
    elif isinstance(value, dict):
        text = json.dumps(value, ensure_ascii=False, default=str)
    else:
        text = str(value)
    text = " ".join(text.split())  # chunk text carries newlines; a table row must not
    return text if len(text) <= width else text[: width - 1] + "…"


def format_table(rows: list[dict[str, Any]], *, max_width: int = 60) -> str:
    """Rows as an aligned text table, one column per key; long cells are cut at ``max_width``."""
    if not rows:
        return "(no rows)"
    columns = list(rows[0])
    cells = [[_cell(row.get(c), max_width) for c in columns] for row in rows]
    widths = [max(len(c), *(len(r[i]) for r in cells)) for i, c in enumerate(columns)]
    line = lambda values: "  ".join(v.ljust(w) for v, w in zip(values, widths)).rstrip()  # noqa: E731
    out = [line(columns), line(["-" * w for w in widths])]
    out += [line(r) for r in cells]
    out.append(f"({len(rows)} row{'s' if len(rows) != 1 else ''})")
    return "\n".join(out)
