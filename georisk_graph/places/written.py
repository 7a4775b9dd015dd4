"""Places as people write them: the other names places go by ("Vegas", "Philly", "OKC", "Windy City"), ZIP codes,
and names typed in lower case where the rules of recognition passed them by ("um is there a burn ban in uh
flagstaff"), each accepted or not by a fitted model from the words around it, and the words that name a place
no data holds ("Quillbrook Hollow", "my county"), which the decision names when it asks where.

Candidates. Every run of up to four words of a question that the rules of :mod:`.recognition` did not read as a
place is looked up

- among GeoNames' other names of the places (:meth:`.Gazetteer.alternates_named`; noisy: "Old Town", "Orange" and
  airport codes are among them);
- among the places' own names in lower case, where the words were typed otherwise than the gazetteer writes them
  (a writer who types without capitals, or in capitals);
- as a ZIP code (five digits, or ZIP+4), through :class:`ZipCodes`: the town the U.S. Postal Service names for it
  where the geography holds that town in the ZIP's county, else the ZIP's county.

Each candidate, one span and one place it may name, gets the features of :data:`FEATURES`: how it was found, how
the place stands (its population, a county or larger), how many places the words may name, a state or county named
in the question that holds it or one that does not, how it was typed (capitalised, in capitals, in a text that
uses capitals), how ordinary the words are in English and in the documents, whether the other name is a code or a
part or the initials of the place's name, and whether a word of place stands before it. The name model (a
:class:`~georisk_graph.models.FittedModel`, ``georisk fit names``, ``models/names.json``) gives the probability that
the writer means that place; the likeliest candidate of a span at or above the model's threshold is accepted.

Unplaced names (:func:`unplaced_names`) are what a question writes as a place and nothing places: a capitalised run
of words in a text that uses capitals, where a word is no English word and no word of the documents or ends as
many places' names end ("Sable Thicket Estates"; the ends are counted from the gazetteer's names, not listed), a
determiner or possessive before such an ending ("the lake", "my county"), and a ZIP code that no table holds.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, Collection, Container, Protocol, Sequence

from ..geo import STATE_LEVELS
from .gazetteer import ABBREVIATION, Gazetteer, GazetteerEntry, county_base, tokenize
from .recognition import GEOGRAPHIC_MODIFIERS

FEATURES = (
    "alternate",  # found among GeoNames' other names of the place
    "zip",  # a ZIP code
    "own_name",  # the place's own name, typed otherwise than the gazetteer writes it
    "as_written",  # ... or as it writes it, where the rules of recognition did not read it as the place
    "joined",  # its words typed apart ("rose burg" for Roseburg), or a short form written out ("Saint" for "St.")
    "longer_than_read",  # it holds a shorter name the rules read ("yucca valley", where they read "yucca")
    "state_code",  # a state's postal code in capitals ("SC gov declared ...")
    "population",  # log10 of the place's population, over 7
    "jurisdiction",  # a county, a state or larger
    "sharing",  # log2 of the number of places the words may name
    "largest",  # the most populous of the places the words may name
    "names_another_place",  # the words are another place's own name ("Maryland", "Kern", "Lordsburg")
    "state_named",  # a state or county the question names holds the place
    "state_follows",  # a state holding the place is named right after it ("Vegas NV", "bend, oregon")
    "other_state_follows",  # a state not holding it is named right after it
    "named_ordinary",  # ordinary words typed with capitals in a question that writes names so ("Big Easy", "Queen City")
    "other_state_named",  # the question names a state or county that does not hold it (and none that does)
    "capitalised",  # typed with a capital, not at the start of a sentence
    "capitals",  # typed in capitals
    "cased_text",  # the question uses capitals elsewhere
    "named_as_names_are",  # typed with a capital in a question that writes names with capitals
    "lower_text",  # the question is typed without capitals
    "everyday",  # how much English uses its rarest word: (8 + log10 share) / 6, 0 for a word English never uses
    "dictionary",  # every word is an English dictionary word
    "in_documents",  # every word is a word the stored passages use
    "code",  # the other name is written as a code (capitals, four letters at most: "OKC", "ABQ", and airports)
    "name_part",  # the words are a part of the place's name, or begin its words ("Vegas", "Philly")
    "initials",  # the words are the initials of the place's name ("SF", "SLC")
    "after_place_word",  # a word that puts a place stands before it ("in", "near", "at" ...)
    "nothing_read",  # the rules read no place in the question
    "state_in_a_name",  # a state's name that begins a longer name ("South Carolina State Forester", "Florida Forest ...")
    "name_continues",  # a capitalised word follows it in a question that writes names with capitals ("Kern River")
    "fire_follows",  # a word for a fire follows it: the name is a fire's ("Hutchinson Fire")
    "words",  # how many words, less one
    "zip_state_agrees",  # a ZIP whose state the question names
)

# A word English uses less than three times in a million words is no everyday word ("vegas", not "violate").
_EVERYDAY = 3e-6
# A word this rare in the stored passages (its idf's share of that of a word none holds) is no topic of theirs.
RARE_IN_DOCUMENTS = 0.6
# How an unplaced name was told (unplaced_names): beside a state, a capitalised name, a phrase, a ZIP no table holds.
UNPLACED_KINDS = ("beside", "name", "phrase", "zip")
# A name ending this many of the gazetteer's names (not fires) ends a place's name ("County", "Lake", "Estates").
PLACE_ENDING_NAMES = 50
_MAX_WORDS = 4


class Words(Protocol):
    """What the candidates need of the words of English and of the documents (the question reader's lexicon)."""

    @property
    def english(self) -> Container[str]: ...

    def english_share(self, word: str) -> float: ...

    def in_documents(self, word: str) -> bool: ...

    def rarity(self, word: str) -> float: ...


@dataclass(frozen=True)
class Candidate:
    """A span of a question that may name a place: how it was found (``how``: "alternate", "zip" or "own_name"),
    the place, its features, and the probability the name model gives it (None until scored)."""

    start: int
    end: int
    surface: str
    entry: GazetteerEntry
    how: str
    features: dict[str, float]
    probability: float | None = None

    @property
    def method(self) -> str:
        return {"alternate": "alternate name", "zip": "ZIP code", "own_name": "name as typed",
                "state_code": "state code"}[self.how]


class ZipCodes:
    """ZIP codes to the places of a gazetteer, from the USPS table of the ``zipcodes`` package (MIT, its data in
    the wheel, read offline). The table is read at the first code asked for (about 1.5 s), not before."""

    def __init__(self, gazetteer: Gazetteer, lookup: Callable[[str], list[dict[str, Any]]] | None = None) -> None:
        self.gazetteer = gazetteer
        self._lookup = lookup
        self._known: dict[str, tuple[GazetteerEntry, dict[str, Any]] | None] = {}

    def place(self, code: str) -> tuple[GazetteerEntry, dict[str, Any]] | None:
        """The place a ZIP code (five digits) lies in, with its table row: the town the Postal Service names for it
        where the geography holds that town inside the ZIP's county, else the county; None for a code the table
        does not hold."""
        if code in self._known:
            return self._known[code]
        rows = self._rows(code)
        found = None
        for row in rows:
            state, county = row.get("state"), self._county(row.get("county"), row.get("state"))
            town = self._town(row.get("city"), state, county)
            entry = town or county
            if entry is not None:
                found = (entry, row)
                break
        self._known[code] = found
        return found

    def _rows(self, code: str) -> list[dict[str, Any]]:
        if self._lookup is None:
            import zipcodes  # deferred: reading the table takes a second and a half

            def lookup(zip_code: str) -> list[dict[str, Any]]:
                try:
                    return list(zipcodes.matching(zip_code))
                except (TypeError, ValueError):
                    return []

            self._lookup = lookup
        return self._lookup(code)

    def _county(self, name: str | None, state: str | None) -> GazetteerEntry | None:
        if not name or not state:
            return None
        base = county_base(name) or name
        return next((e for e in self.gazetteer.counties_named(base) if e.state_usps == state), None)

    def _town(self, name: str | None, state: str | None, county: GazetteerEntry | None) -> GazetteerEntry | None:
        if not name or not state:
            return None
        # the table writes some towns otherwise than the gazetteer ("Mccall", "MC CALL"): read in lower case
        key = tuple(t.lower() for t, _, _ in tokenize(name))
        towns = [m.entry for m in self.gazetteer.lookup_folded(key)
                 if m.kind != ABBREVIATION and m.entry.state_usps == state and m.entry.level not in (*STATE_LEVELS, "county", "event")]
        if county is not None:
            towns = [t for t in towns if county.id in self.gazetteer.ancestors(t.id)]
        return max(towns, key=lambda t: t.population or 0.0) if towns else None


def _is_zip(word: str) -> bool:
    """Five digits: a ZIP code's form (ZIP+4 is tokenised as the five digits, a hyphen and four more)."""
    return len(word) == 5 and word.isdigit() and word.isascii()


def _everyday(words: Words, tokens: Sequence[str]) -> float:
    shares = [words.english_share(t.lower()) for t in tokens if t.isalpha()]
    share = min(shares) if shares else 0.0
    return max(0.0, 8.0 + math.log10(share)) / 6.0 if share > 0 else 0.0


def _name_part(key: tuple[str, ...], name: str) -> float:
    """1 when ``key`` is a run of the words of ``name``; else the share of ``key``'s letters that begin a word of
    the name (at least four: "philly" and "philadelphia" share "phil")."""
    label = [t.lower() for t, _, _ in tokenize(name) if t.isalnum()]
    words = [t for t in key if t.isalnum()]
    if not words:
        return 0.0
    n = len(words)
    if any(label[i:i + n] == words for i in range(len(label) - n + 1)):
        return 1.0
    if n == 1:
        best = max((len(_common_prefix(words[0], w)) for w in label), default=0)
        return best / len(words[0]) if best >= 4 else 0.0
    return 0.0


def _common_prefix(a: str, b: str) -> str:
    k = 0
    while k < min(len(a), len(b)) and a[k] == b[k]:
        k += 1
    return a[:k]


def _initials(key: tuple[str, ...], name: str) -> bool:
    letters = "".join(t for t in key if t.isalpha())
    label = [t for t, _, _ in tokenize(name) if t[:1].isalpha()]
    return len(label) >= 2 and letters == "".join(w[0].lower() for w in label)


def _uses_capitals(tokens: Sequence[tuple[str, int, int]]) -> bool:
    for k, (word, _, _) in enumerate(tokens):
        if k == 0 or tokens[k - 1][0] in (".", "?", "!", ":", '"') or word == "I":
            continue
        if word[:1].isupper() and word.isalpha() and not word.isupper():
            return True
    return False


def candidates(text: str, gazetteer: Gazetteer, words: Words, *, taken: Sequence[tuple[int, int]] = (),
               found: Sequence[str] = (), zip_codes: ZipCodes | None = None,
               place_words: Collection[str] = frozenset(), fire_words: Collection[str] = frozenset()) -> list[Candidate]:
    """The candidates of ``text`` (see the module docstring): spans not overlapping ``taken`` (the places the
    rules read), each with one place and its features; ``found`` are the ids of the places the rules read
    (the states and counties among them hold or contradict a candidate), ``place_words`` the words that put a
    place after them."""
    tokens = tokenize(text)
    lower = [t.lower().replace("’", "'") for t, _, _ in tokens]
    typed_all = [t for t, _, _ in tokens]
    cased = _uses_capitals(tokens)
    containers = [i for i in found if (e := gazetteer.get(i)) is not None and (e.level in STATE_LEVELS or e.level == "county")]
    out: list[Candidate] = []
    i = 0
    while i < len(tokens):
        if not tokens[i][0][:1].isalnum():
            i += 1
            continue
        # three words at least: a name typed in pieces or with a short form written out starts with no name's word
        longest = min(max(gazetteer.alternate_tokens(lower[i]), gazetteer.max_tokens(tokens[i][0]),
                          gazetteer.max_tokens(tokens[i][0].capitalize()), 3), _MAX_WORDS, len(tokens) - i)
        for n in range(longest, 0, -1):
            start, end = tokens[i][1], tokens[i + n - 1][2]
            inside = [(a, b) for a, b in taken if a < end and start < b]
            # a span the rules read is judged again only as part of a longer name ("yucca valley", not "yucca")
            if any(not (start <= a and b <= end) or (a, b) == (start, end) for a, b in inside):
                continue
            key = tuple(lower[i:i + n])
            typed = tuple(t for t, _, _ in tokens[i:i + n])
            places: list[tuple[GazetteerEntry, str]] = []
            if n == 1 and _is_zip(key[0]) and zip_codes is not None:
                hit = zip_codes.place(key[0])
                if hit is not None:
                    places.append((hit[0], "zip"))
            places += [(e, "alternate") for e in gazetteer.alternates_named(key)]
            places += [(m.entry, "own_name") for _, ms in gazetteer.folded(key) for m in ms
                       if m.kind != ABBREVIATION and m.entry.level != "event"]
            # a name typed in pieces ("rose burg") or with a short form written out ("saint francois county")
            other_forms = ([("".join(key),)] if n > 1 and all(t.isalpha() for t in key) else []) + gazetteer.contracted(key)
            joined = [(m.entry, "own_name") for form in other_forms for _, ms in gazetteer.folded(form) for m in ms
                      if m.kind != ABBREVIATION and m.entry.level != "event"]
            places += joined
            as_written = any(k == typed for k, _ in gazetteer.folded(key))
            if n == 1 and len(typed[0]) == 2 and typed[0].isupper():
                places += [(m.entry, "state_code") for m in gazetteer.lookup_key(typed)
                           if m.kind == ABBREVIATION and m.entry.level in STATE_LEVELS]
            if not places:
                continue
            sharing = len({e.id for e, _ in places})
            largest = max((e.population or 0.0) for e, _ in places)
            own = {m.entry.id for _, ms in gazetteer.folded(key) for m in ms if m.kind != ABBREVIATION}
            pieces = {e.id for e, _ in joined}
            for entry, how in dict(((e.id, h), (e, h)) for e, h in places).values():
                out.append(Candidate(start, end, text[start:end], entry, how, _features(
                    gazetteer, words, key, typed, entry, how, sharing=sharing, cased=cased, containers=containers,
                    largest=(entry.population or 0.0) >= largest, another=bool(own - {entry.id}),
                    as_written=how == "own_name" and as_written and entry.id in own,
                    joined=how == "own_name" and entry.id in pieces and entry.id not in own,
                    following=tokens[i + n][0] if i + n < len(tokens) else "", fire_words=fire_words,
                    longer=bool(inside), others_read=bool(found),
                    next_states=_states_after(gazetteer, lower, typed_all, i + n),
                    before=lower[i - 1] if i > 0 else "", sentence_start=i == 0 or tokens[i - 1][0] in (".", "?", "!"),
                    place_words=place_words, zip_codes=zip_codes,
                    text_has_capitals=any(ch.isupper() for ch in text[1:]))))
        i += 1
    return out


def _states_after(gazetteer: Gazetteer, lower: Sequence[str], typed: Sequence[str], k: int) -> list[str]:
    """The ids of the states named by the words from token ``k`` (after a comma): by name, or by a postal code typed in
    capitals ("Vegas NV", "bend, oregon", "Queen City, VT")."""
    if k < len(lower) and lower[k] == ",":
        k += 1
    found: list[str] = []
    for n in (3, 2, 1):
        if k + n > len(lower):
            continue
        for _, matches in gazetteer.folded(tuple(lower[k:k + n])):
            found += [m.entry.id for m in matches if m.entry.level in STATE_LEVELS
                      and (m.kind != ABBREVIATION or typed[k].isupper())]
        if found:
            break
    return found


def _features(gazetteer: Gazetteer, words: Words, key: tuple[str, ...], typed: tuple[str, ...], entry: GazetteerEntry,
              how: str, *, sharing: int, cased: bool, containers: Sequence[str], before: str, sentence_start: bool,
              place_words: Collection[str], zip_codes: ZipCodes | None, largest: bool = True, another: bool = False,
              as_written: bool = False, joined: bool = False, following: str = "",
              fire_words: Collection[str] = frozenset(), longer: bool = False, others_read: bool = False,
              next_states: Sequence[str] = (), text_has_capitals: bool = True) -> dict[str, float]:
    above = gazetteer.ancestors(entry.id)
    holds = [c for c in containers if c in above or c == entry.id]
    contradicts = [c for c in containers if c not in above and c != entry.id and entry.id not in gazetteer.ancestors(c)]
    letters = [t for t in typed if t.isalpha()]
    is_zip = how == "zip"
    capitalised = bool(letters) and letters[0][:1].isupper() and not sentence_start
    state_agrees = 0.0
    if is_zip and zip_codes is not None:
        row = zip_codes.place(key[0])
        state = gazetteer.state(row[1].get("state", "")) if row else None
        state_agrees = 1.0 if state is not None and state.id in containers else 0.0
    return {
        "alternate": float(how == "alternate"), "zip": float(is_zip), "own_name": float(how == "own_name"),
        "state_code": float(how == "state_code"), "as_written": float(as_written), "joined": float(joined),
        "longer_than_read": float(longer),
        "population": math.log10(1.0 + (entry.population or 0.0)) / 7.0,
        "jurisdiction": float(entry.level in STATE_LEVELS or entry.level in ("county", "country")),
        "sharing": math.log2(sharing), "largest": float(largest), "names_another_place": float(another),
        "state_named": float(bool(holds)), "other_state_named": float(bool(contradicts) and not holds),
        "state_follows": float(any(st in above for st in next_states)),
        "other_state_follows": float(bool(next_states) and not any(st in above for st in next_states)),
        "named_ordinary": float(capitalised and cased) * (0.0 if is_zip else _everyday(words, key)),
        "capitalised": float(capitalised),
        "capitals": float(bool(letters) and all(t.isupper() for t in letters) and sum(map(len, letters)) > 1),
        "cased_text": float(cased),
        "named_as_names_are": float(capitalised and cased),
        "lower_text": float(not text_has_capitals),
        "everyday": 0.0 if is_zip else _everyday(words, key),
        "dictionary": float(not is_zip and all(t in words.english for t in key if t.isalpha())),
        "in_documents": float(not is_zip and all(words.in_documents(t) for t in key if t.isalpha())),
        "code": float(how == "alternate" and any(a.isupper() and len(a.replace(".", "")) <= 4 and
                                                  tuple(t.lower() for t, _, _ in tokenize(a)) == key
                                                  for a in entry.alternates)),
        "name_part": 0.0 if is_zip else _name_part(key, entry.name),
        "initials": float(not is_zip and _initials(key, entry.name)),
        "after_place_word": float(before in place_words),
        "name_continues": float(cased and following[:1].isupper() and following.isalpha()),
        "nothing_read": float(not containers and not others_read),
        "state_in_a_name": float(entry.level in STATE_LEVELS and how in ("own_name", "state_code")
                                 and following[:1].isupper() and following.isalpha()),
        "fire_follows": float(following.lower().rstrip("s") in fire_words),
        "words": float(len(key) - 1),
        "zip_state_agrees": state_agrees,
    }


def accepted(scored: Sequence[Candidate], threshold: float) -> list[Candidate]:
    """Of scored candidates, the likeliest of each span at or above ``threshold``, longer spans first, none
    overlapping another."""
    best: dict[tuple[int, int], Candidate] = {}
    for c in scored:
        span = (c.start, c.end)
        if (c.probability or 0.0) >= threshold and (span not in best or (c.probability or 0.0) > (best[span].probability or 0.0)):
            best[span] = c
    kept: list[Candidate] = []
    for c in sorted(best.values(), key=lambda c: (-(c.end - c.start), -(c.probability or 0.0))):
        if not any(k.start < c.end and c.start < k.end for k in kept):
            kept.append(c)
    return sorted(kept, key=lambda c: c.start)


def place_endings(gazetteer: Gazetteer, least: int = PLACE_ENDING_NAMES) -> frozenset[str]:
    """The words (lower case) that end at least ``least`` of the gazetteer's names of places (not fires): the words
    a place's name ends in ("county", "lake", "estates", "heights"), counted, not listed."""
    counts = Counter(name.split()[-1].lower() for e in gazetteer.entries.values() if e.level != "event"
                     for name in (e.name,) if " " in name)
    return frozenset(w for w, n in counts.items() if n >= least and w.isalpha())


def unplaced_names(text: str, words: Words, endings: Collection[str], *, taken: Sequence[tuple[int, int]] = (),
                   determiners: Collection[str] = frozenset(), zip_codes: ZipCodes | None = None,
                   states: Sequence[tuple[int, int]] = (), where: Collection[str] = frozenset(),
                   common: Collection[str] = frozenset(),
                   corrected: Collection[str] = frozenset(),
                   at: Collection[str] = frozenset()) -> list[tuple[int, int, str]]:
    """The spans of ``text`` that name a place nothing places (see the module docstring), not overlapping ``taken``
    (the places and incidents read), each with how it was told (:data:`UNPLACED_KINDS`): "beside", right before a
    state the question names (``states``, their spans) after a preposition of place (``where``: "in vegas nevada"),
    holding a word neither English nor the documents use ("cour da lane idaho"), or a ZIP code next to the state;
    "name", a capitalised run holding such a word or ending as places' names end ("Sable Thicket Estates"); "phrase",
    a determiner or possessive (``determiners``) before a word of ``endings`` ("the lake", "my county"), or words the
    stored passages hardly use after a preposition of place ("on the res"); "zip", a ZIP
    code no table holds. ``common`` are the words that never name a place by themselves (stop words), ``corrected``
    the words (lower case) the reading wrote for names it did not know, which count as unknown."""
    tokens = tokenize(text)
    cased = _uses_capitals(tokens)
    spans: list[tuple[int, int, str]] = []

    def free(a: int, b: int) -> bool:
        return not any(x < b and a < y for x, y in [*taken, *((x, y) for x, y, _ in spans)])

    def unknown(word: str) -> bool:
        low = word.lower()
        return low in corrected or (low not in words.english and not words.in_documents(low)
                                    and words.english_share(low) < 1e-6)

    k = 0
    while k < len(tokens):
        word, start, _ = tokens[k]
        initial = k == 0 or tokens[k - 1][0] in (".", "?", "!", ":", '"', "¿", "¡")
        if cased and word[:1].isupper() and word.isalpha() and word != "I":
            j = k
            while j + 1 < len(tokens) and tokens[j + 1][0][:1].isupper() and tokens[j + 1][0].isalpha():
                j += 1
            if j + 1 < len(tokens) and tokens[j + 1][0].lower() in endings:
                j += 1  # "Mossgrove campground": a name with the word for what it is
            run = [t for t, _, _ in tokens[k:j + 1]]
            body = run[1:] if initial else run
            if body and (any(unknown(t) for t in body if not t.isupper()) or run[-1].lower() in endings and len(body) > 1):
                a, b = tokens[k + (1 if initial and len(run) > 1 and not unknown(run[0]) else 0)][1], tokens[j][2]
                if free(a, b):
                    spans.append((a, b, "name"))
            k = j + 1
            continue
        if word.lower() in determiners and k + 1 < len(tokens):
            j = k + 1
            while j + 1 < len(tokens) and tokens[j][0].isalpha() and tokens[j][0].lower() not in endings and j - k < 3:
                j += 1
            if tokens[j][0].lower() in endings and all(t.isalpha() for t, _, _ in tokens[k + 1:j + 1]):
                a, b = start, tokens[j][2]
                if free(a, b):
                    spans.append((a, b, "phrase"))
                k = j + 1
                continue
        if _is_zip(word) and zip_codes is not None and zip_codes.place(word) is None and free(start, tokens[k][2]):
            spans.append((start, tokens[k][2], "zip"))
        if word.lower() in at and k + 1 < len(tokens):
            # a preposition of place before words the documents hardly use: "on the res", "up by quarrelsome knob" (a
            # capitalised name in a question that writes names so is the runs' above)
            j = k + 1 + (tokens[k + 1][0].lower() in determiners)
            last = j
            while last < len(tokens) and last - j < 2 and tokens[last][0].isalpha() \
                    and not (cased and tokens[last][0][:1].isupper()) \
                    and tokens[last][0].lower() not in common and words.rarity(tokens[last][0]) >= RARE_IN_DOCUMENTS:
                last += 1
            if last > j and free(tokens[k + 1][1], tokens[last - 1][2]):
                spans.append((tokens[k + 1][1], tokens[last - 1][2], "phrase"))
        k += 1

    starts = {start: n for n, (_, start, _) in enumerate(tokens)}
    for a, b in states:
        position = starts.get(a)
        if position is None:
            continue
        k = position
        j = k - 1 if k > 0 and tokens[k - 1][0] == "," else k  # the token after the words before the state
        known = [x for x, y, _ in spans if y == tokens[j - 1][2]] if j > 0 else []
        if known:  # a name found above right before the state: "The Biggest Little City, Nevada"
            spans = [(x, y, "beside" if y == tokens[j - 1][2] else how) for x, y, how in spans]
            continue
        first = j
        while (first > 0 and j - first < 3 and tokens[first - 1][0].isalnum()
               and tokens[first - 1][0].lower() not in where and tokens[first - 1][0].lower() not in common
               and tokens[first - 1][0].capitalize() not in GEOGRAPHIC_MODIFIERS):
            first -= 1
        run = [t for t, _, _ in tokens[first:j]]
        placed = first > 0 and tokens[first - 1][0].lower() in where
        # a word English hardly uses, a capitalised one, or a ZIP code: "in vegas nevada", not "to violate Nebraska's"
        named = [t for t in run if _is_zip(t) or t.isalpha() and (unknown(t) or (cased and t[:1].isupper())
                                                                   or words.english_share(t.lower()) < _EVERYDAY)]
        if run and named and (placed or any(unknown(t) or _is_zip(t) for t in run)) \
                and free(tokens[first][1], tokens[j - 1][2]):
            spans.append((tokens[first][1], tokens[j - 1][2], "beside"))  # "in vegas nevada", "cour da lane idaho"
        after = k
        while after < len(tokens) and tokens[after][1] < b:
            after += 1
        if after < len(tokens) and tokens[after][0] == ",":
            after += 1
        if after < len(tokens) and _is_zip(tokens[after][0]) and free(tokens[after][1], tokens[after][2]):
            spans.append((tokens[after][1], tokens[after][2], "beside"))  # "oregon 97701"
    return sorted(spans)
