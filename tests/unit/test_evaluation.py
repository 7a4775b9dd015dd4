"""Evaluation without a server: every metric on small hand-made records and the baselines' filters on fake
search results. One end-to-end run of every system on the test world: tests/integration/test_evaluation.py."""

from __future__ import annotations

import json

import numpy as np
import pytest

from georisk_graph import QueryPlace, Reading
from georisk_graph import Citation, PlaceRef
from georisk_graph.evaluation import metrics
from georisk_graph.evaluation.baselines import GranularityMatch, KeywordMatch, RerankRAG, StandardRAG, level_class
from georisk_graph.evaluation.records import (Question, QuestionRecord, UsedPassage, load_questions,
                                              read_records)
from georisk_graph.evaluation.runner import parse_systems
from georisk_graph import ConfigurationError, InputError


# -- hand-made records -------------------------------------------------------------------------------
def passage(relation: str | None, text: str = "", doc: str = "d") -> UsedPassage:
    return UsedPassage(chunk_id=f"{doc}-0", document_id=doc, title="", text=text, score=0.5, place_ids=(),
                       relation=relation)


GOLD = {q.id: q for q in [
    Question("d1", "How many acres did the Panther Fire burn in Tehama County?", True, "answer",
             location_id="Q1", gold_answer="6,965"),
    Question("d2", "Can I burn brush in Garvin County?", True, "warn", location_id="Q2"),
    Question("d3", "How many acres did the Lions Fire burn in Merced County?", True, "abstain", location_id="Q3"),
    Question("d4", "When did the Kincade Fire start?", True, "answer", location_id="Q4", location_event_id="E4",
             gold_answer="2019-10-23"),
    Question("i1", "What does BAER stand for?", False, "answer", gold_answer="Burned Area Emergency Response"),
    Question("i2", "How do I apply for FEMA individual assistance?", False, "abstain"),
]}

RECORDS = [
    # exact evidence, answered, the number written without its comma
    QuestionRecord("d1", "s", "answer", answer="The Panther Fire burned 6965 acres. [1]",
                   passages=(passage("exact", "Panther Fire, Tehama County: 6965 acres."),), found_place_ids=("Q1",)),
    # broader evidence answered without warning: false confidence; wrong place found
    QuestionRecord("d2", "s", "answer", answer="Burn permits are required statewide. [1]",
                   passages=(passage("broader"),), found_place_ids=("Q99",)),
    # an unresolved place and an abstention
    QuestionRecord("d3", "s", "abstain", found_place_ids=()),
    # empty retrieval, answered anyway: false confidence; the fire's event found instead of its county
    QuestionRecord("d4", "s", "answer", answer=None, passages=(), found_place_ids=("E4", "Q4")),
    # location-independent: correct through the cited passage, not the answer text
    QuestionRecord("i1", "s", "answer", answer="It is a post-fire programme. [1]",
                   passages=(passage(None, "BAER (Burned Area Emergency Response) teams assess burned land."),)),
    # location-independent with no relevant evidence, answered: false confidence
    QuestionRecord("i2", "s", "answer", answer="Call your county. [1]", passages=(passage(None, "x"),)),
]


def values(split: metrics.SplitMetrics) -> dict:
    return {name: rate.value for name, rate in split.rates.items()}


def test_location_dependent_metrics():
    summary = metrics.summarize(RECORDS, GOLD)
    dep = values(summary.location_dependent)
    assert summary.location_dependent.n == 4 and summary.n == 6
    assert dep["fcr"] == 2 / 4  # d2 (broader only) and d4 (nothing retrieved)
    assert dep["gdr"] == 3 / 4  # d2 answered instead of warned
    assert dep["warning_rate"] == 0 and dep["abstention_rate"] == 1 / 4
    assert dep["warning_appropriateness"] is None  # no warning was given
    assert dep["abstention_appropriateness"] == 1.0
    assert dep["warning_recall"] == 0.0 and dep["abstention_recall"] == 1.0
    assert dep["place_resolution"] == 2 / 4  # d1 by id, d4 by its event; d2 wrong, d3 unresolved
    assert dep["place_found"] == 2 / 4
    assert dep["answer_correctness"] == 1 / 2  # d1 yes ("6,965" == "6965"), d4 no
    assert dep["answer_in_passages"] == 1 / 2
    rates = summary.location_dependent.rates
    assert (rates["fcr"].numerator, rates["fcr"].denominator) == (2, 4)


