"""Toponym resolution: which Place each recognised mention names.

Evidence, strongest first:

1. an explicit qualifier right after the name: "Springfield, IL", "Portland, Oregon",
   "Paradise, Butte County, California", "Lake County Minnesota", "Rosebud Counties in Montana"
   keep only the candidates inside the qualifier;
2. a state's own name is the state ("Washington", "Nevada") unless a qualifier says otherwise, and
   a bare name in a county list is a county, the list's counties lying in one state;
3. the other places of the same text: a candidate gains when its county or state is named too,
   when it contains a named place, when it shares a county with one ("the Camp Fire near
   Paradise": the 2018 Camp Fire and Paradise, CA are both in Butte County) and, less, when it
   shares a state with one; a wildfire gains when the text gives the year it started;
4. prominence: the log of the population (wildfires: of the acres burned), with defaults per
   level for places without one.

Context and prominence are combined into one belief per candidate (a softmax), updated a few times
so that mentions support each other; a strong context link outweighs any population gap, a weak one
(a shared state) only a small one. Mentions that no gazetteer entry names are returned unresolved,
with the reason. A wildfire name whose only known fires contradict the text (another state, another
year) is a different fire: it is set aside, with the reason, rather than resolved.

Pass whole documents to :meth:`PlaceResolver.resolve` to use document-wide context; the mentions
carry character offsets, so a caller can assign them to chunks afterwards.
"""

from __future__ import annotations

import bisect
import math
import re
from dataclasses import dataclass, field
from typing import Any, Sequence

from ..exceptions import ConfigurationError
from ..geo import SETTLEMENT_LEVELS, STATE_LEVELS
from .gazetteer import (NAME, SHORT, Gazetteer, GazetteerEntry, Match,
                        is_generic_word, surface_key, text_years, tokenize)
from .recognition import DEFAULT_MODEL, MODES, Recognizer, Span, SpacyRecognizer, load_spacy

# Prominence of a place without a population figure, on the log10(population) scale.
_LEVEL_PRIOR = {
    "country": 8.0, "state": 6.0, "federal_district": 5.5, "territory": 5.0, "county": 4.0,
    "place": 2.5, "cdp": 2.0, "populated_place": 2.0, "tribal_area": 3.0, "protected_area": 4.0,
    "physical_region": 2.5, "physical_feature": 2.5, "event": 1.0,
}
_SHORT_PENALTY = 1.0  # a county by its bare name ("Butte") is a weaker reading than a town of that name
# GeoNames populated places are the ones the Census does not list (often neighbourhoods); a Census
# place of the same name and size is the likelier referent.
_NEIGHBOURHOOD_PENALTY = 0.3
_PRIOR_SCALE = 0.5 * math.log(10)  # belief grows with the square root of the population
# Levels a town's name never resolves to by itself: larger jurisdictions and fires.
_NOT_TOWNS = STATE_LEVELS | {"country", "county", "event"}
# A town smaller than this, named in a question about another state, is taken for a local place of that state
# the gazetteer does not hold (towns of this size share their names across states most often).
_LOCAL_POPULATION = 10_000
_CONTEXT_SCALE = 8.0  # a link worth 0.8 outweighs a 1000-fold population gap
_ROUNDS = 3
_CONTEXT_METHOD_MIN = 0.3  # context below this is a nudge, not by itself the reason for the choice

# Relatedness of two places for co-occurrence.
_SAME = 1.0
_IN_COUNTY = 0.9  # one lies in the other, which is a county (or a park, a forest ...)
_IN_STATE = 0.8  # one lies in the other, which is a state
_SHARE_COUNTY = 0.85  # both lie in the same county
_SHARE_STATE = 0.35  # both lie in the same state: "Columbia and Jefferson City" (Missouri)
_YEAR_MATCH = 0.9  # a wildfire whose start year the text gives
_YEAR_WINDOW = 150  # characters either side of a wildfire's name in which a year dates it
_LINKS = 64  # the strongest links to a place that a candidate's context counts (see _SupportIndex)
# What may stand between a name and its qualifier: a comma, an opening bracket, "in", or nothing,
# after an optional plural head ("Adams and Idaho Counties, Idaho", "Winters (Yolo County)").
_QUALIFIER_GAP = re.compile(r"\s*(?:(?:[Cc]ounties|[Pp]arishes)\s*)?(?:,|\(|\bin\b)?\s*")


