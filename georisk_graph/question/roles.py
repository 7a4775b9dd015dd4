"""Which of the places a question names it asks about, and which only locate or contrast them.

"Virginia only lets you burn after 4 p.m. What's the rule in Maryland?" asks about Maryland; Virginia is
named for contrast. "Near the Grand Canyon's south entrance, east of Tusayan, Arizona, when did the Lockett
Fire start?" asks about Tusayan; the park only locates it. "Vernon, Texas - not Vernon, Connecticut" asks
about the one in Texas. A place that only locates or contrasts may narrow or disambiguate what is asked,
but is never decided as a place of its own.

Each place found in a question gets the features of :data:`FEATURES`, read from where it stands in the
question (the sentence and the clause that ask, a "not" before it, a preposition of nearness), what it is
(administrative or a park, a range, a region) and how it stands to the question's other places (inside
one of them, holding one). A logistic model fitted on the labelled questions (``georisk fit places``;
``georisk_graph/models/places.json``) gives the probability that the question asks about it; the places
above the model's threshold are asked about (at least the likeliest one), the rest are the question's
context. Places named inside one another ("Keller ... in Ferry County") are one location, decided together
(:func:`chains`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol, Sequence

from .. import models
from ..models import FittedModel
from ..geo import ADMIN_LEVELS, STATE_LEVELS
from ..lexicon import NEARNESS
from .form import question_clause, sentences
from .places import QueryPlace

FEATURES = (
    "in_asking_sentence",  # the place stands in the sentence that asks
    "in_clause",  # ... in its clause that asks ("what's the rule in Maryland", not "Virginia only lets you")
    "negated",  # "not" stands among the four words before it ("not the one in Illinois", "not Vernon, Connecticut")
    "near",  # a word of nearness or direction stands just before it ("near", "outside", "north of", "toward")
    "possessive",  # it owns what follows ("Yellowstone's west entrance", "Minnesota's Evergreen Fire")
    "not_administrative",  # a park, a forest, a range, a region: no jurisdiction
    "fire",  # a fire (an incident the geography holds): asked about, it stands for the county it burned in
    "where_a_named_fire_burned",  # a fire the question names burned in it (the stored reports on the fire say where)
    "state",  # a state (or what stands for one)
    "inside_named",  # another place the question names holds it
    "holds_named",  # it holds another place the question names
    "first",  # the first place the question names
    "last",  # the last place the question names
    "alone",  # the only place the question names
)


class Containment(Protocol):
    """What the roles need of the gazetteer: a place's containers."""

    def ancestors(self, place_id: str) -> dict[str, int]: ...


def load(path: Path | None = None) -> FittedModel:
    """The place model the package ships, or the one at ``path`` (``georisk fit places --out``)."""
    return models.load("places", path, features=FEATURES)


# Without a fitted model every place a question names is asked about (fitting the model reads them so).
EVERY_PLACE = FittedModel("places", FEATURES, {f: 0.0 for f in FEATURES}, bias=10.0,
                          fitted={"what": "every place a question names is asked about"})


def _words_before(text: str, start: int, n: int) -> list[str]:
    return [w.strip(",;:()\"'“”‘’").lower() for w in text[:start].split()[-n:]]


def features(text: str, places: Sequence[QueryPlace], containment: Containment | None,
             burned: frozenset[str] = frozenset()) -> list[dict[str, float]]:
    """The features of each place of ``places`` (found in ``text``, the question as read); ``burned`` are the places
    where the fires the question names burned."""
    parts = sentences(text)
    asking = [p for p in parts if p.text.rstrip().endswith("?")] or parts[-1:]
    sentence = asking[-1] if asking else None
    clause = question_clause(text)
    clause_start = text.rfind(clause[:60]) if clause else -1
    clause_end = clause_start + len(clause) if clause_start >= 0 else -1
    spans = sorted({(p.start, p.end) for p in places})
    ancestors = {p.id: set(containment.ancestors(p.id)) if containment and p.id else set() for p in places}
    out = []
    for p in places:
        before = _words_before(text, p.start, 4)
        after = text[p.end:p.end + 2]
        others = [o for o in places if o.id != p.id and (o.start, o.end) != (p.start, p.end)]
        out.append({
            "in_asking_sentence": float(sentence is not None and sentence.start <= p.start < sentence.end),
            "in_clause": float(clause_start >= 0 and clause_start <= p.start < clause_end),
            "negated": float("not" in before or any(w.endswith("n't") for w in before)),
            "near": float(any(w in NEARNESS for w in before[-2:])),
            "possessive": float(after in ("'s", "’s")),
            "not_administrative": float(p.level not in ADMIN_LEVELS and p.level != "event"),
            "fire": float(p.level == "event"),
            "where_a_named_fire_burned": float(bool(p.id) and bool(
                burned & ({p.id} | set(ancestors[p.id]) | {o.id for o in others if o.id and p.id in ancestors[o.id]}))),
            "state": float(p.level in STATE_LEVELS),
            "inside_named": float(any(o.id in ancestors[p.id] for o in others)),
            "holds_named": float(any(p.id in ancestors[o.id] for o in others)),
            "first": float((p.start, p.end) == spans[0]),
            "last": float((p.start, p.end) == spans[-1]),
            "alone": float(len(spans) == 1),
        })
    return out


def roles(text: str, places: Sequence[QueryPlace], containment: Containment | None,
          model: FittedModel, *, burned: frozenset[str] = frozenset()
          ) -> tuple[tuple[QueryPlace, ...], tuple[QueryPlace, ...], tuple[float, ...]]:
    """(the places asked about, the places that only locate or contrast them, each place's probability of
    being asked about, in the order of ``places``). Places found in one name (a fire's counties) share one
    role; at least the likeliest place is asked about."""
    if not places:
        return (), (), ()
    chances = [model.probability(f) for f in features(text, places, containment, burned)]
    by_span: dict[tuple[int, int], float] = {}
    for p, chance in zip(places, chances):
        by_span[(p.start, p.end)] = max(by_span.get((p.start, p.end), 0.0), chance)
    best = max(by_span.values())
    asked_spans = {span for span, chance in by_span.items() if chance >= model.threshold or chance == best}
    asked = tuple(p for p in places if (p.start, p.end) in asked_spans)
    context = tuple(p for p in places if (p.start, p.end) not in asked_spans)
    return asked, context, tuple(by_span[(p.start, p.end)] for p in places)


def chains(places: Sequence[QueryPlace], containment: Containment | None) -> tuple[tuple[str, ...], ...]:
    """The asked places named inside one another ("Keller ... in Ferry County"), as groups of ids: each group
    is one location, decided together. A place inside no other and holding none is a group of its own."""
    ids = [p.id for p in places if p.id]
    if containment is None:
        return tuple((i,) for i in dict.fromkeys(ids))
    up = {i: set(containment.ancestors(i)) for i in ids}
    groups: list[set[str]] = []
    for i in dict.fromkeys(ids):
        joined = [g for g in groups if any(i in up[j] or j in up[i] for j in g)]
        merged = {i}.union(*joined) if joined else {i}
        groups = [g for g in groups if g not in joined] + [merged]
    order = {i: n for n, i in enumerate(dict.fromkeys(ids))}
    return tuple(tuple(sorted(g, key=order.__getitem__)) for g in sorted(groups, key=lambda g: min(order[i] for i in g)))