def test_location_independent_metrics():
    ind = values(metrics.summarize(RECORDS, GOLD).location_independent)
    assert ind["fcr"] == 1 / 2  # i2: answered although nothing relevant exists
    assert ind["gdr"] == 1 / 2
    assert ind["abstention_rate"] == 0 and ind["abstention_recall"] == 0.0
    assert ind["place_resolution"] is None
    assert ind["answer_correctness"] == 0.0  # the answer text does not hold it ...
    assert ind["answer_in_passages"] == 1.0  # ... only the passage it cites


def test_fcr_counts_only_plain_answers():
    warned = QuestionRecord("d2", "s", "warn", passages=(passage("broader"),), found_place_ids=("Q2",))
    mixed = QuestionRecord("d1", "s", "answer", passages=(passage("different"), passage("exact")),
                           found_place_ids=("Q1",))
    assert metrics.false_confidence_rate([warned, mixed], GOLD).value == 0.0
    assert metrics.good_decision_rate([warned, mixed], GOLD).value == 1.0
    assert metrics.appropriateness([warned], GOLD, "warn").value == 1.0
    assert metrics.recall([warned], GOLD, "warn").value == 1.0


def test_place_metrics_need_a_system_that_looks_for_places():
    blind = QuestionRecord("d1", "standard", "answer", passages=(passage("exact"),), found_place_ids=None)
    assert metrics.place_resolution_accuracy([blind], GOLD).value is None
    first_wrong = QuestionRecord("d1", "s", "answer", found_place_ids=("E9", "Q1"))
    assert metrics.place_resolution_accuracy([first_wrong], GOLD).value == 0.0
    assert metrics.place_found_rate([first_wrong], GOLD).value == 1.0


def test_empty_split_has_no_values():
    split = metrics.split_metrics([], GOLD)
    assert split.n == 0 and all(rate.value is None for rate in split.rates.values())
    assert split.to_dict()["fcr"] is None and split.to_dict()["counts"]["fcr"] == [0, 0]


def test_answer_correctness_normalises_and_needs_an_answer():
    assert metrics.normalise("  153,336  Acres\n") == "153336 acres"
    abstained = QuestionRecord("d1", "s", "abstain", passages=(passage("exact", "6965 acres"),))
    assert metrics.answer_correct(abstained, GOLD["d1"]) is False
    assert metrics.answer_in_passage(abstained, GOLD["d1"]) is False
    assert metrics.answer_correct(RECORDS[2], GOLD["d3"]) is None  # no gold answer


def test_answer_correctness_reads_the_answer_text_and_the_passage_figure_the_citations():
    cited_only = QuestionRecord("d1", "s", "answer", answer="Panther Fire (Wildfire), Tehama County. [1]",
                                passages=(passage("exact", "Acres burned: 6,965."),))
    assert metrics.answer_correct(cited_only, GOLD["d1"]) is False
    assert metrics.answer_in_passage(cited_only, GOLD["d1"]) is True
    said = QuestionRecord("d1", "s", "answer", answer="Acres burned: 6,965. [1]", passages=())
    assert metrics.answer_correct(said, GOLD["d1"]) is True
    rates = metrics.split_metrics([cited_only, said], GOLD).rates
    assert (rates["answer_correctness"].numerator, rates["answer_correctness"].denominator) == (1, 2)
    assert rates["answer_in_passages"].value == 1.0


