"""The fitted models, one type (georisk_graph.models.FittedModel): the three the package ships, the probability,
the parameter retrieve.cypher takes, a bad file, and the fitting they are made by (georisk_graph.training), on
numbers made here."""

from __future__ import annotations

import math
import random

import pytest

from georisk_graph import ConfigurationError, FittedModel, Models, Settings
from georisk_graph import models, relevance
from georisk_graph.generation import extractive
from georisk_graph.question import roles
from georisk_graph.relevance import FEATURES
from georisk_graph.training.fitting import fit_logistic, listwise, platt


def test_the_shipped_model_has_every_feature_a_threshold_and_how_it_was_fitted():
    model = relevance.load()
    assert set(model.weights) == set(FEATURES) and 0.0 < model.threshold < 1.0
    assert model.fitted["command"] == "georisk fit relevance"
    assert "report" not in model.fitted["fit"] + model.fitted["calibrate"]
    # a passage that reads like the question and holds its words answers more likely than one that does not
    strong = {"cosine": 0.8, "clause_cosine": 0.8, "sentence_cosine": 0.8, "lexical": 1.0, "bm25_all": 1.0,
              "bm25_scope": 1.0}
    assert model.probability(strong) > model.threshold > model.probability({"cosine": 0.1})


def test_the_cypher_parameter_carries_the_model_and_any_threshold():
    model = relevance.load()
    parameter = model.parameters()
    assert set(parameter) == {"bias", "weights", "threshold"} and parameter["threshold"] == model.threshold
    assert model.parameters(0.0)["threshold"] == 0.0 and list(parameter["weights"]) == list(FEATURES)
    features = {f: 0.3 for f in FEATURES}
    z = parameter["bias"] + sum(parameter["weights"][f] * features[f] for f in FEATURES)
    assert model.probability(features) == pytest.approx(1 / (1 + math.exp(-z)))
    explained = model.contributions(features)
    assert set(explained) == set(FEATURES) and abs(list(explained.values())[0]) >= abs(list(explained.values())[-1])


def test_a_model_without_a_feature_or_with_a_threshold_out_of_range_is_refused():
    weights = {f: 1.0 for f in FEATURES}
    with pytest.raises(ConfigurationError, match="no weight for cosine"):
        FittedModel("relevance", FEATURES, {f: 1.0 for f in FEATURES if f != "cosine"}, 0.0, 0.5)
    with pytest.raises(ConfigurationError, match="within 0..1"):
        FittedModel("relevance", FEATURES, weights, 0.0, 1.5)
    with pytest.raises(ConfigurationError, match="georisk fit relevance"):
        FittedModel("relevance", FEATURES, weights, 0.0, 0.5).requiring(FEATURES[:-1])


def test_fitting_recovers_which_feature_tells_the_outcome():
    rng = random.Random(3)
    rows, labels = [], []
    for _ in range(400):
        telling, noise = rng.random(), rng.random()
        rows.append({"cosine": telling, "lexical": noise})
        labels.append(int(telling + rng.gauss(0, 0.1) > 0.5))
    weights, bias = fit_logistic(rows, labels, names=("cosine", "lexical"))
    assert weights["cosine"] > 5 and abs(weights["lexical"]) < 1.5
    assert -weights["cosine"] * 0.6 < bias < -weights["cosine"] * 0.4  # the boundary near 0.5
    with pytest.raises(ConfigurationError, match="both outcomes"):
        fit_logistic(rows, [1] * len(rows), names=("cosine",))


def test_platt_scaling_maps_overconfident_scores_to_calibrated_ones():
    rng = random.Random(5)
    scores, labels = [], []
    for _ in range(2000):
        truth = rng.random() < 0.5
        scores.append((4.0 if truth else -4.0) + rng.gauss(0, 4.0))  # a score twice too sure of itself
        labels.append(int(truth))
    slope, _ = platt(scores, labels)
    assert 0.1 < slope < 0.9


@pytest.mark.parametrize("text, problem", [
    ("{not json", "cannot read the"),
    ('{"threshold": 0.3}', "holds no weights and bias"),
    ('{"task": "places", "weights": {}, "bias": 0}', "is a places model, not a"),
    ('{"weights": {"cosine": "high"}, "bias": 0}', "not a number"),
])
def test_a_model_file_that_cannot_be_read_names_itself_and_the_command_that_refits_it(tmp_path, text, problem):
    path = tmp_path / "model.json"
    path.write_text(text)
    for load, command in ((relevance.load, "georisk fit relevance"), (roles.load, "georisk fit places"),
                          (extractive.load, "georisk fit sentences")):
        if '"task": "places"' in text and load is roles.load:
            continue  # a places model is what the place model's loader takes
        with pytest.raises(ConfigurationError, match=problem) as caught:
            load(path)
        assert str(path) in str(caught.value) and command in str(caught.value)
    with pytest.raises(ConfigurationError, match="No such file"):
        relevance.load(tmp_path / "missing.json")


CLASSES = ("answer_types", "yes_no", "statement_kinds")  # the models of several classes (FittedClasses)


def test_a_model_saved_is_read_back_the_same_and_the_settings_name_each_models_file(tmp_path):
    for task in models.TASKS:
        if task in CLASSES:
            classes = models.load_classes(task)
            assert classes.fitted["command"] == models.TASKS[task].refit and len(classes.classes) >= 2
            classes.save(tmp_path / f"{task}.json")
            assert models.load_classes(task, tmp_path / f"{task}.json") == classes
            with pytest.raises(ConfigurationError, match="load_classes|holds no weights"):
                models.load(task)
            continue
        model = models.load(task)
        assert model.task == task and model.kind == "logistic" and model.fitted["command"] == model.refit
        model.save(tmp_path / f"{task}.json")
        assert models.load(task, tmp_path / f"{task}.json") == model
    changed = relevance.load().with_(threshold=0.9)
    changed.save(tmp_path / "relevance.json")
    chosen = Models.load(Settings.from_env({}, relevance_model=tmp_path / "relevance.json"))
    assert chosen.relevance.threshold == 0.9 and chosen.places == roles.load() and chosen.sentences == extractive.load()
    # a model file of one task is not taken for another's
    with pytest.raises(ConfigurationError, match="is a relevance model, not a place model"):
        Models.load(Settings.from_env({}, place_model=tmp_path / "relevance.json"))


def test_listwise_fitting_puts_the_right_row_of_each_group_first():
    rng = random.Random(7)
    rows = []
    for group in range(60):
        right = rng.randrange(5)
        for i in range(5):
            rows.append((group, {"telling": float(i == right) + rng.gauss(0, 0.3), "noise": rng.random()}, int(i == right)))
    weights = listwise(rows, {"telling": 0.0, "noise": 0.0}, names=("telling", "noise"))
    assert weights["telling"] > 2 and abs(weights["noise"]) < 1