@dataclass(frozen=True)
class Candidate:
    """One place a mention may name, with the evidence for it.

    ``prior`` is the prominence (log10 scale), ``context`` the co-occurrence support (0-1, plus
    0.9 for a wildfire whose start year the text gives) and ``score`` the final belief (0-1,
    summing to 1 over a mention's candidates).
    """

    place_id: str
    name: str
    level: str
    state_usps: str | None
    score: float
    prior: float
    context: float


@dataclass(frozen=True)
class PlaceMention:
    """A place named in a text: where, which place (``place_id`` None when unresolved), how sure,
    by which evidence (``method``: qualifier, state-name, county-list, co-occurrence, population,
    unique, unresolved or set-aside) and why, in words."""

    surface: str
    start: int
    end: int
    place_id: str | None
    confidence: float
    method: str
    reason: str
    candidates: tuple[Candidate, ...] = ()
    source: str = "gazetteer"

    @property
    def resolved(self) -> bool:
        return self.place_id is not None


@dataclass(frozen=True)
class Resolution:
    """The places of one text: every mention in text order, and the names set aside (see the
    module docstring) with their reasons."""

    text: str
    mentions: tuple[PlaceMention, ...]
    set_aside: tuple[PlaceMention, ...] = ()

    @property
    def places(self) -> tuple[str, ...]:
        """The chosen place ids, each once, in order of first mention."""
        return tuple(dict.fromkeys(m.place_id for m in self.mentions if m.place_id is not None))

    @property
    def unresolved(self) -> tuple[PlaceMention, ...]:
        return tuple(m for m in self.mentions if m.place_id is None)