def test_the_table_shows_correctness_of_the_answer_text_with_the_passage_level_figure_beside_it():
    from georisk_graph.evaluation.runner import Evaluation, SystemRun, format_table

    run = SystemRun("s", tuple(RECORDS), metrics.summarize(RECORDS, GOLD))
    table = format_table(Evaluation("b", tuple(GOLD.values()), {"s": run}))
    dependent, independent = table.split("location-independent questions")

    def row(block: str, label: str) -> str:
        [line] = [line for line in block.splitlines() if line.startswith(label)]
        return line[32:].split()[0]

    assert (row(dependent, "answer correctness (2)"), row(dependent, "passage-level correctness (2)")) == (
        "0.500", "0.500")
    assert (row(independent, "answer correctness (2)"), row(independent, "passage-level correctness (2)")) == (
        "0.000", "1.000")
    assert "occurs in the answer text" in table and "The passage-level row" in table


def test_the_form_of_an_answer_repeated_statements_and_uncited_text():
    once = "Yes: A burn ban is in effect. [1] Campfires are allowed in rings. [2]"
    assert not metrics.repeats_a_statement(once) and not metrics.has_uncited_text(once)
    # the same statement from two chunks of one document, the finding of the first left out
    assert metrics.repeats_a_statement("Yes: A burn ban is in effect. [1] a burn ban is in effect. [2]")
    assert metrics.has_uncited_text("A burn ban is in effect. [1] Call the county for details.")
    assert metrics.has_uncited_text("A burn ban is in effect.")  # no marker at all
    quoted = "The sources found give only headings or cut-off text: “Burning permits” [1]; “Penalties” [2]"
    assert not metrics.repeats_a_statement(quoted) and not metrics.has_uncited_text(quoted)
    records = [QuestionRecord("q1", "georisk", "answer", once), QuestionRecord("q2", "georisk", "warn", "No marker."),
               QuestionRecord("q3", "georisk", "abstain", None)]
    uncited, repeated = metrics.uncited_text(records), metrics.repeated_statements(records)
    assert (uncited.numerator, uncited.denominator) == (1, 2)
    assert (repeated.numerator, repeated.denominator) == (0, 2)


def test_heuristic_faithfulness():
    source = ["Open burning of yard debris is banned all summer in Spokane. Violations cost 500 dollars."]
    copied = "Open burning of yard debris is banned all summer in Spokane. [1]"
    assert metrics.heuristic_faithfulness(copied, source) == 1.0
    other_place = "Open burning of yard debris is banned all summer in Kootenai. [1]"  # 6 of 7 words, wrong name
    assert metrics.heuristic_faithfulness(other_place, source) == 0.0
    other_number = "Violations cost 750 dollars. [1]"
    assert metrics.heuristic_faithfulness(other_number, source) == 0.0
    assert metrics.heuristic_faithfulness(copied + " " + other_number, source) == 0.5
    assert metrics.heuristic_faithfulness("", source) is None
    separators = metrics.heuristic_faithfulness("The burn ban covers 1,200 acres.", ["The burn ban covers 1200 acres."])
    assert separators == 1.0


def test_faithfulness_is_a_mean_over_scored_answers():
    scored = [QuestionRecord("d1", "s", "answer", faithfulness=1.0),
              QuestionRecord("d2", "s", "answer", faithfulness=0.5),
              QuestionRecord("d3", "s", "abstain")]
    assert metrics.faithfulness(scored).value == 0.75


def test_records_round_trip(tmp_path):
    from georisk_graph.evaluation.records import write_records

    path = tmp_path / "s.jsonl"
    write_records(path, RECORDS)
    assert read_records(path) == RECORDS


def test_benchmark_lines_are_checked(tmp_path):
    path = tmp_path / "b.jsonl"
    path.write_text(json.dumps({"id": "x", "question": "q?", "location": None, "location_dependent": True,
                                "gold_decision": "answer"}) + "\n")
    with pytest.raises(InputError, match="needs location.id"):
        load_questions(path)
    path.write_text(json.dumps({"id": "x", "question": "q?"}) + "\n")
    with pytest.raises(InputError, match="missing field"):
        load_questions(path)
    with pytest.raises(ConfigurationError, match="unknown system"):
        parse_systems("georisk,bm25")
    assert parse_systems("standard, georisk,standard") == ["standard", "georisk"]


