"""What every generator offers, and what it returns: the answer's words and the sentences it quotes."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping, Protocol, Sequence

from ..evidence import Citation
from ..question import Reading
from .sentences import Sentence


@dataclass(frozen=True)
class Scored:
    """A sentence of the cited passages with the sentence model's features and its probability that the
    sentence holds the answer (``score``)."""

    sentence: Sentence
    features: Mapping[str, float]
    score: float

    def renumbered(self, passage: int) -> "Scored":
        return replace(self, sentence=replace(self.sentence, passage=passage))

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.sentence.text, "passage": self.sentence.passage, "score": round(self.score, 4),
                "features": {k: round(float(v), 4) for k, v in self.features.items()}}


@dataclass(frozen=True)
class Worded:
    """An answer in words (its markers [n] number the citations it was written from) and the sentences of those
    passages it quotes or was given as the likeliest answer, best first, with their scores."""

    text: str
    quoted: tuple[Scored, ...] = ()


class Generator(Protocol):
    name: str

    def generate(self, reading: Reading, citations: Sequence[Citation], warning: str | None, *,
                 decision: str = "answer") -> Worded:
        """Answer the question ``reading`` read from the numbered ``citations`` (1-based, in order), citing them as [n].

        ``decision`` is the decision already made ("answer" or "warn"; an abstention is never worded)
        and ``warning`` the scope warning that goes with "warn"."""
        ...
