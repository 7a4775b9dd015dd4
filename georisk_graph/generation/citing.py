"""Which passages an answer cites: the passages it was written from, and the other passages of a cited
rule that it quotes, numbered in the order it first quotes them."""

from __future__ import annotations

import re
from typing import Sequence

from ..evidence import Citation


def more_of_cited(citations: Sequence[Citation], ranked: Sequence[Citation]) -> list[Citation]:
    """The passages of ``ranked`` (relevant, in rank order) from a rule already cited (a statute, an
    ordinance, guidance) that are not cited themselves and stand to the question's place as its cited
    passage does (the same relation and evidence place: the decision and the warning hold for them),
    each text once. A fire report's other passages are not added: they are its updates of other days,
    whose figures the cited ones supersede."""
    standing = {c.document_id: _standing(c) for c in citations if c.doc_type != "incident_report"}
    seen = {c.text for c in citations}
    more = []
    for c in ranked:
        if c.document_id in standing and standing[c.document_id] == _standing(c) and c.text not in seen:
            seen.add(c.text)
            more.append(c)
    return more


def _standing(c: Citation) -> tuple[str | None, str | None]:
    return c.relation, c.evidence_place.id if c.evidence_place else None


# A citation marker of an answer: "[3]", or several passages at once, "[1, 4]".
_MARKER = re.compile(r"\[(\d+(?:,\s*\d+)*)\]")


def cite_used(text: str, citations: Sequence[Citation], more: Sequence[Citation]) -> tuple[str, list[Citation], dict[int, int]]:
    """An answer written from ``citations`` followed by ``more`` (its markers numbered over both), with
    the passages of ``more`` it quotes added to the citations in the order it first quotes them, and
    its markers renumbered to match (the third value: each number of ``more`` quoted -> its new number); the
    passages of ``more`` it does not quote are left out."""
    cited = list(citations)
    number: dict[int, int] = {}
    for m in _MARKER.finditer(text):
        for n in map(int, m.group(1).split(",")):
            if len(citations) < n <= len(citations) + len(more) and n not in number:
                cited.append(more[n - len(citations) - 1])
                number[n] = len(cited)

    def renumbered(m: re.Match[str]) -> str:
        return "[" + ", ".join(str(number.get(n, n)) for n in map(int, m.group(1).split(","))) + "]"

    return _MARKER.sub(renumbered, text), cited, number