# -- the baselines on fake search results -----------------------------------------------------------------
def cite(chunk: str, text: str, *places: tuple[str, str, str], cosine: float = 0.5) -> Citation:
    return Citation(chunk_id=chunk, document_id=chunk, title=chunk, text=text, source="test", url=None,
                    cosine=cosine, places=tuple(PlaceRef(*p) for p in places))


SPOKANE = ("Q187805", "Spokane", "place")
SPOKANE_COUNTY = ("Q485276", "Spokane County", "county")
OPPORTUNITY = ("Q1", "Opportunity", "cdp")
POOL = [cite("county", "Spokane County bans outdoor burning.", SPOKANE_COUNTY, cosine=0.9),
        cite("cdp", "Opportunity asks residents not to burn.", OPPORTUNITY, cosine=0.8),
        cite("city", "The City of Spokane bans burning.", SPOKANE, cosine=0.7),
        cite("none", "Burn piles need a permit.", cosine=0.6)]


class FakeSearch:
    def search(self, vector, k):
        return POOL[:k]


class FakeEmbedder:
    def embed(self, texts):
        return np.zeros((len(texts), 2), dtype=np.float32)


class FakeGenerator:
    def generate(self, question, citations, warning):
        from georisk_graph.generation import Worded

        return Worded(" ".join(f"{c.text} [{n}]" for n, c in enumerate(citations, start=1)))


def places_of(found):
    """A reader that finds the same places in every question."""
    resolved, unresolved = found

    def read(questions):
        return [Reading(text=q, read_as=q, places=tuple(resolved), unresolved=tuple(unresolved)) for q in questions]
    return read


def place(spec, surface=None):
    pid, name, level = spec if spec else (None, None, None)
    return QueryPlace(pid, name, level, surface or name, 0, 1, "test", 1.0, "")


def test_granularity_match_keeps_the_question_level():
    assert level_class("cdp") == level_class("place") == "city" and level_class("county") == "county"
    system = GranularityMatch(FakeSearch(), FakeEmbedder(), FakeGenerator(), places_of(([place(SPOKANE)], [])),
                              pool=10, k=5)
    [answer] = system.answer_many(["Can I burn in Spokane?"])
    assert answer.decision == "answer" and [c.chunk_id for c in answer.citations] == ["cdp", "city"]
    assert answer.found_place_ids == ("Q187805",) and answer.warning is None
    unresolved = GranularityMatch(FakeSearch(), FakeEmbedder(), FakeGenerator(),
                                  places_of(([], [place(None, "Xqwzville")])), pool=10, k=5)
    [abstained] = unresolved.answer_many(["Can I burn in Xqwzville?"])
    assert abstained.decision == "abstain" and abstained.citations == () and abstained.found_place_ids == ()


def test_keyword_match_needs_the_name_as_a_whole_word():
    system = KeywordMatch(FakeSearch(), FakeEmbedder(), FakeGenerator(), places_of(([place(SPOKANE_COUNTY)], [])),
                          pool=10, k=5)
    [answer] = system.answer_many(["Is there a burn ban in Spokane County?"])
    assert [c.chunk_id for c in answer.citations] == ["county"]
    none = KeywordMatch(FakeSearch(), FakeEmbedder(), FakeGenerator(),
                        places_of(([place(("Q494460", "Kootenai County", "county"))], [])), pool=10, k=5)
    [abstained] = none.answer_many(["Is there a burn ban in Kootenai County?"])
    assert abstained.decision == "abstain" and "'Kootenai County'" in abstained.reason


def test_place_filters_answer_questions_without_a_place_like_standard_rag():
    for cls in (GranularityMatch, KeywordMatch):
        system = cls(FakeSearch(), FakeEmbedder(), FakeGenerator(), places_of(([], [])), pool=10, k=2)
        [answer] = system.answer_many(["What is defensible space?"])
        assert answer.decision == "answer" and [c.chunk_id for c in answer.citations] == ["county", "cdp"]
    standard = StandardRAG(FakeSearch(), FakeEmbedder(), FakeGenerator(), places_of(([], [])), k=3)
    [answer] = standard.answer_many(["Can I burn in Spokane?"])
    assert answer.decision == "answer" and len(answer.citations) == 3 and answer.found_place_ids is None


