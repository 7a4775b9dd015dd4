"""Evaluation of docs/design.md §6: GeoRisk and its baselines on one graph and one benchmark.

    from georisk_graph import GeoRisk
    from georisk_graph.evaluation import evaluate, format_table, load_questions, write_outputs

    with GeoRisk.connect() as georisk:
        evaluation = evaluate(georisk, load_questions(path), ["georisk", "standard", "keyword"])
    print(format_table(evaluation))
    write_outputs(evaluation, Path("eval-out"))

``records`` holds the typed benchmark questions and per-question results, ``baselines`` the
geography-blind and place-filtering systems, ``metrics`` the pure metric functions, ``runner`` the
orchestration and the table, ``plots`` the PNGs, ``judge`` the optional LLM judge of faithfulness.
"""

from .metrics import Rate, SplitMetrics, Summary, summarize
from .records import Question, QuestionRecord, SystemAnswer, UsedPassage, load_questions, read_records
from .results import Evaluation, SystemRun
from .runner import SYSTEMS, evaluate, format_table, parse_systems, write_outputs

__all__ = ["SYSTEMS", "Evaluation", "Question", "QuestionRecord", "Rate", "SplitMetrics", "Summary", "SystemAnswer",
           "SystemRun", "UsedPassage", "evaluate", "format_table", "load_questions", "parse_systems", "read_records",
           "summarize", "write_outputs"]
