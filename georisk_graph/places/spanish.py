"""Places named in a Spanish question, found before it is translated and written as the gazetteer writes them.

The Spanish names are data: ``spanish_names.tsv`` holds the states and cities whose Spanish name differs from
the English one ("Nuevo México", "Carolina del Norte", "Misuri"), and every county of the gazetteer is also
read as "condado de X" and every parish as "parroquia de X". :func:`english_places` puts the English name of
each place a Spanish text names in square brackets ("en [New Mexico]"), which the translator keeps as written,
with the names the gazetteer holds in English ("en [Santa Fe]", "el incendio [Park Fire]") likewise, so that no
place is translated into words ("Santa Fe" is no "holy faith", "Lake" no lake).
"""

from __future__ import annotations

import functools
import unicodedata
from importlib import resources

from .gazetteer import NAME, Gazetteer, is_generic_word, tokenize

_LONGEST = 6  # tokens of the longest name looked for


def fold(word: str) -> str:
    """A word as it is compared: lower case, without accents ("México" and "mexico" are one)."""
    return "".join(c for c in unicodedata.normalize("NFKD", word.lower()) if not unicodedata.combining(c))


@functools.lru_cache(maxsize=4)
def _listed() -> tuple[tuple[str, str], ...]:
    text = resources.files(__package__).joinpath("spanish_names.tsv").read_text(encoding="utf-8")
    return tuple(tuple(line.split("\t", 1)) for line in text.splitlines()  # type: ignore[misc]
                 if line.strip() and not line.startswith("#"))


def spanish_names(gazetteer: Gazetteer) -> dict[tuple[str, ...], str]:
    """Each Spanish name, as folded tokens, with the English name of its place: the listed names and the
    Spanish forms of every county and parish."""
    names: dict[tuple[str, ...], str] = {}
    for place_id, spanish in _listed():
        entry = gazetteer.get(place_id)
        if entry is not None:
            names[tuple(fold(t) for t, _, _ in tokenize(spanish))] = entry.name
    for entry in gazetteer.entries.values():
        if entry.level != "county":
            continue
        for suffix, spanish in ((" County", "condado"), (" Parish", "parroquia")):
            if entry.name.endswith(suffix):
                bare = tuple(fold(t) for t, _, _ in tokenize(entry.name[:-len(suffix)]))
                names[(spanish, "de", *bare)] = entry.name
                names[("el" if spanish == "condado" else "la", spanish, "de", *bare)] = entry.name
    return names


def english_places(text: str, gazetteer: Gazetteer, names: dict[tuple[str, ...], str]) -> tuple[str, list[str]]:
    """``text`` with each place it names in Spanish written as its English name in square brackets, and each
    place it names as the gazetteer does (with capitals, and not a word of description alone) in square
    brackets too; with notes on the Spanish names read."""
    tokens = tokenize(text)
    folded = [fold(t) for t, _, _ in tokens]
    out: list[str] = []
    notes: list[str] = []
    at = 0
    i = 0
    inside = 0  # within square brackets: written already
    while i < len(tokens):
        inside += (tokens[i][0] == "[") - (tokens[i][0] == "]")
        found = None
        for n in range(min(_LONGEST, len(tokens) - i), 0, -1) if not inside else ():
            key = tuple(folded[i:i + n])
            if key in names:
                found = (n, names[key], True)
                break
            typed = tuple(t for t, _, _ in tokens[i:i + n])
            # a capitalised word opening a sentence is as likely a Spanish word ("Hay", "Como") as a town
            opening = i == 0 or not tokens[i - 1][0][:1].isalnum()
            if typed[0][:1].isupper() and not (n == 1 and (is_generic_word(typed[0]) or opening)) and any(
                    m.kind == NAME for m in gazetteer.lookup(" ".join(typed))):
                found = (n, text[tokens[i][1]:tokens[i + n - 1][2]], False)
                break
        if found is None:
            i += 1
            continue
        n, english, spanish = found
        start, end = tokens[i][1], tokens[i + n - 1][2]
        out.append(text[at:start] + f"[{english}]")
        # a note for a name of Spanish alone ("Nuevo México"), which says the question is Spanish; not for one that
        # only bears an accent English leaves off ("Oregón", "Los Ángeles")
        if spanish and fold(text[start:end]) != fold(english):
            notes.append(f"{text[start:end]!r} read as the place {english!r}")
        at = end
        i += n
    out.append(text[at:])
    return "".join(out), notes