class PlaceResolver:
    """Recognises and resolves the places of texts against a gazetteer.

    ``PlaceResolver(gazetteer, nlp=...)`` takes a loaded spaCy pipeline (or any ``recognizer``);
    without either, the spaCy model ``model`` (a package name or a path) is loaded on first use.
    :meth:`load` loads it at once. ``mode="spacy_only"`` is the baseline: NER spans only, each
    resolved by exact name to the most prominent place of that name, without qualifiers or context.
    """

    def __init__(self, gazetteer: Gazetteer, nlp: Any = None, *, recognizer: Recognizer | None = None,
                 mode: str = "full", model: str = DEFAULT_MODEL) -> None:
        if mode not in MODES:
            raise ConfigurationError(f"resolution mode must be one of {', '.join(MODES)}, not {mode!r}")
        self.gazetteer = gazetteer
        self.mode = mode
        self.model = model
        self._nlp = nlp
        self._recognizer = recognizer

    @classmethod
    def load(cls, gazetteer: Gazetteer, model: str = DEFAULT_MODEL, *, mode: str = "full") -> "PlaceResolver":
        """A resolver with the spaCy model ``model`` (package name or path) loaded now."""
        return cls(gazetteer, load_spacy(model), mode=mode, model=model)

    @property
    def recognizer(self) -> Recognizer:
        if self._recognizer is None:
            nlp = self._nlp if self._nlp is not None else load_spacy(self.model)
            self._recognizer = SpacyRecognizer(self.gazetteer, nlp, mode=self.mode)
        return self._recognizer

    def resolve(self, texts: list[str], *, hints: Sequence[Sequence[str]] | None = None) -> list[Resolution]:
        """Recognise and resolve the places of each text (one :class:`Resolution` per text).

        ``hints`` optionally gives, per text, ids of places the text is known to be about (an
        incident report's state, say); they count as context like places named in the text.
        """
        if isinstance(texts, str):
            raise TypeError("resolve() takes a list of texts; wrap a single text in a list")
        texts = list(texts)
        if hints is not None and len(hints) != len(texts):
            raise ValueError(f"hints must give one list per text ({len(hints)} for {len(texts)} texts)")
        found = self.recognizer.find(texts)
        return [self.resolve_spans(text, spans, hints=hints[k] if hints else ())
                for k, (text, spans) in enumerate(zip(texts, found))]

    def resolve_spans(self, text: str, spans: list[Span], *, hints: Sequence[str] = ()) -> Resolution:
        """Resolve already recognised spans of ``text`` (no model needed)."""
        mentions = [_Mention(span, self._matches(span)) for span in spans]
        if self.mode != "spacy_only":
            hints = [h for h in hints if h in self.gazetteer]
            self._apply_county_lists(mentions)
            self._apply_qualifiers(text, mentions)
            self._apply_state_names(mentions)
            states = self._text_states(text, mentions, hints)
            self._apply_local_names(mentions, states, hints)
            if not hints:
                self._apply_small_elsewhere(mentions, self._text_states(text, mentions, hints, named_only=True))
            self._apply_event_evidence(text, mentions, states)
            self._apply_context(mentions, hints)
        else:
            for m in mentions:
                m.init_beliefs()
        decided = [self._decide(m, hints) for m in mentions]
        return Resolution(text, tuple(d for d, m in zip(decided, mentions) if not m.dropped),
                          tuple(d for d, m in zip(decided, mentions) if m.dropped))

    def _matches(self, span: Span) -> list[Match]:
        if span.role == "county" and self.mode != "spacy_only":
            return [Match(e, SHORT) for e in self.gazetteer.counties_named(span.text)]
        matches = self.gazetteer.lookup(span.text)
        if not matches and span.text.islower():
            matches = self.gazetteer.lookup_folded(tuple(t.lower() for t in surface_key(span.text)))
        return matches

    # -- evidence --------------------------------------------------------------------------------
    def _apply_county_lists(self, mentions: list["_Mention"]) -> None:
        # The counties of one list lie in one state: keep the states that hold them all.
        groups: dict[int, list[_Mention]] = {}
        for m in mentions:
            if m.span.group is not None:
                groups.setdefault(m.span.group, []).append(m)
        for members in groups.values():
            common = None
            for m in members:
                states = {x.entry.state_usps for x in m.matches}
                common = states if common is None else common & states
            if common:
                for m in members:
                    m.matches = [x for x in m.matches if x.entry.state_usps in common]
                    m.listed = m.span.role == "county"

    def _apply_qualifiers(self, text: str, mentions: list["_Mention"]) -> None:
        # Right to left, so that in "Paradise, Butte County, California" the county is narrowed by
        # the state before it narrows the town.
        for left, right in reversed(list(zip(mentions, mentions[1:]))):
            if not left.matches or not right.matches:
                continue
            if not _QUALIFIER_GAP.fullmatch(text[left.span.end:right.span.start]):
                continue
            containers = {m.entry.id for m in right.matches}
            if text[left.span.end:right.span.start].strip() == ",":
                # "Beverly, Washington" is the Beverly of the state: a county of that name would be written as one
                containers = {m.entry.id for m in right.matches if m.entry.level in STATE_LEVELS} or containers
            inside = [m for m in left.matches if containers & self.gazetteer.ancestors(m.entry.id).keys()]
            if not inside:
                if (text[left.span.end:right.span.start].strip() == ","
                        and any(m.entry.level in STATE_LEVELS for m in right.matches)
                        and not any(m.entry.level in STATE_LEVELS for m in left.matches)):
                    # "Beulah, Colorado" with no Beulah in Colorado: not the Beulah of another state
                    left.unfit = f"no place of this name lies in {right.span.text}"
                    left.matches = []
                continue
            used = {a for m in inside for a in self.gazetteer.ancestors(m.entry.id)}
            left.matches = inside
            left.qualifier = right
            right.matches = [m for m in right.matches if m.entry.id in used]
            right.qualifies = left

    def _apply_state_names(self, mentions: list["_Mention"]) -> None:
        for m in mentions:
            if m.qualifier is not None or m.qualifies is not None or m.listed:
                continue
            states = [x for x in m.matches if x.entry.level in STATE_LEVELS or x.entry.level == "country"]
            if states and len(states) < len(m.matches):
                m.matches = states
                m.state_name = True

    def _text_states(self, text: str, mentions: list["_Mention"], hints: list[str], *,
                     named_only: bool = False) -> set[str]:
        """The states the text is about: those it names outright, the states of its places that have
        a single candidate (not with ``named_only``), states named anywhere in it, even inside an agency's
        name ("Oregon Department of Forestry" is about Oregon), and the states of the hints."""
        states: set[str] = set()
        for m in mentions:
            if m.matches and all(x.entry.level in STATE_LEVELS for x in m.matches):
                states.update(x.entry.id for x in m.matches)
            elif len(m.matches) == 1 and m.matches[0].entry.level != "event" and not named_only:
                states.update(a for a in self.gazetteer.ancestors(m.matches[0].entry.id)
                              if self._level(a) in STATE_LEVELS)
        # outside the mentions: "Washington Fire" and "West Virginia" do not name Washington or Virginia
        # (the mentions' spans sorted once, each token looked up by bisection: linear in the text)
        spans = _merged_spans([(m.span.start, m.span.end) for m in mentions])
        tokens = [t for t in tokenize(text) if not _inside(t[1], spans)]
        words = [w for w, _, _ in tokens]
        for i in range(len(words)):
            for n in (1, 2, 3):
                states.update(x.entry.id for x in self.gazetteer.lookup_key(tuple(words[i:i + n]))
                              if x.entry.level == "state" and x.kind == NAME)
        for h in hints:
            states.update(a for a in [h, *self.gazetteer.ancestors(h)] if self._level(a) in STATE_LEVELS)
        return states

    def _apply_local_names(self, mentions: list["_Mention"], states: set[str], hints: Sequence[str]) -> None:
        # Two kinds of name mean a local place the gazetteer does not hold when no place of the name
        # lies in the states the text is about (those it names, and its document's):
        # - "Beaver Creek", "South Fork", "Table Rock": names built on a landform word are given to
        #   streams and ridges everywhere;
        # - in a document known to be about a place (its scope, given as hints), a town name several
        #   places share: "the area of Helena" in a Trinity County, California report is not Helena,
        #   Montana, however much larger it is.
        if not states:
            return
        for m in mentions:
            if not m.matches or m.qualifier is not None or m.span.role:
                continue
            landform = (is_generic_word(m.span.text.split()[-1])
                        and all(x.entry.level in SETTLEMENT_LEVELS for x in m.matches))
            shared_town = (bool(hints) and len(m.matches) >= 2 and m.qualifies is None
                           and not any(x.entry.level in _NOT_TOWNS for x in m.matches))
            if not (landform or shared_town):
                continue
            if not any(states & self.gazetteer.ancestors(x.entry.id).keys() for x in m.matches):
                names = ", ".join(sorted(self.gazetteer.entries[s].name for s in states))
                m.dropped = (f"names a landform here: no place of this name lies in {names}" if landform else
                             f"names a place the gazetteer does not hold: none of the {len(m.matches)} places "
                             f"of this name lies in {names}, where the document is")
                m.matches = []

    def _apply_small_elsewhere(self, mentions: list["_Mention"], named: set[str]) -> None:
        # A question that names its state ("near Marksville ... in Dewey County, South Dakota", "the St. Joe
        # river in Idaho") and a small town the gazetteer holds only in other states names a local place it
        # does not hold, not that far-off town; a large city elsewhere is still the city ("moved from Boise to
        # Spokane, Washington").
        if not named:
            return
        for m in mentions:
            if not m.matches or m.qualifier is not None or m.qualifies is not None or m.span.role:
                continue
            if (all(x.entry.level in SETTLEMENT_LEVELS and (x.entry.population or 0) < _LOCAL_POPULATION
                    for x in m.matches)
                    and not any(named & self.gazetteer.ancestors(x.entry.id).keys() for x in m.matches)):
                names = ", ".join(sorted(self.gazetteer.entries[s].name for s in named))
                m.unfit = f"no place of this name lies in {names}, where the question is"
                m.matches = []

    def _apply_event_evidence(self, text: str, mentions: list["_Mention"], states: set[str]) -> None:
        # Wildfire names repeat across years and states ("Creek Fire" x24) and the gazetteer holds
        # only CAL FIRE's. A fire of the right name in another state than the text's, or of another
        # year than the one the text gives, is another fire.
        events = [m for m in mentions if m.matches and all(x.entry.level == "event" for x in m.matches)]
        if not events:
            return
        for m in events:
            # only years written near the name date the fire; a document's other dates do not
            years = text_years(text[max(0, m.span.start - _YEAR_WINDOW):m.span.end + _YEAR_WINDOW])
            kept = m.matches
            if states:
                kept = [x for x in kept if states & self.gazetteer.ancestors(x.entry.id).keys()]
                if not kept:
                    names = ", ".join(sorted(self.gazetteer.entries[s].name for s in states))
                    m.dropped = f"names a wildfire the gazetteer does not hold: its fires of this name all lie outside {names}"
            if kept and years:
                dated = [x for x in kept if x.entry.year in years]
                if dated:
                    m.year_matched = {x.entry.id for x in dated}
                elif all(x.entry.year is not None for x in kept):
                    shown = ", ".join(str(y) for y in sorted(years))
                    m.dropped = (f"names a wildfire the gazetteer does not hold: the text gives {shown}, "
                                 "and no known fire of this name started then")
                    kept = []
            m.matches = kept

    def _apply_context(self, mentions: list["_Mention"], hints: list[str]) -> None:
        for m in mentions:
            m.init_beliefs()
        groups: dict[tuple, list[_Mention]] = {}
        for m in mentions:
            if m.matches:
                groups.setdefault(m.group_key, []).append(m)
        keys = list(groups)
        hinted = [self._hint_support(h) for h in hints]
        for _ in range(_ROUNDS):
            index = _SupportIndex([self._support(groups[key][0]) for key in keys] + hinted)
            for position, key in enumerate(keys):
                ms = groups[key]
                contexts = [self._context(x.entry, index, position, ms[0].year_matched) for x in ms[0].matches]
                for m in ms:
                    m.set_context(contexts)

    def _support(self, m: "_Mention") -> "_Support":
        support = _Support()
        for x, w in zip(m.matches, m.beliefs):
            support.add(x.entry.id, w, self.gazetteer.ancestors(x.entry.id))
        return support

    def _hint_support(self, place_id: str) -> "_Support":
        support = _Support()
        support.add(place_id, 1.0, self.gazetteer.ancestors(place_id))
        return support

    def _context(self, entry: GazetteerEntry, index: "_SupportIndex", own: int,
                 year_matched: set[str]) -> tuple[float, str, str | None]:
        """The support of a candidate by the other mentions (every support of ``index`` but the ``own``-th:
        a noisy-or of each mention's strongest link), with the relation and place of the strongest link:
        (strength, relation, place id). Only the mentions linked to the candidate or to one of its
        containers are looked at, so a long text costs in proportion to its mentions."""
        links: dict[int, tuple[float, str, str | None]] = {}  # per other mention, its strongest link

        def offer(found: list[tuple[float, int, str]], scale: float, relation: str) -> None:
            for weight, k, pid in found:
                if k != own and weight * scale > links.get(k, (0.0, "", None))[0]:
                    links[k] = (weight * scale, relation, pid)

        offer(index.same.get(entry.id, []), _SAME, "same")
        if entry.level != "country":
            offer(index.within.get(entry.id, []), _IN_STATE if entry.is_state else _IN_COUNTY, "contains")
        for a in self.gazetteer.ancestors(entry.id):
            level = self._level(a)
            if level == "country":
                continue
            a_is_state = level in STATE_LEVELS
            offer(index.same.get(a, []), _IN_STATE if a_is_state else _IN_COUNTY, "within")
            offer(index.within.get(a, []), _SHARE_STATE if a_is_state else _SHARE_COUNTY, "shares:" + a)
        missing = 1.0  # chance that no mention supports the candidate (a noisy-or over mentions)
        for weight, _, _ in links.values():
            missing *= 1.0 - weight
        # independent mentions add up; the strongest link (the first mention's, among equals) names the
        # relation in the reason
        strongest = max(sorted(links.items()), key=lambda kv: kv[1][0], default=(0, (0.0, "", None)))[1]
        best = (1.0 - missing, strongest[1], strongest[2])
        if entry.id in year_matched:
            # the year is evidence of its own, added to the strongest place link
            relation = "year" if best[0] == 0 else best[1] + "+year"
            best = (best[0] + _YEAR_MATCH, relation, best[2])
        return best

    def _level(self, place_id: str) -> str:
        entry = self.gazetteer.get(place_id)
        return entry.level if entry else ""

    # -- decision --------------------------------------------------------------------------------
    def _decide(self, m: "_Mention", hints: Sequence[str] = ()) -> PlaceMention:
        span = m.span
        if not m.matches:
            if m.dropped:
                return PlaceMention(span.text, span.start, span.end, None, 0.0, "set-aside",
                                    f"{span.text!r} {m.dropped}", (), span.source)
            why = ("no place of this name is in the gazetteer" if m.original_count == 0
                   else m.unfit or "no candidate fits the context")
            return PlaceMention(span.text, span.start, span.end, None, 0.0, "unresolved",
                                f"{span.text!r} was recognised ({span.source}) but {why}", (), span.source)
        order = sorted(range(len(m.matches)), key=lambda k: -m.beliefs[k])
        candidates = tuple(
            Candidate(m.matches[k].entry.id, m.matches[k].entry.name, m.matches[k].entry.level,
                      m.matches[k].entry.state_usps, round(m.beliefs[k], 4), round(m.priors[k], 3),
                      round(m.contexts[k][0], 3))
            for k in order)
        top = order[0]
        entry = m.matches[top].entry
        belief = m.beliefs[top]
        context, relation, other = m.contexts[top]
        by_prior = max(range(len(m.matches)), key=lambda k: m.priors[k])
        label = f"{_display(entry)} ({entry.level})"
        several = len(m.matches) > 1
        if m.qualifier is not None:
            method, confidence = "qualifier", 0.98 if not several else 0.9 * belief
            reason = (f"{span.text!r} is qualified by {m.qualifier.span.text!r}: {label}"
                      + (f", the best of {len(m.matches)} there" if several else ""))
        elif m.qualifies is not None:
            method, confidence = "qualifier", 0.98
            reason = f"{span.text!r} qualifies {m.qualifies.span.text!r}: {label}"
        elif m.state_name and not several:
            method, confidence = "state-name", 0.95
            reason = (f"{span.text!r} names {label}; a state's name is read as the state unless a "
                      f"qualifier says otherwise ({m.original_count - 1} other places share the name)")
        elif m.listed and not several:
            method, confidence = "county-list", 0.95
            reason = f"{span.text!r} is a bare county name in a list of counties of one state: {label}"
        elif m.original_count == 1:
            method = "unique"
            confidence = 0.95 if "gazetteer" in span.source else 0.9
            reason = f"the only place named {span.text!r}: {label}"
        elif context >= _CONTEXT_METHOD_MIN or (context > 0 and top != by_prior):
            method, confidence = "co-occurrence", belief
            reason = (f"{label} {self._relation_text(relation, other, other in hints)}; chosen over "
                      f"{len(m.matches) - 1} other place(s) named {span.text!r}")
        else:
            method, confidence = "population", belief
            reason = (f"most prominent of {len(m.matches)} places named {span.text!r}: "
                      f"{_display(entry)} ({entry.level}{_size(entry)})")
        return PlaceMention(span.text, span.start, span.end, entry.id, round(confidence, 4), method,
                            reason, candidates, span.source)

    def _relation_text(self, relation: str, other: str | None, hinted: bool = False) -> str:
        if relation == "year":
            return "started in the year the text gives"
        if relation.endswith("+year"):
            return (self._relation_text(relation[:-5], other, hinted)
                    + ", and started in the year the text gives")
        other_entry = self.gazetteer.get(other or "")
        named = _display(other_entry) if other_entry else str(other)
        where = "given as a hint" if hinted else "also named in the text"
        if relation == "same":
            return f"is named again in the text as {named}" if not hinted else f"is {named}, {where}"
        if relation == "contains":
            return f"contains {named}, {where}"
        if relation == "within":
            return f"lies in {named}, {where}"
        shared = self.gazetteer.get(relation.split(":", 1)[1])
        return f"shares {shared.name if shared else 'a container'} with {named}, {where}"


