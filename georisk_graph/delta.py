"""The geographic distance δ between a question's place and a passage's place.

δ(q, t) = min over common ancestors a of d(q, a) + d(t, a), with d the number of LOCATED_IN hops
upward (docs/design.md §4). The Cypher in cypher/delta.cypher is the implementation; :func:`reference_delta`
is a pure-Python oracle of the same definition and tie-breaking, used by the tests.

The root (United States) is an ordinary ancestor: a national passage is *broader* for every U.S.
question, which is right for federal guidance, and two places in different states are *different*,
meeting at the root.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass
from typing import Mapping, Sequence

from .exceptions import PlaceNotFound
from .geo import PlaceRef
from .graph import Graph

@dataclass(frozen=True)
class Delta:
    """δ from ``query`` to ``target`` with the common ancestor and the path through the DAG."""

    query: str
    target: str
    delta: float  # math.inf when the places share no ancestor
    i_q: int | None
    i_t: int | None
    relation: str
    lca: PlaceRef | None
    path: tuple[PlaceRef, ...]

    def path_text(self) -> str:
        """"Spokane → Spokane County → Washington", up from the query place and down to the target."""
        return " → ".join(p.name for p in self.path)

    def to_dict(self) -> dict:
        return {
            "query": self.query, "target": self.target,
            "delta": None if math.isinf(self.delta) else int(self.delta),
            "i_q": self.i_q, "i_t": self.i_t, "relation": self.relation,
            "lca": None if self.lca is None else self.lca.to_dict(),
            "path": [p.to_dict() for p in self.path],
        }


def delta_many(graph: Graph, query: str, targets: Sequence[str], *,
               include_overlaps: bool = False) -> list[Delta]:
    """δ from ``query`` to each of ``targets`` in one Cypher call; raises PlaceNotFound for unknown ids."""
    if not targets:
        missing = graph.run("places_missing", ids=[query])[0]["missing"]
        if missing:
            raise PlaceNotFound(missing)
        return []
    rows = graph.run("delta", query=query, targets=list(targets), include_overlaps=include_overlaps)
    if not rows:
        raise PlaceNotFound([query])
    unknown = [r["target_id"] for r in rows if not r["found"]]
    if unknown:
        raise PlaceNotFound(unknown)
    return [
        Delta(
            query=query, target=r["target_id"],
            delta=math.inf if r["delta"] is None else r["delta"],
            i_q=r["i_q"], i_t=r["i_t"], relation=r["relation"], lca=PlaceRef.maybe(r["lca"]),
            path=tuple(PlaceRef.from_dict(p) for p in r["path"] or []),
        )
        for r in rows
    ]


def relation_of(i_q: int | None, i_t: int | None) -> str:
    if i_q is None or i_t is None:
        return "unrelated"
    if i_q == 0 and i_t == 0:
        return "exact"
    if i_t == 0:
        return "broader"
    if i_q == 0:
        return "narrower"
    return "different"


def ancestors(parents: Mapping[str, Sequence[str]], node: str) -> dict[str, int]:
    """Every ancestor of ``node`` (itself included, at 0) with its fewest hops upward."""
    hops = {node: 0}
    queue = deque([node])
    while queue:
        current = queue.popleft()
        for parent in parents.get(current, ()):
            if parent not in hops:
                hops[parent] = hops[current] + 1
                queue.append(parent)
    return hops


def reference_delta(parents: Mapping[str, Sequence[str]], query: str,
                    target: str) -> tuple[float, int | None, int | None, str | None, str]:
    """(δ, i_q, i_t, lca id, relation) by breadth-first search; the oracle for the Cypher query."""
    up_q, up_t = ancestors(parents, query), ancestors(parents, target)
    common = [(up_q[a] + up_t[a], 0 if (up_q[a] == 0 or up_t[a] == 0) else 1, up_q[a], a)
              for a in up_q.keys() & up_t.keys()]
    if not common:
        return math.inf, None, None, None, "unrelated"
    delta, _, i_q, lca = min(common)
    i_t = up_t[lca]
    return delta, i_q, i_t, lca, relation_of(i_q, i_t)
