"""The gazetteer: every Place with the surface forms it may be written as, and its containers.

A :class:`Gazetteer` is pure data once built. It is made from rows (``from_rows``), from the graph
(``from_graph`` runs the named query ``gazetteer``) or from the shared geography tables
(``loaders.geography.gazetteer_from_tables``, for offline use). Its surface index is case-sensitive and keyed on word tokens, so
"Bernalillo Co." and "Bernalillo  Co." are the same key and "mobile" never matches "Mobile".

Which surfaces are indexed, and why:

- the label and the curated aliases, except the Census forms with a lower-case legal suffix
  ("Paradise town", "Akiachak CDP": text rarely says them, and when it does the place is the name
  before the suffix) and the "City, ST" / "City, State" forms: a qualified name is two mentions, the
  city and its state, and recognition handles it as a pattern;
- for counties "X Co." and "X county" besides "X County"; the bare "X" only where no place of that
  name lies in the same state ("Los Angeles" is the city; "Maui" is Maui County). Bare county
  names in a list ("Butte, Plumas and Tehama counties") are found through :meth:`counties_named`;
- for states the name, "X State", and the USPS / AP abbreviations, marked :data:`ABBREVIATION` so
  recognition accepts them only in a qualifier position or as a clear proper noun (never "OR",
  "IN", "ME" as English words); not "Commonwealth of X": the name is X;
- tribal areas also as "X Indian Reservation" / "X Reservation" and "X Nation" for
  "X Nation Reservation", the ways text names them;
- wildfires by their name without the year or remarks ("Tubbs Fire" for "Tubbs Fire (Central LNU
  Complex) (2017)"), and "X fire"; never generic ones ("Cal Fire", "Forest Fire") nor single words;
- never surfaces of one or two characters, month or weekday names, or lower-case ones.

GeoNames' alternate names ("Vegas", "Philly", "OKC", and noise: historical names, transliterations, airport
codes, "Old Town") are not surfaces: they are held apart (:meth:`Gazetteer.alternates_named`, lower case), and a
question's reading accepts one only as its name model judges it in context (:mod:`georisk_graph.places.written`).
"""

from __future__ import annotations

import itertools
import json
import math
import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping

from ..geo import ADMIN_LEVELS, SETTLEMENT_LEVELS, STATE_LEVELS


if TYPE_CHECKING:  # the graph is only needed by from_graph
    from ..graph import Graph

# Surface kinds, strongest first. A mention's candidates remember how they were named.
NAME = "name"  # the label or a curated alias
GENERATED = "generated"  # a form derived from the label ("Butte Co.", "New York State")
SHORT = "short"  # a county by its bare name ("Maui")
ABBREVIATION = "abbreviation"  # a state (or the country) by its USPS / AP abbreviation
_KIND_RANK = {NAME: 0, GENERATED: 1, SHORT: 2, ABBREVIATION: 3}


# A non-administrative overlap (a park spilling into a county) below this share is a sliver, not a
# container worth reasoning with.
MIN_OVERLAP_SHARE = 0.05

