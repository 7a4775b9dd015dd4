"""The named Cypher statements of cypher/: query text is data, values travel as parameters.

Each ``cypher/NAME.cypher`` file opens with ``//`` comment lines: the first says what the query is for;
a line ``// access: read`` or ``// access: write`` says how it must be routed; ``// param: name ...``
lines document the parameters; ``// timeout: none`` marks a query that bounds itself, which the
client's time limit (GEORISK_QUERY_TIMEOUT) leaves alone. Several statements in one file are separated by ``;`` at a line end
and run in order (the schema file does this).

A line ``// include: NAME`` stands for the Cypher of ``cypher/fragments/NAME.cypher``, indented as
the line is: an idea several queries share (the tie-break that picks the lowest common ancestor, the
relation it implies) is written once there. Inside a line, ``/* include: NAME */`` stands for a
one-line fragment: ``(p)/* include: ancestors */(a:Place)`` is ``p`` and each place that contains it. What
runs, what ``georisk cypher show`` prints and what the Browser guide holds is the composed text.

A query that names ``$geo`` gets the administrative level lists of :func:`georisk_graph.geo.cypher_levels`
(``$geo.states``, ``$geo.wide``, ``$geo.county``, ``$geo.country``) from the client: one definition of the
levels for the Python code and the Cypher alike.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

from .exceptions import QueryError


@dataclass(frozen=True)
class NamedQuery:
    name: str
    summary: str
    access: str  # "read" or "write"
    params: tuple[str, ...]
    statements: tuple[str, ...]
    path: Path
    listing: str  # the file with its comments and its fragments included: what to read or paste into Browser
    client_timeout: bool = True  # False: "// timeout: none", the query bounds itself

    @property
    def text(self) -> str:
        return ";\n".join(self.statements)


def cypher_dir() -> Path:
    """The folder holding the .cypher files (installed as ``georisk_graph.cypher``)."""
    return Path(str(resources.files("georisk_graph.cypher")))


_INCLUDE = re.compile(r"^(\s*)// include: (\w+)\s*$")
_INLINE = re.compile(r"/\* include: (\w+) \*/")


def _fragment(name: str, used_in: Path) -> list[str]:
    path = cypher_dir() / "fragments" / f"{name}.cypher"
    if not path.is_file():
        known = ", ".join(sorted(p.stem for p in (cypher_dir() / "fragments").glob("*.cypher")))
        raise QueryError(f"{used_in}: '// include: {name}' names no file cypher/fragments/{name}.cypher; "
                         f"known fragments: {known}")
    return [line for line in path.read_text().splitlines() if line.strip() and not line.lstrip().startswith("//")]


def _inline(line: str, path: Path) -> str:
    """``line`` with each ``/* include: NAME */`` replaced by that one-line fragment's Cypher."""
    return _INLINE.sub(lambda m: " ".join(part.strip() for part in _fragment(m.group(1), path)), line)


def compose(text: str, path: Path) -> str:
    """``text`` with each ``// include: NAME`` line replaced by that fragment's Cypher."""
    lines: list[str] = []
    for line in text.splitlines():
        include = _INCLUDE.match(line)
        if include:
            indent, name = include.groups()
            lines.extend(indent + _inline(part, path) for part in _fragment(name, path))
        elif line.lstrip().startswith("//"):
            lines.append(line)
        else:
            lines.append(_inline(line, path))
    return "\n".join(lines) + ("\n" if text.endswith("\n") else "")


def parse(path: Path) -> NamedQuery:
    """The query in ``path``, a file in the format above (cypher/ or an analyst's own)."""
    text = compose(path.read_text(), path)
    header = [line[2:].strip() for line in text.splitlines() if line.startswith("//")]
    summary = header[0] if header else ""
    access = "read"
    client_timeout = True
    params: list[str] = []
    for line in header:
        if line.startswith("access:"):
            access = line.split(":", 1)[1].strip()
        elif line.startswith("timeout:"):
            value = (line.split(":", 1)[1].split() or [""])[0]
            if value != "none":
                raise QueryError(f"{path}: a timeout line can only say 'timeout: none', not {value!r}")
            client_timeout = False
        elif line.startswith("param:"):
            params.append(line.split(":", 1)[1].strip().split()[0])
    if access not in ("read", "write"):
        raise QueryError(f"{path}: access must be read or write, not {access!r}")
    body = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("//"))
    statements = tuple(s.strip() for s in re.split(r";\s*(?:\n|$)", body) if s.strip())
    return NamedQuery(path.stem, summary, access, tuple(params), statements, path, text, client_timeout)


@lru_cache(maxsize=None)
def load(name: str) -> NamedQuery:
    """The query stored as ``cypher/<name>.cypher``."""
    path = cypher_dir() / f"{name}.cypher"
    if not path.is_file():
        known = ", ".join(q.name for q in all_queries())
        raise QueryError(f"no Cypher query named {name!r} in {cypher_dir()}; known: {known}")
    return parse(path)


def all_queries() -> list[NamedQuery]:
    return [parse(p) for p in sorted(cypher_dir().glob("*.cypher"))]


@lru_cache(maxsize=1024)
def name_of(statement: str) -> str:
    """How an error names a statement: its query's name when it comes from cypher/, else its start."""
    for query in all_queries():
        if statement.strip() in query.statements:
            return query.name
    text = " ".join(statement.split())
    return "the statement " + repr(text if len(text) <= 60 else text[:59] + "…")
