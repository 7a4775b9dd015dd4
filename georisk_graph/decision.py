"""Selective answering: answer, warn or abstain from the geographic relation of the best evidence.

The policy of docs/design.md §1, as a small function of data with no I/O: given the question's place and
the passages ranked for it (δ first, cosine second, all above the relevance floor), decide and say
why in words a resident can read, naming the places and their levels.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from .delta import PlaceRef

ANSWER, WARN, ABSTAIN = "answer", "warn", "abstain"


@dataclass(frozen=True)
class Citation:
    """A passage used as evidence, with its geographic relation to one question place."""

    chunk_id: str
    document_id: str
    title: str
    text: str
    source: str
    url: str | None
    cosine: float
    places: tuple[PlaceRef, ...]
    delta: float | None = None  # None for a question without a place; inf when unrelated
    i_q: int | None = None
    i_t: int | None = None
    relation: str | None = None  # exact | broader | narrower | different | unrelated; None without a place
    evidence_place: PlaceRef | None = None  # the passage's place that gave the smallest δ
    lca: PlaceRef | None = None
    path: tuple[PlaceRef, ...] = ()

    def path_text(self) -> str:
        return " → ".join(p.name for p in self.path)

    def to_dict(self) -> dict:
        ref = lambda p: None if p is None else {"id": p.id, "name": p.name, "level": p.level}  # noqa: E731
        return {
            "chunk_id": self.chunk_id, "doc_id": self.document_id, "title": self.title,
            "source": self.source, "url": self.url, "score": round(self.cosine, 4),
            "delta": None if self.delta is None or math.isinf(self.delta) else int(self.delta),
            "i_q": self.i_q, "i_t": self.i_t, "relation": self.relation,
            "evidence_place": ref(self.evidence_place), "lca": ref(self.lca),
            "path": [ref(p) for p in self.path], "places": [ref(p) for p in self.places],
            "text": self.text,
        }


@dataclass(frozen=True)
class PlaceDecision:
    """The decision for one question place (or for a question without a place: ``place`` None)."""

    place: PlaceRef | None
    decision: str
    reason: str
    warning: str | None = None
    relation: str | None = None
    citations: tuple[Citation, ...] = field(default_factory=tuple)

    def to_dict(self) -> dict:
        return {
            "place": None if self.place is None else {"id": self.place.id, "name": self.place.name,
                                                      "level": self.place.level},
            "decision": self.decision, "relation": self.relation, "warning": self.warning,
            "reason": self.reason, "citations": [c.chunk_id for c in self.citations],
        }


def _distinct(passages: Iterable[Citation], per_document: int = 2) -> tuple[Citation, ...]:
    """Passages in order, without repeated texts (the corpus holds some sections twice) and with at
    most ``per_document`` passages of one document, so citations show different sources."""
    kept: list[Citation] = []
    texts: set[str] = set()
    count: dict[str, int] = {}
    for c in passages:
        if c.text in texts or count.get(c.document_id, 0) >= per_document:
            continue
        texts.add(c.text)
        count[c.document_id] = count.get(c.document_id, 0) + 1
        kept.append(c)
    return tuple(kept)


def _named(place: PlaceRef | None) -> str:
    if place is None:
        return "an unknown place"
    return f"{place.name} ({place.level})" if place.level else place.name


def _scopes(cited: Sequence[Citation], first: PlaceRef | None) -> str:
    """Every place the cited passages are evidence about, named with its level, in citation order
    ("Texas (state) and New Jersey (state)"): a warning names the scope of each passage it stands
    over, not only the best one's."""
    places: list[PlaceRef] = []
    for p in [first, *(c.evidence_place for c in cited)]:
        if p is not None and all(p.id != q.id for q in places):
            places.append(p)
    names = [_named(p) for p in places] or [_named(first)]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def decide(place: PlaceRef | None, passages: Sequence[Citation], *, k: int = 5) -> PlaceDecision:
    """Decide for one question place from its passages, best first (δ, then cosine)."""
    if not passages:
        where = f" about {_named(place)} or the places that contain it" if place else ""
        return PlaceDecision(place, ABSTAIN, f"No relevant passage{where} was found in the knowledge base.")
    if place is None:
        about = sorted({p.name for c in passages[:k] for p in c.places})
        reason = ("The question names no place, so geography does not limit the answer"
                  + (f"; the evidence is about {', '.join(about)}." if about else "; the evidence names no place."))
        return PlaceDecision(None, ANSWER, reason, citations=_distinct(passages)[:k])

    best = passages[0]
    same = _distinct(c for c in passages if c.relation == best.relation)[:k]
    evidence = best.evidence_place
    if best.relation == "exact":
        return PlaceDecision(place, ANSWER, f"The evidence is about {_named(place)} itself.", relation="exact",
                             citations=same)
    if best.relation == "broader":
        warning = (f"This applies to {_scopes(same, evidence)} as a whole, not specifically to {place.name}; "
                   f"{place.name} may have its own, stricter local rules.")
        reason = (f"No passage is about {_named(place)} itself; the closest evidence covers "
                  f"{_named(evidence)}, which contains it ({best.path_text()}).")
        return PlaceDecision(place, WARN, reason, warning, "broader", same)
    if best.relation == "narrower":
        warning = (f"This is specific to {_scopes(same, evidence)}; other parts of {place.name} may differ.")
        reason = (f"No passage is about {_named(place)} as a whole; the closest evidence is about "
                  f"{_named(evidence)}, inside it ({best.path_text()}).")
        return PlaceDecision(place, WARN, reason, warning, "narrower", same)
    if best.relation == "different":
        reason = (f"The only matching guidance is for {_named(evidence)}, not for {_named(place)}: "
                  f"they share only {_named(best.lca)} ({best.path_text()}).")
        return PlaceDecision(place, ABSTAIN, reason, relation="different", citations=same)
    reason = (f"The matching passages are not about any place connected to {_named(place)}, "
              "so they cannot be said to apply there.")
    return PlaceDecision(place, ABSTAIN, reason, relation="unrelated", citations=same)