_MONTHS_AND_DAYS = frozenset(
    "January February March April May June July August September October November December "
    "Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split()
)
# Wildfire names that are also the generic words for fires or for the agencies fighting them.
_GENERIC_FIRE_NAMES = frozenset({
    "Cal Fire", "City Fire", "County Fire", "Forest Fire", "House Fire", "National Fire",
    "Wild Fire", "Big Fire", "State Fire", "Brush Fire", "Grass Fire", "Structure Fire",
    "Vegetation Fire", "Wildland Fire", "Lightning Fire",
})
# Directions and landform or feature nouns: alone they describe rather than name ("north of town",
# "Trail 12", "Forest Road"), though small places carry them as names ("Canyon, Texas").
_GENERIC_WORDS = frozenset({
    "North", "South", "East", "West", "Northeast", "Northwest", "Southeast", "Southwest", "Central",
    "Forest", "Mountain", "Mountains", "Valley", "Canyon", "Trail", "Park", "Rock", "Lake", "River",
    "Creek", "Ridge", "Summit", "Meadow", "Meadows", "Prairie", "Desert", "Gateway", "Highway",
    "Road", "Route", "Hills", "Island", "Beach", "Harbor", "Bay", "Springs", "Falls", "Junction",
    "Crossing", "Center", "Village", "City", "Town", "County", "Station", "Landing", "Point", "Pass",
    "Gap", "Basin", "Flat", "Flats", "Fork", "Peak", "Plateau", "Post", "Camp", "Ranch", "Wilderness",
})
COUNTY_SUFFIXES = (" County", " Parish", " Borough", " Census Area", " Municipality", " Municipio")
_STATE_PREFIXES = ("Commonwealth of ", "State of ")
_PARENTHESES = re.compile(r"\s*\([^)]*\)")
_YEAR = re.compile(r"\b(19|20)\d\d\b")

_TOKEN = re.compile(r"\w+(?:['’](?![sS]\b)\w+)*|['’][sS]\b|[^\w\s]")


def tokenize(text: str) -> list[tuple[str, int, int]]:
    """Word and punctuation tokens of ``text`` with their character offsets.

    The same rule splits surfaces and documents, so matching is independent of any NLP model.
    A possessive "'s" is its own token so that "Spokane's" still contains "Spokane".
    """
    return [(m.group(), m.start(), m.end()) for m in _TOKEN.finditer(text)]


def surface_key(surface: str) -> tuple[str, ...]:
    """The index key of a surface: its tokens (so spacing does not matter), curly apostrophes straight."""
    return tuple(t.replace("’", "'") for t, _, _ in tokenize(surface))


def is_generic_word(word: str) -> bool:
    """True for a direction or landform word that describes rather than names ("North", "Forest")."""
    return word in _GENERIC_WORDS


@dataclass(frozen=True)
class GazetteerEntry:
    """One Place as the gazetteer sees it. ``parents`` are the ids of its direct containers."""

    id: str
    name: str
    level: str
    population: float | None = None
    state_usps: str | None = None
    aliases: tuple[str, ...] = ()
    parents: tuple[str, ...] = ()
    acres: float | None = None  # wildfires: burned area, their prominence in place of population
    year: int | None = None  # wildfires: the year they started
    alternates: tuple[str, ...] = ()  # GeoNames' other names of the place: never surfaces (see the module docstring)

    @property
    def is_state(self) -> bool:
        return self.level in STATE_LEVELS

    @property
    def is_administrative(self) -> bool:
        return self.level in ADMIN_LEVELS


@dataclass(frozen=True)
class Match:
    """A gazetteer candidate for a surface: the entry and how the surface names it."""

    entry: GazetteerEntry
    kind: str


