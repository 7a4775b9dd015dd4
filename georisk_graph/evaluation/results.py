"""What an evaluation gives: each system's records and metrics over one benchmark, or why it was not run."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import metrics
from .records import Question, QuestionRecord

# How faithfulness is judged when no LLM judge is given.
HEURISTIC = "heuristic"


@dataclass(frozen=True)
class SystemRun:
    """One system's records and metrics, or why it was not run."""

    name: str
    records: tuple[QuestionRecord, ...] = ()
    summary: metrics.Summary | None = None
    seconds: float = 0.0
    not_run: str | None = None  # the reason, when the system was not run

    def to_dict(self) -> dict[str, Any]:
        if self.summary is None:
            return {"status": "not run", "reason": self.not_run}
        return {"status": "run", **self.summary.to_dict(), "seconds": round(self.seconds, 1)}


@dataclass(frozen=True)
class Evaluation:
    """Every system's run over one benchmark."""

    benchmark: str
    questions: tuple[Question, ...]
    runs: dict[str, SystemRun]
    faithfulness_method: str = HEURISTIC
    settings: dict[str, Any] = field(default_factory=dict)
    # GeoRisk's risk-coverage curve (georisk_graph.evaluation.coverage): a row per relevance threshold
    curve: tuple[dict[str, Any], ...] = ()
    # GeoRisk's decisions on the questions' English twins, where they have them: the ids of those decided
    # as their twin is and of those decided otherwise
    twins: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def twin_agreement(self) -> float | None:
        """The share of the questions with an English twin that GeoRisk decided as it decided the twin."""
        same, other = self.twins.get("same", ()), self.twins.get("different", ())
        return len(same) / (len(same) + len(other)) if same or other else None

    def to_dict(self) -> dict[str, Any]:
        dependent = sum(q.location_dependent for q in self.questions)
        return {
            "benchmark": self.benchmark,
            "questions": {"total": len(self.questions), "location_dependent": dependent,
                          "location_independent": len(self.questions) - dependent},
            "faithfulness_method": self.faithfulness_method,
            "settings": self.settings,
            "systems": {name: run.to_dict() for name, run in self.runs.items()},
            "risk_coverage": list(self.curve),
            **({"twins": {"agreement": self.twin_agreement(), "same": list(self.twins.get("same", ())),
                          "different": list(self.twins.get("different", ()))}} if self.twins else {}),
        }
