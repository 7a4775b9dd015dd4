"""What a sentence states (georisk_graph/statements.py): the fitted statement-kind model against sentences of the
shared corpus labelled apart from the code (benchmarks/qa/statement_kinds.jsonl) and sentences written for these
tests."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from georisk_graph import ConfigurationError
from georisk_graph.models import FittedClasses
from georisk_graph.statements import STATEMENT_KINDS, StatementReader, Stated, features
from georisk_graph.training.statement_kinds import labelled

HELD_OUT_FLOOR = 0.72  # the share of the held-out labelled sentences whose kind is read right


@pytest.fixture(scope="module")
def reader():
    return StatementReader.load()


def test_the_shipped_model_reads_every_kind_and_says_how_it_was_fitted(reader):
    assert set(reader.model.classes) == set(STATEMENT_KINDS)
    assert reader.model.fitted["command"] == "georisk fit statement-kinds"
    assert reader.model.fitted["accuracy"]["calibrate"] >= HELD_OUT_FLOOR
    assert {f for m in reader.model.classes.values() for f in m.features} == {f"e{i:03d}" for i in range(384)} | {"ends"}


def test_sentences_of_my_own_are_read_as_the_statements_they_make(reader, embedder):
    # written for this test, not drawn from the corpus, the labelled sentences or the ones the model was chosen on
    sentences = {
        '"Debris burning" means the burning of yard waste such as leaves, limbs and brush.': "definition",
        "Residents must obtain a burn permit from the fire district before lighting any outdoor fire.": "rule",
        "Firefighters held the blaze at the ridge road and dozers cut line along the north edge.": "event",
    }
    found = reader.stated(list(sentences), embedder.embed(list(sentences)))
    assert [f.kind for f in found] == list(sentences.values())
    assert all(0.0 < f.share <= 1.0 for f in found)


@pytest.mark.xfail(strict=True, reason="known limitation: 20 of the 2,625 labelled sentences are penalties (12 to "
                                       "fit), so the model reads a plain fine as a heading; more labelled penalties "
                                       "would unblock it")
def test_a_fine_of_my_own_is_read_as_a_penalty(reader, embedder):
    text = "Anyone convicted of leaving a campfire unattended shall pay a fine of not more than $1,000."
    assert reader.stated([text], embedder.embed([text]))[0].kind == "penalty"


def test_a_model_file_that_cannot_be_read_names_itself_and_the_command_that_refits_it(tmp_path):
    broken = tmp_path / "statement_kinds.json"
    broken.write_text("{not json")
    with pytest.raises(ConfigurationError, match=r"statement_kinds\.json.*georisk fit statement-kinds"):
        StatementReader.load(broken)


def test_a_model_of_other_kinds_is_refused_with_the_command_that_refits_it(tmp_path):
    other = FittedClasses.unfitted("statement_kinds", ("rule", "event"))
    other.save(tmp_path / "statement_kinds.json")
    with pytest.raises(ConfigurationError, match="georisk fit statement-kinds"):
        StatementReader.load(tmp_path / "statement_kinds.json")


def test_reading_many_sentences_at_once_gives_each_the_kind_and_share_it_has_alone(reader, embedder):
    texts = ["Evacuation orders were lifted Tuesday.", "Section 4. Penalties.", "The fire is 80% contained",
             "Visit the county's website for the latest maps."]
    together = reader.stated(texts, embedder.embed(texts))
    for text, vector, found in zip(texts, embedder.embed(texts), together):
        kind, share = next(iter(reader.model.shares(features(vector, text)).items()))
        assert (found.kind, found.share) == (kind, round(share, 3))
    assert reader.stated([], []) == []
    with pytest.raises(ValueError, match="2 sentences but 1 vectors"):
        reader.stated(texts[:2], embedder.embed(texts[:1]))


@pytest.fixture(scope="module")
def corpus(shared_dir):
    from georisk_graph.loaders.sources import documents_from, versions_from

    return [*documents_from(["shared"]), *versions_from(["shared"])]


def test_held_out_labelled_sentences_are_read_right(reader, embedder, corpus):
    items = labelled(corpus, ("report",), say=lambda _: None)
    assert len(items) >= 800 and {i.kind for i in items} >= set(STATEMENT_KINDS) - {"penalty"}
    found = reader.stated([i.text for i in items], embedder.embed([i.text for i in items]))
    right = sum(f.kind == i.kind for f, i in zip(found, items)) / len(items)
    assert right >= HELD_OUT_FLOOR, right


def test_the_labelled_sentences_are_found_again_in_the_shared_corpus(corpus):
    every = labelled(corpus, ("fit", "calibrate", "report"), say=lambda _: None)
    assert len(every) >= 2550  # of 2,625 labelled: a row the corpus no longer holds as labelled is left out
    counts = Counter(i.part for i in every)
    assert min(counts.values()) >= 800


def test_stated_shares_are_rounded():
    assert Stated("rule", 0.123456).share == 0.123
    assert Stated("rule", np.float32(0.5)).share == 0.5 and type(Stated("rule", np.float32(0.5)).share) is float
