"""The kind of answer a question asks for, read by fitted models from its clause that asks: "How many acres did the
Panther Fire burn?" wants an area, "When did it start?" a date, "Can I burn brush?" a yes or no; for a yes/no
question, which one ("need", "permission", "without permit", "presence"); and, for a definition, the term it asks
about.

Two :class:`~georisk_graph.models.FittedClasses` read the clause that asks
(:func:`~georisk_graph.question.form.question_clause`, so a greeting before it or a place put first does not change
them) through its embedding and its words and pairs of words, beside the embedding of the question with its places
left out and the words it is written in (:func:`features`): the answer-type model (``models/answer_types.json``,
one class per kind of :data:`ANSWER_TYPES`) and the yes/no model (``models/yes_no.json``, :data:`YES_NO_CLASSES`).
Both are fitted by ``georisk fit answer-types`` (:mod:`georisk_graph.training.answer_types`) on labelled questions
written apart from the code, in every style the sets hold and in Spanish (read in the English the translator gives).
Each kind whose share is at least :data:`LEAST_SHARE` is kept, with its share.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Sequence

from .. import models
from ..analysis import terms, word_features
from ..answer_kinds import KINDS, WITHOUT_PERMIT, YES_NO_KINDS
from ..embeddings import QuestionVectors
from ..exceptions import ConfigurationError
from ..models import FittedClasses
from .reading import Reading

_QUOTES = "'\"‘’“”"

# The kinds of answer a question may ask for: those with a form in a sentence (answer_kinds.KINDS) and a yes or no.
ANSWER_TYPES = tuple(KINDS)
# The yes/no model's classes: the four yes/no questions the answer reads a finding for, another yes/no question,
# and a question that is not answered yes or no.
OTHER_YES_NO, NOT_YES_NO = "other", "none"
YES_NO_CLASSES = (*YES_NO_KINDS, OTHER_YES_NO, NOT_YES_NO)
LEAST_SHARE = 0.2  # a kind with a smaller share of the question is not kept


def features(vectors: QuestionVectors, clause: str, text: str) -> dict[str, float]:
    """What the two models read of a question: the embedding of its clause that asks ("c000" ...) and of the question
    with its places left out ("u000" ...; the whole question when there is none), the words and pairs of words of
    the clause, and those of the question as written ("ow:", "ob:"; a Spanish question's own words beside the
    English it was read in)."""
    unplaced = vectors.question if vectors.without_places is None else vectors.without_places
    return {**{f"c{i:03d}": float(x) for i, x in enumerate(vectors.clause)},
            **{f"u{i:03d}": float(x) for i, x in enumerate(unplaced)},
            **word_features(clause), **{f"o{k}": v for k, v in word_features(text).items()}}


@dataclass(frozen=True)
class KindReader:
    """The answer-type and yes/no models, read from the vectors and words of each question."""

    answer_types: FittedClasses
    yes_no: FittedClasses

    @classmethod
    def load(cls, answer_type_model: Path | None = None, yes_no_model: Path | None = None) -> "KindReader":
        """The models the package ships, or those at the paths given (``georisk fit answer-types --out-dir DIR``)."""
        found = cls(models.load_classes("answer_types", answer_type_model), models.load_classes("yes_no", yes_no_model))
        for model, expected in ((found.answer_types, ANSWER_TYPES), (found.yes_no, YES_NO_CLASSES)):
            if set(model.classes) != set(expected):
                raise ConfigurationError(f"the {models.TASKS[model.task].what} reads the classes "
                                         f"{', '.join(model.classes)}; this version reads {', '.join(expected)}: "
                                         f"refit it with `georisk fit answer-types`")
        return found

    def asked(self, readings: Sequence[Reading], vectors: Sequence[QuestionVectors]) -> list[Reading]:
        """Each reading with what it asks for, from its vectors and words (in order): its kinds of answer with their
        shares, the yes/no question it is, and the term a definition question asks about."""
        out = []
        for reading, question in zip(readings, vectors, strict=True):
            values = features(question, reading.asking, reading.text)
            shares = self.answer_types.shares(values)
            kept = tuple((kind, round(share, 3)) for kind, share in shares.items() if share >= LEAST_SHARE)
            kept = kept or tuple(list(shares.items())[:1])
            yes_no = next(iter(self.yes_no.shares(values)))
            # the "without" of "Can I burn without a permit?" is the form's word, not the topic's
            topic = tuple(t for t in reading.terms if not (yes_no == WITHOUT_PERMIT and t.word.lower() == "without"))
            out.append(replace(reading, answer_types=kept, yes_no=yes_no if yes_no in YES_NO_KINDS else None,
                               yes_or_no=yes_no != NOT_YES_NO,
                               focus=asked_term(reading.asking) if kept[0][0] == "definition" else (), terms=topic))
        return out


_ASKED_TERM = tuple(re.compile(p, re.IGNORECASE) for p in (
    rf"^what does (?:an? |the )?[{_QUOTES}]?([^,?]+?)[{_QUOTES}]? (?:stand for|mean)\b",
    rf"^what (?:is|are) (?:the )?(?:definition|meaning) of (?:an? |the )?[{_QUOTES}]?([^,?]+?)[{_QUOTES}]?"
    rf"(?: in (?:law|\w+ terms))?\s*(?:[,?]|$)",
    rf"^(?:what (?:counts as|qualifies as|is meant by|is considered(?: to be)?|is legally considered|is|are)|define)"
    rf" (?:an? |the )?[{_QUOTES}]?([^,?]+?)[{_QUOTES}]?(?: in (?:law|\w+ terms))?\s*(?:[,?]|$)",
))

def asked_term(question: str) -> tuple[str, ...]:
    """The words of the term a question that asks for a definition asks about, in order ("What is certified pile
    burning?": certified, pile, burning); () when none is found."""
    for pattern in _ASKED_TERM:
        m = pattern.search(question.strip())
        if m:
            return tuple(terms(m.group(1)))
    return ()