@dataclass
class _Support:
    """What one mention lends to the others: its candidates and their containers, by belief."""

    same: dict[str, tuple[float, str]] = field(default_factory=dict)
    within: dict[str, tuple[float, str]] = field(default_factory=dict)

    def add(self, place_id: str, weight: float, ancestors: dict[str, int]) -> None:
        if weight > self.same.get(place_id, (0.0, ""))[0]:
            self.same[place_id] = (weight, place_id)
        for a in ancestors:
            if weight > self.within.get(a, (0.0, ""))[0]:
                self.within[a] = (weight, place_id)


class _SupportIndex:
    """The mentions' supports by the place they name or lie in: for each place id, the strongest
    (weight, mention number, place id) links to it, at most :data:`_LINKS` of them. A noisy-or of more is
    1 to the precision that matters, so a text of many mentions of one state costs no more than its
    mentions."""

    def __init__(self, supports: list["_Support"]) -> None:
        self.same: dict[str, list[tuple[float, int, str]]] = {}
        self.within: dict[str, list[tuple[float, int, str]]] = {}
        for k, support in enumerate(supports):
            for place, (weight, pid) in support.same.items():
                self.same.setdefault(place, []).append((weight, k, pid))
            for place, (weight, pid) in support.within.items():
                self.within.setdefault(place, []).append((weight, k, pid))
        for postings in (self.same, self.within):
            for place, found in postings.items():
                if len(found) > _LINKS:
                    postings[place] = sorted(found, key=lambda x: -x[0])[:_LINKS]