def decide_within(unknown: str, container: PlaceRef, passages: Sequence[Citation], *, k: int = 5) -> PlaceDecision:
    """Decide for an unknown place named with a known container ("Xville, Washington"): evidence about
    the container or above it applies with a warning; evidence about other parts of it does not."""
    if not passages:
        return PlaceDecision(container, ABSTAIN, f"{unknown!r} is not a place in the knowledge base, and no "
                             f"relevant passage about {_named(container)} was found.")
    best = passages[0]
    same = _distinct(c for c in passages if c.relation == best.relation)[:k]
    if best.relation in ("exact", "broader"):
        scope = best.evidence_place or container
        warning = (f"{unknown!r} is not a place in the knowledge base; this applies to {_scopes(same, scope)} "
                   f"as a whole, and {unknown} may have its own local rules.")
        reason = (f"{unknown!r} could not be matched to a known place; the question places it in "
                  f"{_named(container)}, and the evidence covers {_named(scope)}.")
        return PlaceDecision(container, WARN, reason, warning, "broader", same)
    reason = (f"{unknown!r} could not be matched to a known place, and the only matching evidence is about "
              f"{_named(best.evidence_place)}, which may not include it.")
    return PlaceDecision(container, ABSTAIN, reason, relation=best.relation, citations=same)


def combine(decisions: Sequence[PlaceDecision]) -> str:
    """One decision for a question naming several places: answer only if every place is answered,
    abstain only if every place abstains, otherwise warn."""
    kinds = {d.decision for d in decisions}
    if kinds == {ANSWER}:
        return ANSWER
    if kinds == {ABSTAIN}:
        return ABSTAIN
    return WARN

