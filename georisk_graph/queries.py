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

A query may search one vector index per partition of the passages (a state's: label ``ChunkIn_<state id>``,
index ``chunk_embedding_in_<state id>``, see cypher/partition_index.cypher). Neo4j takes no parameter for an
index's name or a label in a schema command, so such a query holds the word ``PARTITION`` where the state's id
goes, and its lines between ``// for each partition`` and ``// end for each partition`` are written once per
partition by :meth:`NamedQuery.for_partitions`, ``$partition`` becoming ``$partitions[i]``: the id itself
travels as a parameter wherever Cypher takes one.

A query that names ``$geo`` gets the administrative level lists of :func:`georisk_graph.geo.cypher_levels`
(``$geo.states``, ``$geo.wide``, ``$geo.county``, ``$geo.country``) from the client: one definition of the
levels for the Python code and the Cypher alike.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Sequence

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

    def for_partitions(self, partitions: Sequence[str]) -> "NamedQuery":
        """This query with its ``// for each partition`` block written once per partition (none: left
        out) and ``PARTITION`` outside a block (a query about one partition) the only one given. The
        partitions' ids become part of the text, so each must be letters and digits only."""
        for partition in partitions:
            if not _PARTITION_ID.fullmatch(partition):
                raise QueryError(f"{self.name}: a partition id is letters and digits only, not {partition!r}")
        listing = _for_partitions(self.listing, list(partitions), self.path)
        body = "\n".join(line for line in listing.splitlines() if not line.lstrip().startswith("//"))
        statements = tuple(s.strip() for s in re.split(r";\s*(?:\n|$)", body) if s.strip())
        return replace(self, statements=statements, listing=listing)


def cypher_dir() -> Path:
    """The folder holding the .cypher files (installed as ``georisk_graph.cypher``)."""
    return Path(str(resources.files("georisk_graph.cypher")))


_INCLUDE = re.compile(r"^(\s*)// include: (\w+)\s*$")
_INLINE = re.compile(r"/\* include: (\w+) \*/")


_PARTITION_ID = re.compile(r"[A-Za-z0-9]+")


def is_partition_id(text: str) -> bool:
    """Whether ``text`` can name a partition in a query's text: letters and digits only."""
    return bool(_PARTITION_ID.fullmatch(text))
_BLOCK_START = re.compile(r"^\s*// for each partition\b")
_BLOCK_END = re.compile(r"^\s*// end for each partition\b")


def _for_partitions(text: str, partitions: list[str] | None, path: Path) -> str:
    """``text`` with each partition block written once per partition, and ``PARTITION`` outside one
    replaced by the only partition given; ``None``: the blocks left out and the rest as it is (the
    query as parsed)."""
    out: list[str] = []
    block: list[str] | None = None
    for line in text.splitlines():
        if _BLOCK_START.match(line):
            block = []
        elif _BLOCK_END.match(line):
            if block is None:
                raise QueryError(f"{path}: '// end for each partition' without '// for each partition'")
            for i, partition in enumerate(partitions or []):
                out.extend(b.replace("$partition", f"$partitions[{i}]").replace("PARTITION", partition)
                           for b in block)
            block = None
        elif block is not None:
            block.append(line)
        elif "PARTITION" in line and not line.lstrip().startswith("//") and partitions is not None:
            if len(partitions) != 1:
                raise QueryError(f"{path}: names one partition outside a '// for each partition' block; "
                                 f"give exactly one, not {len(partitions)}")
            out.append(line.replace("$partition", "$partitions[0]").replace("PARTITION", partitions[0]))
        else:
            out.append(line)
    if block is not None:
        raise QueryError(f"{path}: '// for each partition' without '// end for each partition'")
    return "\n".join(out) + ("\n" if text.endswith("\n") else "")


def _fragment(name: str, used_in: Path, within: tuple[str, ...] = ()) -> list[str]:
    """The Cypher lines of fragment ``name``, its own includes composed (a fragment may include others, never
    itself through them); its comments left out but for the partition lines."""
    path = cypher_dir() / "fragments" / f"{name}.cypher"
    if not path.is_file():
        known = ", ".join(sorted(p.stem for p in (cypher_dir() / "fragments").glob("*.cypher")))
        raise QueryError(f"{used_in}: '// include: {name}' names no file cypher/fragments/{name}.cypher; "
                         f"known fragments: {known}")
    if name in within:
        raise QueryError(f"{used_in}: fragment {name} includes itself through {' -> '.join(within)}")
    lines: list[str] = []
    for line in path.read_text().splitlines():
        include = _INCLUDE.match(line)
        if include:
            indent, inner = include.groups()
            lines.extend(indent + part for part in _fragment(inner, path, (*within, name)))
        elif line.strip() and (not line.lstrip().startswith("//") or _BLOCK_START.match(line) or _BLOCK_END.match(line)):
            lines.append(line)
    return lines


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
    body = "\n".join(line for line in _for_partitions(text, None, path).splitlines()
                     if not line.lstrip().startswith("//"))
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
