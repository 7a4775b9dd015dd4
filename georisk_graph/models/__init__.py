"""The fitted models, one type: :class:`FittedModel`, a calibrated logistic model over named features.

Three ship with the package, each a JSON file here with how it was fitted and the command that refits it
(``georisk fit``, code in :mod:`georisk_graph.training`):

- ``relevance.json``: whether a passage answers a question (features: :data:`georisk_graph.relevance.FEATURES`,
  computed in the graph by cypher/retrieve.cypher);
- ``places.json``: whether a question asks about a place it names or only locates or contrasts it
  (:data:`georisk_graph.question.roles.FEATURES`);
- ``sentences.json``: whether a sentence of the cited passages holds the answer
  (:data:`georisk_graph.generation.extractive.SENTENCE_FEATURES`);
- ``names.json``: whether a name written otherwise than the gazetteer writes it (another name, a ZIP code, a name
  typed in lower case) means a place (:data:`georisk_graph.places.written.FEATURES`);
- ``dependence.json``: whether what a question asks depends on where (:data:`georisk_graph.dependence.FEATURES`:
  the embedding of the question with its places left out);
- ``answer_types.json`` and ``yes_no.json``: what kind of answer a question asks for, and which yes/no question it is
  (:mod:`georisk_graph.question.kinds`), each a :class:`FittedClasses`: one calibrated logistic model per class.

A client takes each through :meth:`georisk_graph.GeoRisk.connect` (a setting each: ``relevance_model``,
``place_model``, ``sentence_model``, a file written by ``georisk fit ... --out``) or
:meth:`~georisk_graph.GeoRisk.configured`; nothing reads a model behind the client's back.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field, replace
from functools import cached_property
from importlib import resources
from pathlib import Path
from typing import Any, Mapping, Sequence

from ..exceptions import ConfigurationError


@dataclass(frozen=True)
class Task:
    """What a shipped model decides: its file in this package, how it is named to a user, the command
    that refits it."""

    file: str
    what: str
    refit: str


TASKS: dict[str, Task] = {
    "relevance": Task("relevance.json", "relevance model", "georisk fit relevance"),
    "places": Task("places.json", "place model", "georisk fit places"),
    "sentences": Task("sentences.json", "sentence model", "georisk fit sentences"),
    "names": Task("names.json", "name model", "georisk fit names"),
    "dependence": Task("dependence.json", "dependence model", "georisk fit dependence"),
    "answer_types": Task("answer_types.json", "answer-type model", "georisk fit answer-types"),
    "yes_no": Task("yes_no.json", "yes/no model", "georisk fit answer-types"),
    "statement_kinds": Task("statement_kinds.json", "statement-kind model", "georisk fit statement-kinds"),
}
KINDS = ("logistic",)


@dataclass(frozen=True)
class FittedModel:
    """P(yes) = 1 / (1 + exp(-(bias + Σ weight · feature))) over the named ``features`` (a feature a row
    lacks counts 0). ``threshold`` is the least probability that counts as yes, and ``thresholds`` the least
    for a group of rows where one was chosen apart (the relevance model's: questions with a place and without);
    ``fitted`` says on what, when and how the model was fitted and calibrated, and ``task`` what it decides
    (:data:`TASKS`)."""

    task: str
    features: tuple[str, ...]
    weights: Mapping[str, float]
    bias: float
    threshold: float = 0.5
    fitted: Mapping[str, Any] = field(default_factory=dict)
    kind: str = "logistic"
    thresholds: Mapping[str, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        missing = [f for f in self.features if f not in self.weights]
        if missing:
            raise ConfigurationError(f"the {self.what} has no weight for {', '.join(missing)}: refit it with "
                                     f"`{self.refit}`")
        for value in (self.threshold, *self.thresholds.values()):
            if not 0.0 <= value <= 1.0:
                raise ConfigurationError(f"the {self.what}'s threshold must lie within 0..1, not {value}")
        if self.kind not in KINDS:
            raise ConfigurationError(f"the {self.what} is of kind {self.kind!r}; this version reads {', '.join(KINDS)}")

    @property
    def what(self) -> str:
        return TASKS[self.task].what if self.task in TASKS else f"{self.task} model"

    @property
    def refit(self) -> str:
        return TASKS[self.task].refit if self.task in TASKS else "georisk fit"

    def threshold_for(self, group: str | None) -> float:
        """The threshold of rows of ``group`` ("placed", "unplaced"): the one chosen for it, else the model's."""
        return float(self.thresholds.get(group, self.threshold)) if group else self.threshold

    def score(self, values: Mapping[str, float]) -> float:
        """The log-odds the model gives a row of feature ``values``."""
        return self.bias + sum(self.weights[f] * float(values.get(f) or 0.0) for f in self.features)

    def probability(self, values: Mapping[str, float]) -> float:
        return 1.0 / (1.0 + math.exp(-max(min(self.score(values), 700.0), -700.0)))

    def contributions(self, values: Mapping[str, float]) -> dict[str, float]:
        """What each feature adds to the log-odds, largest first: why a row was judged as it was."""
        parts = {f: round(self.weights[f] * float(values.get(f) or 0.0), 3) for f in self.features}
        return dict(sorted(parts.items(), key=lambda kv: -abs(kv[1])))

    def parameters(self, threshold: float | None = None, *, group: str | None = None) -> dict[str, Any]:
        """The model as a Cypher parameter: its bias, its weights by feature name and the threshold of rows of
        ``group`` (``threshold`` instead, e.g. 0 to see every candidate)."""
        return {"bias": float(self.bias), "weights": {f: float(self.weights[f]) for f in self.features},
                "threshold": float(self.threshold_for(group) if threshold is None else threshold)}

    def requiring(self, features: Sequence[str]) -> "FittedModel":
        """This model, or a ConfigurationError when it was fitted on other features than ``features`` (the
        ones its user computes)."""
        if tuple(features) != self.features:
            raise ConfigurationError(f"the {self.what} was fitted on the features {', '.join(self.features)}; this "
                                     f"version computes {', '.join(features)}: refit it with `{self.refit}`")
        return self

    def with_(self, **changes: Any) -> "FittedModel":
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        return {"task": self.task, "kind": self.kind, "features": list(self.features),
                "weights": {f: float(self.weights[f]) for f in self.features}, "bias": float(self.bias),
                "threshold": float(self.threshold), "thresholds": {k: float(v) for k, v in self.thresholds.items()},
                "fitted": dict(self.fitted)}

    def save(self, path: Path) -> None:
        path.write_text(json.dumps(self.to_dict(), indent=2) + "\n", encoding="utf-8")

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, task: str, source: object = "the model") -> "FittedModel":
        what, refit = (TASKS[task].what, TASKS[task].refit) if task in TASKS else (f"{task} model", "georisk fit")
        if not isinstance(data, Mapping) or not isinstance(data.get("weights"), Mapping) or "bias" not in data:
            raise ConfigurationError(f"the {what} {source} holds no weights and bias; refit it with `{refit}`")
        if data.get("task", task) != task:
            raise ConfigurationError(f"{source} is a {data['task']} model, not a {what}; give the file "
                                     f"`{refit} --out FILE` writes")
        weights = data["weights"]
        try:
            return cls(task, tuple(data.get("features") or weights), {k: float(v) for k, v in weights.items()},
                       float(data["bias"]), float(data.get("threshold", 0.5)), dict(data.get("fitted") or {}),
                       str(data.get("kind", "logistic")),
                       {str(k): float(v) for k, v in (data.get("thresholds") or {}).items()})
        except (TypeError, ValueError) as err:
            raise ConfigurationError(f"the {what} {source} holds a value that is not a number ({err}); refit it "
                                     f"with `{refit}`") from None


