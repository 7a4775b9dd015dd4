"""The decision policy (docs/design.md §1) on hand-made evidence: no database needed, it is pure data."""

from __future__ import annotations

import math
from dataclasses import replace

from georisk_graph import Citation, PlaceRef
from georisk_graph.decision import combine, decide

SPOKANE = PlaceRef("Q187805", "Spokane", "place")
SPOKANE_COUNTY = PlaceRef("Q485276", "Spokane County", "county")
WASHINGTON = PlaceRef("Q1223", "Washington", "state")
KOOTENAI = PlaceRef("Q483954", "Kootenai County", "county")
US = PlaceRef("Q30", "United States", "country")


def passage(relation, evidence, *, lca=None, path=(), cosine=0.6, delta=1, chunk="c1", document=None, text=None):
    return Citation(chunk_id=chunk, document_id=document or "d-" + chunk, title="t", text=text or "text " + chunk,
                    source="statute", url=None,
                    cosine=cosine, places=(evidence,) if evidence else (), delta=delta, relation=relation,
                    evidence_place=evidence, lca=lca, path=path, i_q=None, i_t=None)


def test_exact_answers():
    d = decide(SPOKANE, [passage("exact", SPOKANE, lca=SPOKANE, path=(SPOKANE,), delta=0)])
    assert (d.decision, d.warning, d.relation) == ("answer", None, "exact")
    assert "Spokane (place) itself" in d.reason


def test_broader_warns_and_names_the_scope():
    d = decide(SPOKANE, [passage("broader", WASHINGTON, lca=WASHINGTON, delta=2,
                                 path=(SPOKANE, SPOKANE_COUNTY, WASHINGTON))])
    assert d.decision == "warn"
    assert d.warning.startswith("This applies to Washington (state) as a whole, not specifically to Spokane")
    assert "Spokane → Spokane County → Washington" in d.reason


def test_broader_fire_reports_are_not_called_rules():
    reports = [replace(passage("broader", SPOKANE_COUNTY, lca=SPOKANE_COUNTY, delta=1, chunk=c,
                               path=(SPOKANE, SPOKANE_COUNTY)), doc_type="incident_report") for c in ("c1", "c2")]
    d = decide(SPOKANE, reports)
    assert d.decision == "warn"
    assert d.warning == ("This reports on Spokane County (county) as a whole, not specifically on Spokane; "
                         "it may not hold for Spokane itself.")
    # one statute among the cited passages: the evidence includes rules, and the rules' warning stands
    mixed = decide(SPOKANE, [reports[0], replace(reports[1], doc_type="statute")])
    assert "stricter local rules" in mixed.warning


def test_narrower_warns_and_names_the_part():
    d = decide(WASHINGTON, [passage("narrower", SPOKANE_COUNTY, lca=WASHINGTON, delta=1)])
    assert d.decision == "warn"
    assert d.warning == "This is specific to Spokane County (county); other parts of Washington may differ."


def test_sibling_jurisdiction_abstains_with_the_reason():
    d = decide(SPOKANE_COUNTY, [passage("different", KOOTENAI, lca=US, delta=4)])
    assert d.decision == "abstain"
    assert "only matching guidance is for Kootenai County (county), not for Spokane County (county)" in d.reason


def test_unrelated_and_empty_abstain():
    unrelated = decide(SPOKANE, [passage("unrelated", None, delta=math.inf)])
    assert unrelated.decision == "abstain" and "not about any place connected" in unrelated.reason
    empty = decide(SPOKANE, [])
    assert empty.decision == "abstain" and "No passage about Spokane (place)" in empty.reason


def test_ranking_is_trusted_best_first_and_citations_share_its_relation():
    ranked = [passage("exact", SPOKANE, delta=0, chunk="a"), passage("broader", WASHINGTON, chunk="b"),
              passage("exact", SPOKANE, delta=0, chunk="c")]
    d = decide(SPOKANE, ranked)
    assert d.decision == "answer" and [c.chunk_id for c in d.citations] == ["a", "c"]


def test_location_independent_answers_and_names_the_evidence_places():
    d = decide(None, [passage(None, WASHINGTON, delta=None)])
    assert d.decision == "answer" and "Washington" in d.reason
    assert decide(None, []).decision == "abstain"


def test_two_places_combine():
    answer = decide(SPOKANE, [passage("exact", SPOKANE, delta=0)])
    abstain = decide(KOOTENAI, [])
    assert combine([answer, answer]) == "answer"
    assert combine([abstain, abstain]) == "abstain"
    assert combine([answer, abstain]) == "warn"


def test_citations_skip_repeated_texts_and_keep_two_passages_per_document():
    ranked = [passage("exact", SPOKANE, delta=0, chunk=f"c{n}", document="statute") for n in range(4)]
    ranked += [passage("exact", SPOKANE, delta=0, chunk="copy", text="text c0"),
               passage("exact", SPOKANE, delta=0, chunk="other")]
    d = decide(SPOKANE, ranked)
    assert [c.chunk_id for c in d.citations] == ["c0", "c1", "other"]
