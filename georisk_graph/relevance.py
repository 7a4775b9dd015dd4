"""Whether a passage answers a question: one fitted, calibrated model.

Every candidate passage of a question gets the features of :data:`FEATURES`, computed in the graph by
``cypher/retrieve.cypher`` from what the system has (the passage's and its best sentence's similarity to
the question and to the clause that asks, the question's words held and how the full-text index ranks the
passage for them, in the place's scope and over the whole corpus, the words in its title, whether it holds
the kind of answer asked for, its kind of document against what is asked, the things and incidents named).
A logistic model (:class:`~georisk_graph.models.FittedModel`) turns them into the probability that the passage answers; a
passage is evidence when that probability clears the model's threshold for the question (one for a question
read with a place, one for a question without), chosen on questions apart from those the model was fitted on (``georisk fit relevance``; the model, its threshold and how they were chosen are
``georisk_graph/models/relevance.json``). A passage is judged on its own: a stronger passage of another
jurisdiction never drops the place's own.

The query computes the probability itself from the model's weights (:meth:`FittedModel.parameters`);
:meth:`FittedModel.probability` is the same computation in Python, used to fit and to check the query.
"""

from __future__ import annotations

from pathlib import Path

from . import models
from .models import FittedModel

# The features, in the order the model's weights follow; cypher/retrieve.cypher returns each passage's
# values under these names.
FEATURES = (
    "cosine",  # the passage's similarity to the question as read (-1..1)
    "clause_cosine",  # ... to the clause that asks, without the story around it
    "sentence_cosine",  # the passage's best sentence's similarity to the clause that asks
    "lexical",  # the corpus-weighted share of the question's topic terms the passage holds (0..1)
    "title",  # the corpus-weighted share of the topic terms its document's title holds (0..1)
    "bm25_scope",  # the full-text score for the question's words among the passages of the question place's
    #                state, county and place, as a share of the best (0..1; 0 when not found)
    "bm25_all",  # the same over the whole corpus (0..1)
    "formed",  # holds the kind of answer asked for in a form that settles it (1) or not (0)
    "kind_asked",  # the question asks for one kind of document: a rule, or a fire report (1), or for either (0)
    "kind_match",  # ... and this passage is of that kind (1; 0 when none is asked for)
    "aspect_asked",  # the question asks something of an incident: its cause, size, containment ... (1) or not (0)
    "aspect_match",  # ... and this passage speaks of it (1; 0 when none is asked)
    "statute",  # the passage is a statute's (1) or not (0)
    "length",  # log(1 + the words of the passage): a heading-only statute is short
    "unheld",  # how rare the rarest topic term of the question the passage does not hold is (0..1; 0: holds them all)
    "placed",  # the question names a place (1) or not (0)
    "law",  # the question names the law itself: a statute, a code, the law (1) or not (0)
    "law_not_statute",  # ... and the passage is no statute's: a report may say what is legal, not what a law says
    "named",  # names the thing or the incident the question names (1) or not (0)
    "tied",  # geography ties it to a question place (a rule of a jurisdiction holding the place, a report of
    #          its county, a passage about the place or a place inside it) (1) or not (0)
    "tied_lexical",  # tied times lexical: the place's own passage holding the question's words
    # products of two features, which a logistic model weighs together: a passage naming the incident asked about
    # and tied to the place or to a question with a place, ...
    "named_tied", "named_placed", "named_cosine",
    # how like the question and how full of its words a passage is, for a question with a place
    "placed_cosine", "placed_lexical",
)


def load(path: Path | None = None) -> FittedModel:
    """The relevance model the package ships, or the one at ``path`` (``georisk fit relevance --out``); a
    ConfigurationError for a file that cannot be read or was fitted on other features."""
    return models.load("relevance", path, features=FEATURES)
