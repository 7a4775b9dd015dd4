"""The corpus's glossary: the acronyms its passages spell out ("Incident Command Post (ICP)", "Single Engine Air
Tankers (SEATs)"), found by the Schwartz–Hearst algorithm (the `abbreviations` package), kept when spelled out in
at least :data:`LEAST_PASSAGES` passages, and stored as ``(:Term)-[:DEFINED_IN]->(:Chunk)``: a question asking what
an acronym stands for is answered from a passage that spells it out (:func:`georisk_graph.retrieval`).

    terms = find_terms([(chunk_id, text), ...])   # pure: what the passages spell out
    build_glossary(graph)                          # every stored passage read, the Term nodes written (idempotent)

A term's ``key`` is its words as the question reader stems them ("SEATs" -> "seat", "RAWS" -> "raw"), so "What is
a SEAT?" and "what are seats" find the same term; its expansion is the form its passages spell most often.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

from abbreviations import schwartz_hearst

from ..analysis import STOP_WORDS, stem, words
from ..graph import Graph

LEAST_PASSAGES = 2  # an acronym is a term when this many passages spell it out
_LONGEST = 8  # words of an expansion at most: a longer one is a sentence the algorithm took for a name
_BATCH = 500  # terms written per transaction


@dataclass(frozen=True)
class Term:
    """An acronym of the corpus: as its passages write it (``name``), what it stands for (``expansion``), its
    ``key`` (the stems the reader gives a question's words), and the passages that spell it out, each with where
    in its text the expansion starts."""

    name: str
    expansion: str
    key: str
    defined_in: tuple[tuple[str, int], ...]

    @property
    def id(self) -> str:
        return f"acronym:{self.key}"

    def to_row(self) -> dict[str, object]:
        return {"id": self.id, "name": self.name, "expansion": self.expansion, "key": self.key,
                "passages": len(self.defined_in),
                "defined_in": [{"chunk": chunk, "start": start} for chunk, start in self.defined_in]}


def term_key(name: str) -> str:
    """A term's words as the question reader stems them: "SEATs" -> "seat", "Red Flag Warning" -> "red flag warn"."""
    return " ".join(stem(w.lower()) for w in words(name))


def _singular(name: str) -> str:
    """An acronym without the plural s it is written with: "SEATs" -> "SEAT" (the algorithm matches the letters)."""
    return name[:-1] if len(name) > 2 and name.endswith("s") and name[:-1].isupper() else name


def _plain(expansion: str) -> str:
    return " ".join(expansion.split())


def _pairs(text: str) -> list[tuple[str, str]]:
    """The (acronym, expansion) pairs a text spells out, a plural acronym read in the singular."""
    found = schwartz_hearst.extract_abbreviation_definition_pairs(doc_text=text)
    written = dict(found)
    for short in {s for s in _parenthesised(text) if _singular(s) != s}:
        singular = schwartz_hearst.extract_abbreviation_definition_pairs(
            doc_text=text.replace(f"({short})", f"({_singular(short)})"))
        if _singular(short) in singular and _singular(short) not in written:
            written[short] = singular[_singular(short)]
    for short in _parenthesised(text) - set(written):
        long = _without_function_words(text, short)
        if long:
            written[short] = long
    pairs = [(short, _widened(text, short, _plain(long))) for short, long in written.items()]
    return [(short, long) for short, long in pairs
            if short[:1].isalnum() and sum(ch.isupper() for ch in short) >= 2 and len(long) > len(short)
            and len(long.split()) <= _LONGEST and _aligned(short, long)]


def _without_function_words(text: str, short: str) -> str | None:
    """The expansion Schwartz–Hearst finds for ``short`` when the function words before it are left out, as the text
    writes it: the algorithm opens an expansion at the nearest word with the acronym's first letter, so "Oregon
    Department of Forestry (ODF)" opens at "of" and fails, while "Oregon Department Forestry (ODF)" is found."""
    at = text.find(f" ({short})")
    if at <= 0:
        return None
    before = text[:at].split()[-2 * len(short) - 4:]
    kept = [w for w in before if w.lower() not in STOP_WORDS]
    if len(kept) == len(before):
        return None  # no function word to leave out: the algorithm's own answer stands
    found = schwartz_hearst.extract_abbreviation_definition_pairs(doc_text=f"{' '.join(kept)} ({short})").get(short)
    if not found:
        return None
    first = found.split()[0]
    opening = max(i for i, w in enumerate(before) if w == first) if first in before else None
    return None if opening is None else " ".join(before[opening:])


def _widened(text: str, short: str, long: str) -> str:
    """The expansion with the capitalised word before it when that word starts with the acronym's first letter: the
    algorithm takes the shortest form whose letters fit ("of Emergency Management" for OEM), the name begins one
    word earlier ("Office of Emergency Management")."""
    at = text.find(f"{long} ({short})")
    before = text[:at].split() if at > 0 else []
    if before and before[-1][:1].isupper() and before[-1][:1].lower() == short[:1].lower() and before[-1].isalpha():
        return f"{before[-1]} {long}"
    return long


def _aligned(short: str, long: str) -> bool:
    """Whether the expansion names what the acronym abbreviates: it opens with no function word in lower case ("of
    State Fire Marshal" is the end of a name), and each of its words but function words and numbers begins with a
    letter of the acronym ("Infrared Flights" is no expansion of IR)."""
    letters = {ch.lower() for ch in short if ch.isalpha()}
    content = [w for w in long.replace("-", " ").split() if w.lower() not in STOP_WORDS and not w.isdigit()]
    opening = long.split()[0]
    return not (opening.islower() and opening in STOP_WORDS) and bool(content) and all(
        w[:1].lower() in letters for w in content if w[:1].isalpha())


def _parenthesised(text: str) -> set[str]:
    """The single words written in parentheses: the candidates for an acronym."""
    out = set()
    for part in text.split("(")[1:]:
        inside = part.split(")", 1)[0].strip()
        if inside and " " not in inside and len(inside) <= 12:
            out.add(inside)
    return out


def find_terms(passages: Iterable[tuple[str, str]], *, least: int = LEAST_PASSAGES) -> list[Term]:
    """The acronyms ``passages`` ((chunk id, text) pairs) spell out in at least ``least`` of them, each with the
    expansion written most often (of the same words as the reader stems them: case, spacing and plurals aside) and
    the passages that give it."""
    spelled: dict[str, Counter[str]] = defaultdict(Counter)
    names: dict[str, Counter[str]] = defaultdict(Counter)
    where: dict[tuple[str, str], list[tuple[str, int]]] = defaultdict(list)
    forms: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for chunk, text in passages:
        for short, long in _pairs(text):
            key = term_key(short)
            if not key:
                continue
            expansion = " ".join(stem(w) for w in words(long))  # "Wildland Fire Modules" is "wildland fire module"
            spelled[key][expansion] += 1
            names[key][short] += 1
            forms[(key, expansion)][long] += 1
            where[(key, expansion)].append((chunk, max(text.find(long), 0)))
    terms = []
    for key, expansions in spelled.items():
        expansion, _ = expansions.most_common(1)[0]
        # the same term spelled in other words ("minimum impact suppression tactics", "minimal impact suppression
        # tactics") counts with it; an expansion sharing less than half its words with it names something else
        same = [e for e in expansions if _shared(e, expansion) >= 0.5]
        defined_in = tuple(dict.fromkeys(at for e in same for at in where[(key, e)]))
        if len({chunk for chunk, _ in defined_in}) < least:
            continue
        written = forms[(key, expansion)].most_common(1)[0][0]
        terms.append(Term(names[key].most_common(1)[0][0], written, key, defined_in))
    return sorted(terms, key=lambda t: (-len(t.defined_in), t.key))


def _shared(one: str, other: str) -> float:
    """The share of the words of the shorter of two expansions (stemmed, function words aside) the other holds."""
    a, b = ({w for w in e.split() if w not in STOP_WORDS} for e in (one, other))
    return len(a & b) / max(min(len(a), len(b)), 1)


def build_glossary(graph: Graph, *, progress: Callable[[int], None] | None = None) -> list[Term]:
    """Read every stored passage, find its terms and write them (``cypher/glossary_write.cypher``): a term no passage
    spells out any more is removed, so a rerun leaves the same glossary."""
    rows = graph.run("glossary_passages")
    terms = find_terms((str(r["chunk"]), str(r["text"] or "")) for r in rows)
    write_terms(graph, terms, progress=progress)
    return terms


def write_terms(graph: Graph, terms: Sequence[Term], *, progress: Callable[[int], None] | None = None) -> None:
    rows = [t.to_row() for t in terms]
    for start in range(0, len(rows), _BATCH):
        graph.run("glossary_write", terms=rows[start:start + _BATCH])
        if progress:
            progress(len(rows[start:start + _BATCH]))
    graph.run("glossary_prune", keep=[t.id for t in terms])


__all__ = ["LEAST_PASSAGES", "Term", "build_glossary", "find_terms", "term_key", "write_terms"]
