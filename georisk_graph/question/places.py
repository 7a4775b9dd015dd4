"""The places of a question: found in its text, resolved against the gazetteer, and read as the question
means them (a state that only qualifies a town is its qualifier; a question naming only a fire is about
the county it burned in).

People type place names in lower case ("burn ban spokane county wa"), in capitals ("BOISE, ID") or
with a postal code for the state. :func:`recase_places` writes the names it can read as places the way
the gazetteer writes them, so the place recognizer (which reads case, as documents need it to) sees
"Spokane County WA". Whether a lower-case word is a place is decided from the sentence, not from its case:

- a state's name, and a county named with its designator ("spokane county", "bernalillo co."), is the place;
- a name followed by a state that holds a place of that name ("bend oregon", "santa rosa ca") is that place;
- a name right after a preposition of place ("in", "near", "around" ...) with no article before it, of a
  place of 1,000 people or more, is that place ("near ruidoso"); when the word is also an everyday English
  word ("in bend", "in paradise"), only a place of 10,000 or more, and the reading says it was unsure;
- a word that is no English word (and that English rarely uses) and names a town of 5,000 or more is
  that town wherever it stands ("is wenatchee getting smoke");
- a postal code is a state after a place it holds ("spokane wa") or, when it is no English word, right
  after such a preposition ("fires in nm"); "in the us" is the country;
- a fire named in lower case ("the kirkland fire") is written as the incident it names when a stored
  report or the gazetteer knows an incident of that name; a name of everyday words only after "the"
  ("the salt flats fire", not "during high fire danger").

A writer who capitalises names elsewhere in the question wrote a lower-case word as a word: only the
first two readings apply to such a question ("near woodland" in "... Virginia's ... near woodland").
Everything else is left as typed: "how far can embers bend around a ridge" names no place.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Collection, Container

from ..analysis import STOP_WORDS
from ..lexicon import AUXILIARIES, COUNTY_WORDS, DETERMINERS, KIND_OF_FIRE, LOCATIVE, WORDLIKE_CODES
from ..geo import STATE_LEVELS, PlaceRef
from ..places.gazetteer import ABBREVIATION, GENERATED, NAME, Gazetteer, Match, is_generic_word, tokenize


# The belief in a place chosen among others of its name below which the choice is no likelier than not.
SURE_CHOICE = 0.5


@dataclass(frozen=True)
class QueryPlace:
    """A place found in the question, with how it was resolved."""

    id: str | None
    name: str | None
    level: str | None
    surface: str
    start: int
    end: int
    method: str
    confidence: float
    reason: str
    candidates: tuple[dict, ...] = ()
    # the places named only to say where this one is ("Colorado" in "Steamboat Springs, Colorado")
    qualifiers: tuple[str, ...] = ()
    # for a name several places share, chosen by prominence alone ("Springfield"): the others, most
    # prominent first ({id, name, level, state}), and how many places share the name
    alternatives: tuple[dict, ...] = ()
    sharing: int = 0

    def ref(self) -> PlaceRef | None:
        return None if self.id is None else PlaceRef(self.id, self.name or self.id, self.level)

    @property
    def ambiguous(self) -> bool:
        """A name several places share, chosen by prominence alone."""
        return bool(self.alternatives)

    @property
    def uncertain(self) -> bool:
        """An ambiguous name whose chosen place is no likelier than not (the resolver's belief in it is below
        :data:`SURE_CHOICE`): "Springfield", "Portland"; not "Reno", which nearly everyone means of Nevada."""
        return self.ambiguous and self.confidence < SURE_CHOICE

    def choice(self) -> str:
        """What was chosen for an ambiguous name, why, and among which places, in a sentence."""
        others = [_shown(a) for a in self.alternatives]
        listed = ", ".join(others[:-1]) + " and " + others[-1] if len(others) > 1 else "".join(others)
        state = self.candidates[0].get("state") if self.candidates else None
        chosen = f"{self.name}, {state}" if state and self.level not in STATE_LEVELS else str(self.name)
        why = "the most populous" if self.method == "population" else "the likeliest"
        return (f"{self.sharing} places are named {self.surface!r}; this is about {chosen}, {why} of them "
                f"(others: {listed}). Name the state to ask about another")

    def to_dict(self) -> dict:
        return {"id": self.id, "name": self.name, "level": self.level, "surface": self.surface,
                "start": self.start, "end": self.end, "method": self.method, "confidence": round(self.confidence, 3), "reason": self.reason,
                "candidates": list(self.candidates), "qualifiers": list(self.qualifiers),
                "alternatives": list(self.alternatives), "sharing": self.sharing}


def _shown(place: dict) -> str:
    return f"{place['name']}, {place['state']}" if place.get("state") and place.get("level") not in STATE_LEVELS \
        else str(place["name"])




def anchor_places(places: list[QueryPlace], gazetteer: Gazetteer) -> list[QueryPlace]:
    """A question naming an incident and a jurisdiction is about that jurisdiction; the incident is
    its topic. A question naming only an incident is about the county (or counties) it burned in."""
    jurisdictions = [p for p in places if p.level != "event"]
    if jurisdictions:
        return jurisdictions
    anchored: list[QueryPlace] = []
    for place in places:
        entry = gazetteer.get(place.id) if place.id else None
        counties = [c for c in (gazetteer.get(parent) for parent in (entry.parents if entry else ()))
                    if c is not None and c.level == "county"]
        if not counties:
            anchored.append(place)
            continue
        for county in counties:
            anchored.append(replace(place, id=county.id, name=county.name, level=county.level,
                                    reason=f"{place.reason}; the question is about where {place.name} burned, "
                                           f"{county.name}"))
    return anchored


def qualified_unknowns(question: str, resolved: list[QueryPlace],
                        unresolved: list[QueryPlace]) -> dict[str, str]:
    """Known places that qualify an unknown one ("Xville, Washington"): place id -> the unknown name."""
    found: dict[str, str] = {}
    for unknown in unresolved:
        for place in resolved:
            if place.id and place.start > unknown.end and question[unknown.end:place.start].strip() == ",":
                found[place.id] = unknown.surface
    return found


def drop_qualifiers(places: list[QueryPlace], gazetteer: Gazetteer) -> list[QueryPlace]:
    """A state named only to qualify a city ("Springfield, IL") is not a second question place; the
    place it qualifies keeps its name in ``qualifiers``."""
    kept: list[QueryPlace] = []
    dropped: list[QueryPlace] = []
    for place in places:
        # an incident is the topic, not a place the state qualifies: "the Lidia Fire in California"
        # is a question about California
        others = [p for p in places if p is not place and p.level != "event"]
        if place.level in ("state", "federal_district", "territory") and any(
                place.id in gazetteer.ancestors(p.id) for p in others if p.id):
            dropped.append(place)
            continue
        kept.append(place)
    return [replace(p, qualifiers=p.qualifiers + tuple(q.surface for q in dropped if p.id and q.id in gazetteer.ancestors(p.id)))
            if dropped else p for p in kept]



_FIRE_WORDS = frozenset({"fire", "complex"})
_KIND_OF_FIRE = frozenset(w.lower() for w in KIND_OF_FIRE)
_MAX_TOKENS = 6
_MIN_POPULATION = 1_000  # a place named after a preposition of place, typed in lower case
_COMMON_WORD_POPULATION = 10_000  # the same when its name is also an everyday word ("bend")
_NAMED_POPULATION = 50_000
_NAME_ALONE_POPULATION = 5_000  # a word that is no English word, the name of a town this size or larger
_EVERYDAY_SHARE = 1e-5  # ... and that English uses less than once in 100,000 words ("banks" is more)  # a name of two words or more, anywhere ("los angeles fire evacuations")
# A word English uses less than once in a million words ("tollhouse", "shaver"): put where a place goes, a name.
RARE_SHARE = 1e-6


@dataclass(frozen=True)
class Recased:
    """A question with its place and incident names written as the gazetteer and the stored reports write
    them, what was rewritten (``notes``) and what was read with doubt (``unsure``)."""

    text: str
    notes: tuple[str, ...] = ()
    unsure: tuple[str, ...] = ()
    places: tuple[tuple[int, int], ...] = ()  # character spans rewritten as place names
    named: tuple[tuple[int, int], ...] = ()  # and those already written as the gazetteer writes a place
    corrections: tuple[tuple[str, str], ...] = ()  # the words whose spelling the reading corrected: (as typed, as read)


def _population(matches: list[Match]) -> float:
    return max((m.entry.population or 0.0) for m in matches) if matches else 0.0


def _contains(gazetteer: Gazetteer, states: list[Match], places: list[Match]) -> bool:
    """Whether one of ``states`` holds one of ``places``."""
    ids = {m.entry.id for m in states}
    return any(m.entry.id in ids or ids & gazetteer.ancestors(m.entry.id).keys() for m in places)


def recase_places(text: str, gazetteer: Gazetteer, *, common_words: Container[str] = frozenset(),
                  incidents: Collection[str] = frozenset(),
                  english_share: Callable[[str], float] = lambda word: 0.0,
                  nouns: Callable[[str], Collection[str]] | None = None,
                  english: Container[str] = frozenset()) -> Recased:
    """``text`` with the place names typed in lower case or in capitals written as the gazetteer writes
    them, where the sentence reads them as places (see the module docstring). ``common_words`` are
    everyday English words in lower case, ``english`` every English word (without it no word is read as
    a contraction), ``english_share`` how often English uses a word, ``nouns`` the words of a text a
    tagger reads as nouns; ``incidents`` the lower-case names of known incidents without the word "Fire"
    ("kirkland")."""
    # A writer who capitalises names ("Virginia's ... near woodland") wrote a lower-case word after a
    # preposition as a word, not a name: only the surer readings of lower case apply to such a text.
    cased = uses_capitals(text)
    # a fire the stored reports name first: "the salt flats fire" is the Salt Flats Fire, not a Flats Fire
    text, early_notes = (text, []) if cased else _recase_incidents(text, incidents, common_words, nouns)
    # "pierce co wa", "ft collins": shorthand written out before the names are looked up
    text, county_notes = _county_abbreviated(text, gazetteer)
    text, shorthand_notes = _shorthand_written_out(text, gazetteer, english)
    early_notes += county_notes + shorthand_notes
    tokens = tokenize(text)
    words = [t.lower().replace("’", "'") for t, _, _ in tokens]
    chars = list(text)
    notes: list[str] = []
    unsure: list[str] = []
    places: list[tuple[int, int]] = []
    named: list[tuple[int, int]] = []
    previous: tuple[int, list[Match]] | None = None  # the end token of the last place read, its candidates
    i = 0
    while i < len(tokens):
        found = None
        for n in range(min(_MAX_TOKENS, len(tokens) - i), 0, -1):
            variants = gazetteer.folded(tuple(words[i:i + n]))
            if variants:
                found = (n, variants)
                break
        if found is None or not words[i][:1].isalnum():
            i += 1
            continue
        n, variants = found
        start, end = tokens[i][1], tokens[i + n - 1][2]
        typed = tuple(t for t, _, _ in tokens[i:i + n])
        matches = [m for _, ms in variants for m in ms]
        if any(key == typed for key, _ in variants):
            previous = (i + n, matches)  # already written as a place is: the recognizer reads it
            named.append((start, end))
            if all(m.kind == ABBREVIATION for m in matches) and _read_as_place(
                    gazetteer, words, i, n, matches, None, common_words, typed=[t for t, _, _ in tokens]):
                places.append((start, end))  # a code where a state goes: "Did GA have ...", "fires in NM"
            i += n
            continue
        verdict = _read_as_place(gazetteer, words, i, n, matches, previous, common_words, cased=cased,
                                 english_share=english_share, typed=[t for t, _, _ in tokens])
        if verdict is None:
            i += 1
            continue
        # the way the gazetteer writes it, by the strongest kind of surface: "Spokane County" before "SPOKANE"
        key = min(variants, key=lambda v: min(_RANK.get(m.kind, 9) for m in v[1]))[0]
        for (_, a, b), written in zip(tokens[i:i + n], key):
            chars[a:b] = written
        shown = text[start:end]
        notes.append(f"{shown!r} read as the place {''.join(chars[start:end])!r}")
        if verdict == "unsure":
            top = max(matches, key=lambda m: m.entry.population or 0.0).entry
            unsure.append(f"{shown!r} was read as the place {top.name}"
                          + (f", {top.state_usps}" if top.state_usps and not top.is_state else "")
                          + ", the largest of that name; it is also an everyday word")
        places.append((start, end))
        previous = (i + n, matches)
        i += n
    return Recased("".join(chars), tuple(early_notes + notes), tuple(unsure), tuple(places), tuple(named + places))


def _shorthand_written_out(text: str, gazetteer: Gazetteer, english: Container[str]) -> tuple[str, list[str]]:
    """``text`` with a place name typed in shorthand written as the gazetteer writes it, in the case it
    was typed: "ft collins" as "fort collins", "st lawrence county" as "st. lawrence county", "washoe
    cnty" as "washoe county" (:meth:`Gazetteer.written_out`). A name of two words at least, one of them
    typed in full; a contraction is no English word (``english``), and a state's code is read otherwise
    only before the rest of the name ("mt vernon" is Mount Vernon, "aurora co" is not Aurora Co.); the
    name is a county, a state or a town of some size (:func:`_known_enough`); a note says each change."""

    def may_shorten(word: str) -> bool:
        return bool(english) and word not in english

    def code(word: str) -> bool:
        return any(m.kind == ABBREVIATION for m in gazetteer.lookup_folded((word,)))

    tokens = tokenize(text)
    words = [t.lower().replace("’", "'") for t, _, _ in tokens]
    changes: list[tuple[int, int, str]] = []
    i = 0
    while i < len(tokens):
        step = 1
        for n in range(min(4, len(tokens) - i), 1, -1):
            window = tuple(words[i:i + n])
            keys = [k for k in gazetteer.written_out(window, may_shorten)
                    if any(w.isalpha() and len(w) >= 3 and w in k for w in window)
                    and not (code(window[-1]) and k[-1] != window[-1]) and _known_enough(gazetteer, k)]
            if keys:
                key = max(keys, key=lambda k: max((m.entry.population or 0.0) for _, ms in gazetteer.folded(k)
                                                  for m in ms))
                written = " ".join(key).replace(" .", ".")
                if tokens[i][0][:1].isupper():
                    written = " ".join(w.capitalize() for w in written.split(" "))
                changes.append((tokens[i][1], tokens[i + n - 1][2], written))
                step = n
                break
        i += step
    notes = [f"{text[a:b]!r} read as {written!r}" for a, b, written in changes]
    for a, b, written in reversed(changes):
        text = text[:a] + written + text[b:]
    return text, notes


def _known_enough(gazetteer: Gazetteer, key: tuple[str, ...]) -> bool:
    """Whether a name a shorthand was read as is one a question may mean unqualified: a county or a
    state, or a town of :data:`_MIN_POPULATION` people or more (not an unpeopled hamlet the shorthand
    happens to spell)."""
    return any(m.entry.level in (*STATE_LEVELS, "county") or (m.entry.population or 0.0) >= _MIN_POPULATION
               for _, matches in gazetteer.folded(key) for m in matches)


def _county_abbreviated(text: str, gazetteer: Gazetteer) -> tuple[str, list[str]]:
    """``text`` with "co" (or "co.") written out as "county" where it follows a county's name and is no
    state code: "pierce co wa" and "king co" name counties, while "boulder co" and "denver co" are the
    Colorado cities. "co" is Colorado's code when typed "CO", or when a place of the name lies in
    Colorado and no state holding a county of the name follows; a note says each change."""
    tokens = tokenize(text)
    words = [t.lower().replace("’", "'") for t, _, _ in tokens]
    cuts: list[tuple[int, int, str]] = []
    for k, (typed, start, end) in enumerate(tokens):
        if words[k] != "co" or typed == "CO" or k == 0:
            continue
        counties = [m for n in range(1, min(_MAX_TOKENS, k) + 1)
                    for _, ms in gazetteer.folded((*words[k - n:k], "county")) for m in ms if m.entry.level == "county"]
        if not counties:
            continue
        stop = k + 1 < len(words) and words[k + 1] == "."
        after = k + 2 if stop else k + 1
        if after < len(words) and words[after] == ",":
            after += 1
        states = [m for n in (1, 2, 3) for _, ms in gazetteer.folded(tuple(words[after:after + n])) for m in ms
                  if after + n <= len(words) and m.entry.level in STATE_LEVELS]
        named = {c.entry.id for c in counties}
        colorado = [m for n in range(1, min(_MAX_TOKENS, k) + 1) for _, ms in gazetteer.folded(tuple(words[k - n:k]))
                    for m in ms if m.entry.state_usps == "CO" and m.entry.level not in STATE_LEVELS
                    and m.entry.id not in named]
        qualified = bool(states) and _contains(gazetteer, states, counties)
        if typed != "Co" and not qualified and colorado:
            continue  # "boulder co": the city of Boulder, Colorado
        if stop and after < len(words) and (words[after][:1].islower() or states):
            end = tokens[k + 1][2]  # "pierce co. wa": the period of the abbreviation goes with it
        # "el paso co": the county and Colorado's code read alike, so it is El Paso County, Colorado
        in_colorado = not qualified and any(c.entry.state_usps == "CO" for c in counties)
        cuts.append((start, end, ("County" if typed[0].isupper() else "county") + (" CO" if in_colorado else "")))
    notes = [f"{text[a:b]!r} read as {written!r}" for a, b, written in cuts]
    for a, b, written in reversed(cuts):
        text = text[:a] + written + text[b:]
    return text, notes


_RANK = {NAME: 0, GENERATED: 1, "short": 2, ABBREVIATION: 3}


def uses_capitals(text: str) -> bool:
    """Whether the writer of ``text`` capitalises names: a capitalised word that does not start a sentence
    and is not "I"."""
    tokens = tokenize(text)
    for k, (word, _, _) in enumerate(tokens):
        if k == 0 or tokens[k - 1][0] in (".", "?", "!", ":", '"') or word == "I":
            continue
        if word[:1].isupper() and word.isalpha() and not word.isupper():
            return True
    return False


def _read_as_place(gazetteer: Gazetteer, words: list[str], i: int, n: int, matches: list[Match],
                   previous: tuple[int, list[Match]] | None, common_words: Container[str], *,
                   cased: bool = False, english_share: Callable[[str], float] = lambda word: 0.0,
                   typed: list[str] | None = None) -> str | None:
    """"sure", "unsure", or None when the sentence does not read the words ``i .. i+n`` as a place
    (``typed``: the words as typed, for their case)."""
    typed = typed or words
    before = words[i - 1] if i > 0 else ""
    following = words[i + n] if i + n < len(words) else ""
    if len(following) == 4 and following.isdigit() and following[:2] in ("19", "20"):
        return None  # "in spring 2025": a time, not a place
    if following.isalpha() and is_generic_word(following.capitalize()) and not any(
            m.entry.level in STATE_LEVELS or f"{m.entry.name} {following}" in m.entry.aliases for m in matches):
        # "near pope valley": the start of a longer name, not the place "Pope"; but "walla walla city" is
        # the place under its Census name, with its legal suffix
        return None
    shouted = all(t.isupper() and t.isalpha() for t in typed[i:i + n] if t.isalpha()) and len(words[i]) > 2
    population = _population([m for m in matches if m.entry.level not in STATE_LEVELS])
    if shouted and cased and (population >= _MIN_POPULATION or any(
            m.entry.level in STATE_LEVELS or m.entry.level == "county" for m in matches)):
        return "sure"  # written in capitals among lower-case words, as a name: "in LAKE ISABELLA"
    after_place = previous is not None and (previous[0] == i or (previous[0] == i - 1 and before == ","))
    codes = [m for m in matches if m.kind == ABBREVIATION]
    if codes and len(codes) == len(matches):
        if cased and not typed[i].isupper():
            return None  # a writer who uses capitals writes a code in them: "Mt. Rose" is a mount, "MT" Montana
        if typed[i].isupper() and len(typed[i]) == 2 and i > 0 and before in AUXILIARIES:
            return "sure"  # "Did GA have any wildfires?": a state in capitals as the subject
        if after_place and _contains(gazetteer, codes, previous[1]):  # type: ignore[index]
            return "sure"  # "spokane wa", "bend, or"
        if before in LOCATIVE and words[i] not in common_words and _ends_clause(words, i + n):
            return "sure"  # "fires in nm"
        if before == "the" and i >= 2 and words[i - 2] in LOCATIVE:
            return "sure"  # "in the us", "across the u.s.": no word follows "the" so
        return None
    if any(m.kind in (NAME, GENERATED) and m.entry.level in STATE_LEVELS for m in matches) and len(words[i]) > 2:
        return "sure"  # a state's name: "oregon", "new mexico", "washington state"
    if any(m.entry.level == "county" for m in matches) and words[i + n - 1].rstrip(".") in COUNTY_WORDS:
        return "sure"  # "spokane county", "bernalillo co."
    if (words[i + n - 1] in _FIRE_WORDS and n > 1 and any(m.entry.level == "event" for m in matches)
            and _names_a_fire(words, i, n, common_words)):
        return "sure"  # a fire the gazetteer knows: "the dixie fire"
    if _state_follows(gazetteer, words, i + n, matches, typed):
        return "sure"  # "bend oregon", "santa rosa ca", "pope valley in napa county"
    if cased:
        return None
    if any(m.entry.level == "protected_area" for m in matches) and (
            (n > 1 and is_generic_word(words[i + n - 1].capitalize()))
            or (n == 1 and before in LOCATIVE and words[i] not in common_words
                and english_share(words[i]) < _EVERYDAY_SHARE)):
        # a park or forest, which has no population to weigh it by: named whole ("tahoe national forest",
        # "glacier national park") or by a word English does not use, where a place goes ("at yosemite")
        return "sure"
    common = n == 1 and words[i] in common_words
    if (n == 1 and not common and words[i].isalpha() and len(words[i]) >= 4 and population >= _NAME_ALONE_POPULATION
            and english_share(words[i]) < _EVERYDAY_SHARE):
        return "sure"  # no English word but a town's name, wherever it stands: "is wenatchee getting smoke"
    if before in LOCATIVE and not (i >= 2 and words[i - 2] in DETERMINERS):
        if population >= (_COMMON_WORD_POPULATION if common else _MIN_POPULATION):
            return "unsure" if common else "sure"
        if any(w.isalpha() and w not in common_words and english_share(w) < RARE_SHARE for w in words[i:i + n]):
            return "sure"  # a small place by a name English hardly uses: "around shaver lake"
        return None
    if n > 1 and not all(w in common_words for w in words[i:i + n]) and population >= _NAMED_POPULATION:
        return "sure"
    return None


def _names_a_fire(words: list[str], i: int, n: int, common_words: Container[str],
                  nouns: Collection[str] | None = None) -> bool:
    """Whether the words ``i .. i+n`` ending in "fire" name a fire. A name of everyday words names one only
    after "the" (and a year): "the salt flats fire", "the 2015 south complex"; a name of one such word
    ("high fire", "spring fire") only where no noun follows too (``nouns``, the words a tagger reads as
    nouns): "the camp fire is out", "the shoe fire spread", not "the high fire danger"."""
    if not all(w in common_words for w in words[i:i + n - 1]):
        return True
    dated = i >= 2 and words[i - 1].isdigit()
    before = i - 2 if dated else i - 1  # "the 2015 south complex"
    if before < 0 or words[before] != "the":
        return False
    if n > 2 or dated:
        return True  # a name of two words or more, or dated, after "the": "the salt flats fire"
    following = words[i + n] if i + n < len(words) else ""
    if not following.isalpha() or following in STOP_WORDS:
        return True
    if nouns is not None:
        return following not in nouns  # "the shoe fire spread", not "the high fire danger"
    return following.endswith(("ed", "ing"))


def _ends_clause(words: list[str], k: int) -> bool:
    """Whether the phrase ends before token ``k``: at the end, at a mark (not an abbreviation's full stop,
    "Mt. Shasta"), or before "right now", "today", "this week"."""
    if k >= len(words):
        return True
    if words[k] == ".":
        return k + 1 >= len(words) or not words[k + 1][:1].isalpha()
    return not words[k][:1].isalnum() or words[k] in ("right", "now", "today", "this")


def _state_follows(gazetteer: Gazetteer, words: list[str], k: int, places: list[Match],
                   typed: list[str] | None = None) -> bool:
    """Whether a state or county holding one of ``places`` is named from token ``k``, right after it, after a
    comma or after "in" ("bend oregon", "santa rosa, ca", "pope valley in napa county"). A postal code that
    is an English word counts only typed in capitals ("lincoln NE", not "orange in eugene")."""
    typed = typed or words
    if k < len(words) and words[k] in (",", "in"):
        k += 1
    for n in (3, 2, 1):
        if k + n > len(words):
            continue
        found = [m for _, ms in gazetteer.folded(tuple(words[k:k + n])) for m in ms
                 if m.entry.level in STATE_LEVELS or (m.entry.level == "county" and words[k + n - 1].rstrip(".")
                                                      in COUNTY_WORDS)]
        if n == 1 and words[k] in WORDLIKE_CODES and not typed[k].isupper():
            found = [m for m in found if m.kind != ABBREVIATION]
        if found and _contains(gazetteer, found, places):
            return True
    return False


def _recase_incidents(text: str, incidents: Collection[str], common_words: Container[str] = frozenset(),
                      nouns: Callable[[str], Collection[str]] | None = None) -> tuple[str, list[str]]:
    """Fires named in lower case written as names where a known incident has the name."""
    tokens = tokenize(text)
    words = [t for t, _, _ in tokens]
    chars = list(text)
    notes: list[str] = []
    for k, word in enumerate(words):
        if word.lower() not in _FIRE_WORDS or word[:1].isupper():
            continue
        for n in (3, 2, 1):
            if k - n < 0:
                continue
            name = words[k - n:k]
            low = " ".join(w.lower() for w in name)
            lowered = [w.lower() for w in words]
            # the text's first word is capitalised as a sentence starts, not as a name is ("Gifford fire acreage?")
            typed_as_name = any(w[:1].isupper() for i, w in enumerate(name, start=k - n) if tokens[i][1] > 0)
            if not (low in incidents and not typed_as_name
                    and not all(w.lower() in _KIND_OF_FIRE for w in name) and all(w.isalnum() for w in name)):
                continue
            # the sentence with the name written as a name, for the tagger: "the Mosquito Fire start" reads
            # "start" as the verb it is, "the High Fire danger" "danger" as a noun
            named = list(chars)
            for _, a, b in tokens[k - n:k + 1]:
                named[a:b] = text[a].upper() + text[a + 1:b]
            if _names_a_fire(lowered, k - n, n + 1, common_words, nouns("".join(named)) if nouns else None):
                chars = named
                notes.append(f"{' '.join(name + [word])!r} read as the incident "
                             f"{' '.join(w.capitalize() for w in name + [word])!r}")
                break
    return "".join(chars), notes