def shipped(task: str) -> Path:
    """The file of the model the package ships for ``task``."""
    return Path(str(resources.files(__name__).joinpath(TASKS[task].file)))


def _read(task: str, path: Path | None) -> tuple[Path, Any]:
    """The file of the model of ``task`` (``path``, else the package's) and what it holds."""
    if task not in TASKS:
        raise ConfigurationError(f"no model task {task!r}; known: {', '.join(TASKS)}")
    source = Path(path or shipped(task))
    try:
        return source, json.loads(source.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise ConfigurationError(f"cannot read the {TASKS[task].what} {source}: {err}; refit it with "
                                 f"`{TASKS[task].refit}`") from None


def load(task: str, path: Path | None = None, *, features: Sequence[str] | None = None) -> FittedModel:
    """The model of ``task`` the package ships, or the one at ``path``; a ConfigurationError naming the file,
    what is wrong and the command that refits it when it cannot be read, holds no weights, is of another
    task, or (``features`` given) was fitted on other features."""
    source, data = _read(task, path)
    if isinstance(data, Mapping) and data.get("kind") == "classes":
        raise ConfigurationError(f"{source} is a model of classes: read it with load_classes")
    model = FittedModel.from_dict(data, task=task, source=source)
    return model.requiring(features) if features is not None else model


@dataclass(frozen=True)
class FittedClasses:
    """One of several classes: a :class:`FittedModel` per class, each fitted one against the rest and calibrated
    apart, so each gives P(this class); the shares are those probabilities over their sum. ``fitted`` says how."""

    task: str
    classes: Mapping[str, FittedModel]
    fitted: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if len(self.classes) < 2:
            raise ConfigurationError(f"the {TASKS[self.task].what if self.task in TASKS else self.task} has "
                                     f"{len(self.classes)} classes; a model of classes needs two at least")

    @cached_property
    def _matrix(self) -> tuple[tuple[str, ...], Any, Any]:
        """Every class's features, weights (one row per class) and biases, for one product per row."""
        import numpy as np

        names = tuple(dict.fromkeys(f for model in self.classes.values() for f in model.features))
        weights = np.array([[model.weights.get(f, 0.0) for f in names] for model in self.classes.values()])
        return names, weights, np.array([model.bias for model in self.classes.values()])

    def probabilities(self, values: Mapping[str, float]) -> dict[str, float]:
        """Each class's calibrated probability for a row of feature ``values``."""
        import numpy as np

        names, weights, biases = self._matrix
        row = np.array([float(values.get(f) or 0.0) for f in names])
        scores = np.clip(weights @ row + biases if names else biases, -700.0, 700.0)
        return {name: float(p) for name, p in zip(self.classes, 1.0 / (1.0 + np.exp(-scores)))}

    def top_of_matrix(self, columns: Sequence[str], matrix: Any) -> list[tuple[str, float]]:
        """The likeliest class of each row of ``matrix`` (one row per example, its columns the features named by
        ``columns``; a feature of the model not among them is 0) with its share, in one product."""
        import numpy as np

        names, weights, biases = self._matrix
        at = {name: i for i, name in enumerate(columns)}
        taken = [i for i, name in enumerate(names) if name in at]
        rows = np.asarray(matrix, dtype=np.float64)[:, [at[names[i]] for i in taken]]
        scores = rows @ weights[:, taken].T + biases
        p = 1.0 / (1.0 + np.exp(-np.clip(scores, -700.0, 700.0)))
        best = p.argmax(axis=1)
        shares = p[np.arange(len(p)), best] / np.maximum(p.sum(axis=1), 1e-300)
        classes = list(self.classes)
        return [(classes[b], float(x)) for b, x in zip(best, shares)]

    def shares(self, values: Mapping[str, float]) -> dict[str, float]:
        """Each class's share of the row, largest first: its probability over the sum of all."""
        found = self.probabilities(values)
        total = sum(found.values()) or 1.0
        return dict(sorted(((k, v / total) for k, v in found.items()), key=lambda kv: -kv[1]))

    def to_dict(self) -> dict[str, Any]:
        """The classes with their features once, each class's weights in the features' order."""
        names, _, _ = self._matrix
        return {"task": self.task, "kind": "classes", "fitted": dict(self.fitted), "features": list(names),
                "classes": {name: {"bias": float(model.bias), "weights": [float(f"{model.weights.get(f, 0.0):.6g}")
                                                                          for f in names]}
                            for name, model in self.classes.items()}}

    def save(self, path: Path) -> None:
        path.write_text(json.dumps(self.to_dict()) + "\n", encoding="utf-8")

    @classmethod
    def unfitted(cls, task: str, classes: Sequence[str]) -> "FittedClasses":
        """Classes that have learnt nothing: every class equally likely. A refit starts from it when the model it
        replaces cannot be read."""
        return cls(task, {name: FittedModel(task, (), {}, 0.0) for name in classes},
                   {"unfitted": f"every class alike; `{TASKS[task].refit}` fits it"})


def load_classes(task: str, path: Path | None = None) -> FittedClasses:
    """The :class:`FittedClasses` of ``task`` the package ships, or the one at ``path``; a ConfigurationError
    naming the file and the command that refits it when it cannot be read."""
    source, data = _read(task, path)
    if not isinstance(data, Mapping) or data.get("kind") != "classes" or not isinstance(data.get("classes"), Mapping):
        raise ConfigurationError(f"{source} is not a {TASKS[task].what} (no classes); give the file "
                                 f"`{TASKS[task].refit} --out-dir DIR` writes")
    features = [str(f) for f in data.get("features") or ()]
    classes = {}
    for name, m in data["classes"].items():
        if not isinstance(m, Mapping) or len(m.get("weights") or ()) != len(features):
            raise ConfigurationError(f"{source}: the class {name!r} has no weight for each feature; refit it with "
                                     f"`{TASKS[task].refit}`")
        classes[str(name)] = FittedModel.from_dict({"weights": dict(zip(features, m["weights"])), "bias": m.get("bias"),
                                                    "features": features}, task=task, source=source)
    return FittedClasses(task, classes, dict(data.get("fitted") or {}))


def unfitted(task: str, features: Sequence[str]) -> FittedModel:
    """A model of ``task`` over ``features`` that has learnt nothing: every weight 0, so every row scores 0.5 and
    what ranks by it falls back to its other order (retrieval: δ, then similarity). A refit starts from it when the
    model it replaces was fitted on other features."""
    return FittedModel(task, tuple(features), {f: 0.0 for f in features}, 0.0,
                       fitted={"unfitted": f"every weight 0; `{TASKS[task].refit}` fits it"})