@dataclass
class _Mention:
    span: Span
    matches: list[Match]
    qualifier: "_Mention | None" = None
    qualifies: "_Mention | None" = None
    state_name: bool = False
    listed: bool = False
    dropped: str = ""  # why the name was set aside (another fire, a stream rather than a town)
    unfit: str = ""  # why no candidate fits
    year_matched: set[str] = field(default_factory=set)
    priors: list[float] = field(default_factory=list)
    contexts: list[tuple[float, str, str | None]] = field(default_factory=list)
    beliefs: list[float] = field(default_factory=list)
    original_count: int = 0

    def __post_init__(self) -> None:
        self.original_count = len(self.matches)

    @property
    def group_key(self) -> tuple:
        return (self.span.text, tuple(m.entry.id for m in self.matches))

    def init_beliefs(self) -> None:
        self.priors = [prior(m.entry, m.kind) for m in self.matches]
        self.contexts = [(0.0, "", None)] * len(self.matches)
        self.beliefs = _softmax([_PRIOR_SCALE * p for p in self.priors])

    def set_context(self, contexts: list[tuple[float, str, str | None]]) -> None:
        self.contexts = contexts
        self.beliefs = _softmax([_PRIOR_SCALE * p + _CONTEXT_SCALE * c[0]
                                 for p, c in zip(self.priors, contexts)])