@dataclass
class Gazetteer:
    """Places by id, a case-sensitive surface index, and containment (ancestors with depths).

    Build it with :meth:`from_rows`, :meth:`from_graph` or ``loaders.geography.gazetteer_from_tables``; the constructor
    only indexes what it is given.
    """

    entries: dict[str, GazetteerEntry]
    _index: dict[tuple[str, ...], list[Match]] = field(default_factory=dict, repr=False)
    _folded: dict[tuple[str, ...], list[tuple[str, ...]]] = field(default_factory=dict, repr=False)
    _first_tokens: dict[str, int] = field(default_factory=dict, repr=False)
    _counties: dict[tuple[str, ...], list[GazetteerEntry]] = field(default_factory=dict, repr=False)
    _ancestors: dict[str, dict[str, int]] = field(default_factory=dict, repr=False)
    _states_by_usps: dict[str, GazetteerEntry] = field(default_factory=dict, repr=False)
    _settlement_names: set[tuple[str, str | None]] = field(default_factory=set, repr=False)
    _dotted: set[str] = field(default_factory=set, repr=False)  # words a surface writes a period after
    _by_ends: dict[tuple[str, str], list[str]] = field(default_factory=dict, repr=False)  # words by first, last letter
    _alternates: dict[tuple[str, ...], list[GazetteerEntry]] = field(default_factory=dict, repr=False)
    _alternate_lengths: dict[str, int] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self._states_by_usps = {e.state_usps: e for e in self.entries.values()
                                if e.is_state and e.state_usps}
        for e in self.entries.values():
            if e.level in SETTLEMENT_LEVELS:
                self._settlement_names.add((e.name, e.state_usps))
                self._settlement_names.update((a, e.state_usps) for a in e.aliases)
        for entry in self.entries.values():
            for surface, kind in self._surfaces(entry):
                self._add(surface, entry, kind)
            if entry.level == "county":
                base = county_base(entry.name)
                if base:
                    self._counties.setdefault(surface_key(base), []).append(entry)
            own = {surface_key(n.lower()) for n in (entry.name, *entry.aliases)}
            for name in entry.alternates:
                key = tuple(t.lower() for t in surface_key(name))
                if key and key not in own and entry not in self._alternates.get(key, ()):
                    self._alternates.setdefault(key, []).append(entry)
                    self._alternate_lengths[key[0]] = max(self._alternate_lengths.get(key[0], 0), len(key))

    # -- constructors ----------------------------------------------------------------------------
    @classmethod
    def from_rows(cls, rows: Iterable[Mapping[str, Any]]) -> "Gazetteer":
        """A gazetteer from dict rows: ``id, name, level`` and optionally ``aliases`` (a list or a
        ``|``-separated string), ``population``, ``state_usps``, ``parents`` (ids), ``acres``,
        ``year`` and ``extra`` (the table's JSON, read for a wildfire's acres and start date)."""
        entries: dict[str, GazetteerEntry] = {}
        capitals: dict[str | None, str] = {}
        for row in rows:
            aliases = row.get("aliases") or ()
            if isinstance(aliases, str):
                aliases = [a for a in aliases.split("|") if a]
            alternates = row.get("alternates") or row.get("alternate_names") or ()
            if isinstance(alternates, str):
                alternates = [a for a in alternates.split("|") if a]
            extra = row.get("extra") or {}
            if isinstance(extra, str):
                try:
                    extra = json.loads(extra)
                except json.JSONDecodeError:
                    extra = {}
            if not isinstance(extra, dict):
                extra = {}
            acres = _number(row.get("acres"))
            if acres is None:
                acres = _number(extra.get("acres"))
            year = _number(row.get("year"))
            if year is None and isinstance(extra.get("started"), str) and extra["started"][:4].isdigit():
                year = float(extra["started"][:4])
            entry = GazetteerEntry(
                id=str(row["id"]), name=str(row["name"]), level=str(row["level"]),
                population=_number(row.get("population")),
                state_usps=row.get("state_usps") or None,
                aliases=tuple(aliases), parents=tuple(row.get("parents") or ()), acres=acres,
                year=int(year) if year is not None else None, alternates=tuple(alternates),
            )
            entries[entry.id] = entry
            if entry.is_state and isinstance(extra.get("capital"), str):
                capitals[entry.state_usps] = extra["capital"]
        return cls(_with_capital_names(entries, capitals))

    @classmethod
    def from_graph(cls, graph: "Graph", *, min_share: float = MIN_OVERLAP_SHARE) -> "Gazetteer":
        """A gazetteer of every Place in the graph (the named query ``gazetteer``)."""
        return cls.from_rows(graph.run("gazetteer", min_share=min_share))

    # -- lookup ----------------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.entries)

    def __contains__(self, place_id: object) -> bool:
        return place_id in self.entries

    def get(self, place_id: str) -> GazetteerEntry | None:
        return self.entries.get(place_id)

    def lookup(self, surface: str) -> list[Match]:
        """Candidates for an exact (case-sensitive) surface, strongest kind first."""
        return list(self._index.get(surface_key(surface), ()))

    def lookup_key(self, key: tuple[str, ...]) -> list[Match]:
        return self._index.get(key, [])

    def lookup_folded(self, key: tuple[str, ...]) -> list[Match]:
        """Candidates for a lower-cased key, for text typed without capitals ("spokane")."""
        return [m for _, matches in self.folded(key) for m in matches]

    def folded(self, key: tuple[str, ...]) -> list[tuple[tuple[str, ...], list[Match]]]:
        """The surfaces whose lower-cased key is ``key`` (``("spokane", "county")``), each as the index
        writes it (``("Spokane", "County")``) with its candidates."""
        if not self._folded:
            for k in self._index:
                self._folded.setdefault(tuple(t.lower() for t in k), []).append(k)
        return [(k, self._index[k]) for k in self._folded.get(key, [])]

    def written_out(self, words: tuple[str, ...],
                    may_shorten: Callable[[str], bool] = lambda word: True) -> list[tuple[str, ...]]:
        """The lower-case keys of the surfaces that ``words`` (lower case) write in shorthand, longest
        name first: a word without the period the surface puts after it ("st lawrence county" for
        "St. Lawrence County"), or a word contracted to its first and last letters and some of those
        between, with no vowel after the first ("ft collins", "cranberry twp", "washoe cnty"). Every
        word but the shortened ones is as the surface writes it; none when no word is shortened. Only
        the words ``may_shorten`` accepts are read as contractions (not "by" for "Berkeley"), and
        only places are found, not fires."""
        if not self._by_ends:
            self.folded(())  # builds the lower-case index
            for key in self._folded:
                for k, word in enumerate(key):
                    if k + 1 < len(key) and key[k + 1] == "." and word.isalpha():
                        self._dotted.add(word)
                    if word.isalpha() and len(word) > 2:
                        self._by_ends.setdefault((word[0], word[-1]), []).append(word)
            self._by_ends = {ends: sorted(set(found)) for ends, found in self._by_ends.items()}
        options: list[list[tuple[str, ...]]] = []
        for k, word in enumerate(words):
            forms: list[tuple[str, ...]] = [(word,)]
            if word in self._dotted:
                forms.append((word, "."))
            if _contracted(word) and may_shorten(word):
                forms += [(full,) for full in self._by_ends.get((word[0], word[-1]), ())
                          if len(full) > len(word) and _is_subsequence(word, full)]
            elif word == "." and k > 0 and _contracted(words[k - 1]):
                forms.append(())  # "Ft. Myers": the period of a contraction goes with it
            options.append(forms)
        if all(len(forms) == 1 for forms in options) or math.prod(len(forms) for forms in options) > 4096:
            return []
        keys = [tuple(t for form in chosen for t in form) for chosen in itertools.product(*options)]
        return [key for key in keys if key != words and any(
            m.entry.level != "event" for _, matches in self.folded(key) for m in matches)]

    def contracted(self, key: tuple[str, ...]) -> list[tuple[str, ...]]:
        """The lower-case keys of surfaces that write a word of ``key`` (lower case) in the short form with a period
        the gazetteer's names use for it: "saint francois county" for "St. Francois County", "mount vernon" for
        "Mt. Vernon". A short form is a word the surfaces write a period after whose letters begin and end the full
        word and stand in it in order; none when no word has one."""
        self.written_out(())  # builds the words written with a period
        options = [[(w,)] + [(d, ".") for d in self._dotted if _contracted(d) and d[0] == w[:1] and d[-1] == w[-1:]
                             and len(w) > len(d) and _is_subsequence(d, w)] for w in key]
        if all(len(o) == 1 for o in options) or math.prod(len(o) for o in options) > 64:
            return []
        keys = [tuple(t for form in chosen for t in form) for chosen in itertools.product(*options)]
        return [k for k in keys if k != key and self.folded(k)]

    def alternates_named(self, key: tuple[str, ...]) -> list[GazetteerEntry]:
        """The places GeoNames gives the other name ``key`` (lower-case tokens: ``("vegas",)``), which is not
        their label or one of their aliases."""
        return list(self._alternates.get(key, ()))

    def alternate_tokens(self, first_token: str) -> int:
        """The longest other name (in tokens) that starts with ``first_token`` (lower case); 0 when none does."""
        return self._alternate_lengths.get(first_token, 0)

    def prominent_words(self, least: float = 10_000) -> frozenset[str]:
        """The words (lower case) of the names of the states, the counties and the places of ``least`` people or
        more: what a misspelt name may be read as."""
        return frozenset(t.lower() for e in self.entries.values()
                         if e.level in STATE_LEVELS or e.level == "county" or (e.population or 0.0) >= least
                         for t, _, _ in tokenize(e.name) if t.isalpha())

    def words(self) -> frozenset[str]:
        """Every word of every indexed surface, lower case."""
        return frozenset(t.lower() for k in self._index for t in k)

    def max_tokens(self, first_token: str) -> int:
        """The longest surface (in tokens) that starts with ``first_token``; 0 when none does."""
        return self._first_tokens.get(first_token, 0)

    def counties_named(self, base: str) -> list[GazetteerEntry]:
        """Counties whose name without "County" (or Parish, Borough ...) is ``base``."""
        return list(self._counties.get(surface_key(base), ()))

    def state(self, usps: str) -> GazetteerEntry | None:
        return self._states_by_usps.get(usps)

    def ancestors(self, place_id: str) -> dict[str, int]:
        """Every container of a place (not the place itself) with its depth in hops, nearest kept."""
        known = self._ancestors.get(place_id)
        if known is not None:
            return known
        depths: dict[str, int] = {}
        frontier = [place_id]
        depth = 0
        seen = {place_id}
        while frontier:
            depth += 1
            following = []
            for node in frontier:
                entry = self.entries.get(node)
                for parent in entry.parents if entry else ():
                    if parent not in seen:
                        seen.add(parent)
                        depths[parent] = depth
                        following.append(parent)
            frontier = following
        self._ancestors[place_id] = depths
        return depths

    # -- building the index ----------------------------------------------------------------------
    def _add(self, surface: str, entry: GazetteerEntry, kind: str) -> None:
        key = surface_key(surface)
        if not key:
            return
        matches = self._index.setdefault(key, [])
        for i, known in enumerate(matches):
            if known.entry.id == entry.id:
                if _KIND_RANK[kind] < _KIND_RANK[known.kind]:
                    matches[i] = Match(entry, kind)
                return
        matches.append(Match(entry, kind))
        matches.sort(key=lambda m: _KIND_RANK[m.kind])
        self._first_tokens[key[0]] = max(self._first_tokens.get(key[0], 0), len(key))

    def _surfaces(self, entry: GazetteerEntry) -> list[tuple[str, str]]:
        if entry.is_state or entry.level == "country":
            return self._state_surfaces(entry)
        state_forms = self._state_forms(entry.state_usps)
        names = [entry.name]
        for alias in entry.aliases:
            head, _, tail = alias.partition(", ")
            if tail and tail in state_forms:
                names.append(head)  # "Kona, HI": the qualifier is recognised as its own mention
            elif alias.startswith(entry.name + " ") and _is_legal_suffix(alias[len(entry.name) + 1:]):
                continue
            else:
                names.append(alias)

        out: list[tuple[str, str]] = []
        if entry.level == "event":
            for name in names:
                name = _PARENTHESES.sub("", name).strip()
                if " " not in name or "/" in name or name in _GENERIC_FIRE_NAMES:
                    continue
                out.append((name, NAME))
                if name.endswith(" Fire"):
                    out.append((name[:-5] + " fire", GENERATED))
        elif entry.level == "county":
            base = county_base(entry.name)
            for name in names:
                if name == base:
                    if not self._place_named(base, entry.state_usps):
                        out.append((name, SHORT))
                else:
                    out.append((name, NAME))
            if base and entry.name.endswith(" County"):
                out += [(f"{base} Co.", GENERATED), (f"{base} county", GENERATED)]
            elif base and entry.name.endswith(" Parish"):
                out.append((f"{base} parish", GENERATED))
        else:
            out += [(name, NAME) for name in names]
            if entry.level == "tribal_area":
                out += [(variant, GENERATED) for variant in _tribal_variants(entry.name)]
        return [(s, k) for s, k in out if _usable(s)]

    def _state_surfaces(self, entry: GazetteerEntry) -> list[tuple[str, str]]:
        out = [(entry.name, NAME)]
        if entry.level == "state":
            out.append((f"{entry.name} State", GENERATED))
        for alias in entry.aliases:
            if alias.startswith(_STATE_PREFIXES):
                continue
            is_abbreviation = (alias.isupper() and len(alias.replace(".", "")) <= 3) or (
                alias.endswith(".") and " " not in alias)
            out.append((alias, ABBREVIATION if is_abbreviation else NAME))
        return [(s, k) for s, k in out if k == ABBREVIATION or _usable(s)]

    def _state_forms(self, usps: str | None) -> set[str]:
        state = self._states_by_usps.get(usps or "")
        if state is None:
            return set()
        return {state.name, *state.aliases}

    def _place_named(self, name: str, usps: str | None) -> bool:
        return (name, usps) in self._settlement_names