class LengthScorer:
    """A deterministic stand-in for a cross-encoder in unit tests: shorter passages score higher."""

    def predict(self, pairs):
        return [-len(text) for _, text in pairs]


def test_rerank_orders_the_pool_by_the_scorer():
    system = RerankRAG(FakeSearch(), FakeEmbedder(), FakeGenerator(), places_of(([], [])), LengthScorer(), pool=10,
                       k=2)
    [answer] = system.answer_many(["Can I burn?"])
    assert [c.chunk_id for c in answer.citations] == ["none", "city"]


def test_ollama_judge_reads_yes_or_no(monkeypatch):
    import ollama

    from georisk_graph.evaluation.judge import OllamaJudge

    replies = iter(["Yes.", "no, the date is not in the passages"])
    prompts = []

    class FakeClient:
        def __init__(self, host, timeout):
            self.host = host

        def chat(self, model, messages, options):
            prompts.append(messages[0]["content"])
            return type("Reply", (), {"message": type("Message", (), {"content": next(replies)})()})()

    monkeypatch.setattr(ollama, "Client", FakeClient)
    judge = OllamaJudge("http://127.0.0.1:11434", "llama3.2")
    assert judge("Q?", "The ban starts July 1. [1]", ["The ban starts July 1."]) == 1.0
    assert judge("Q?", "It started in May. [1]", ["The ban starts July 1."]) == 0.0
    assert "[1] The ban starts July 1." in prompts[0] and judge.label == "LLM judge (llama3.2)"
    with pytest.raises(ConfigurationError):
        OllamaJudge(None, "llama3.2")


def test_questions_with_an_english_twin_are_counted_decided_as_their_twin_or_otherwise():
    from georisk_graph.evaluation.records import SystemAnswer
    from georisk_graph.evaluation.runner import Evaluation, GoldRelations, SystemRun, _twins, format_table

    line = {"id": "S1", "question": "¿Hay una prohibición de quemas en el condado de Garvin?", "location": {"id": "Q2"},
            "location_dependent": True, "gold_decision": "warn", "twin_question": "Is there a burn ban in Garvin County?"}
    spanish = [Question.from_dict(line), Question.from_dict({**line, "id": "S2", "question": "¿Quemas en Garvin?"}),
               Question("S3", "¿Y sin gemelo?", True, "abstain", location_id="Q2")]
    assert spanish[0].twin_question == "Is there a burn ban in Garvin County?" and spanish[2].twin_question is None

    class Decides:
        """Warns on the English twin and on the first Spanish wording, abstains on anything else."""
        name = "georisk"

        def answer_many(self, questions: list[str]) -> list[SystemAnswer]:
            return [SystemAnswer("warn" if q.startswith(("Is there", "¿Hay")) else "abstain", None, None, "")
                    for q in questions]

    records = [QuestionRecord(q.id, "georisk", d) for q, d in zip(spanish, ("warn", "abstain", "abstain"))]
    run = SystemRun("georisk", tuple(records), metrics.summarize(records, {q.id: q for q in spanish}))
    twins = _twins(Decides(), spanish, run, GoldRelations(graph=None))  # no citation: the graph is never asked
    assert twins == {"same": ("S1",), "different": ("S2",)}
    evaluation = Evaluation("spanish", tuple(spanish), {"georisk": run}, twins=twins)
    assert evaluation.twin_agreement() == 0.5 and evaluation.to_dict()["twins"]["different"] == ["S2"]
    assert "decided as their English twins (GeoRisk): 0.500 (1 of 2); otherwise: S2" in format_table(evaluation)
    assert Evaluation("english", tuple(spanish), {"georisk": run}).twin_agreement() is None