def _merged_spans(spans: list[tuple[int, int]]) -> tuple[list[int], list[int]]:
    """Character spans merged where they overlap, as the sorted starts and their ends."""
    starts: list[int] = []
    ends: list[int] = []
    for start, end in sorted(spans):
        if ends and start < ends[-1]:
            ends[-1] = max(ends[-1], end)
        else:
            starts.append(start)
            ends.append(end)
    return starts, ends


def _inside(offset: int, spans: tuple[list[int], list[int]]) -> bool:
    """Whether ``offset`` lies inside one of the merged ``spans``."""
    starts, ends = spans
    k = bisect.bisect_right(starts, offset) - 1
    return k >= 0 and offset < ends[k]


def prior(entry: GazetteerEntry, kind: str = "name") -> float:
    """Prominence of a place on the log10(population) scale (wildfires: by acres burned)."""
    if entry.level == "event":
        value = _LEVEL_PRIOR["event"] + (0.5 * math.log10(entry.acres + 1) if entry.acres else 0.0)
    elif entry.population:
        value = math.log10(entry.population + 1)
    else:
        value = _LEVEL_PRIOR.get(entry.level, 2.0)
    if entry.level == "populated_place":
        value -= _NEIGHBOURHOOD_PENALTY
    return value - (_SHORT_PENALTY if kind == SHORT else 0.0)


def _softmax(values: list[float]) -> list[float]:
    if not values:
        return []
    top = max(values)
    exps = [math.exp(v - top) for v in values]
    total = sum(exps)
    return [e / total for e in exps]


def _display(entry: GazetteerEntry) -> str:
    if entry.state_usps and not entry.is_state and entry.level != "country":
        return f"{entry.name}, {entry.state_usps}"
    return entry.name


def _size(entry: GazetteerEntry) -> str:
    if entry.level == "event" and entry.acres:
        return f", {entry.acres:,.0f} acres"
    if entry.population:
        return f", population {entry.population:,.0f}"
    return ""