def _with_capital_names(entries: dict[str, GazetteerEntry],
                        capitals: dict[str | None, str]) -> dict[str, GazetteerEntry]:
    """A state's capital goes by the name its state's record gives it: the Census calls Idaho's
    capital "Boise City", while everyone (and the state's record) says "Boise", so "Boise, ID" is the
    city and not Boise County. The capital's name becomes an alias of the city of that state labelled
    with it or with it plus " City"."""
    out = dict(entries)
    for entry in entries.values():
        capital = capitals.get(entry.state_usps)
        if (capital and entry.level in SETTLEMENT_LEVELS and entry.name == capital + " City"
                and capital not in entry.aliases):
            out[entry.id] = replace(entry, aliases=(*entry.aliases, capital))
    return out


def county_base(name: str) -> str | None:
    """"Butte" for "Butte County" (or Parish, Borough, Census Area ...); None for other names."""
    for suffix in COUNTY_SUFFIXES:
        if name.endswith(suffix) and len(name) > len(suffix):
            return name[: -len(suffix)]
    return None


def text_years(text: str) -> set[int]:
    """The four-digit years (1900-2099) written in a text."""
    return {int(m.group()) for m in _YEAR.finditer(text)}


def _tribal_variants(name: str) -> list[str]:
    if name.endswith(" Nation Reservation"):
        return [name[: -len(" Reservation")]]
    if name.endswith(" Indian Reservation"):
        return [name[: -len(" Indian Reservation")] + " Reservation"]
    if name.endswith(" Reservation"):
        return [name[: -len(" Reservation")] + " Indian Reservation"]
    return []


def _contracted(word: str) -> bool:
    """Whether ``word`` may be a contraction: two to four letters, no vowel after the first ("ft", "cnty")."""
    return 2 <= len(word) <= 4 and word.isalpha() and not any(c in "aeiou" for c in word[1:])


def _is_subsequence(short: str, word: str) -> bool:
    """Whether the letters of ``short`` appear in ``word`` in order."""
    letters = iter(word)
    return all(c in letters for c in short)


def _is_legal_suffix(rest: str) -> bool:
    """True for the Census legal suffixes after a name: "city", "town", "CDP", "village" ..."""
    return rest == "CDP" or rest[:1].islower()


def _usable(surface: str) -> bool:
    text = surface.strip()
    return len(text) > 2 and text not in _MONTHS_AND_DAYS and text[:1].isupper()


def _number(value: Any) -> float | None:
    if value is None or value == "":
        return None
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return None if math.isnan(number) else number

