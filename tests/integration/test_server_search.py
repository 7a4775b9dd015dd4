"""Neo4j 2026's vector search with in-index filters: the filter properties chunks carry, the index that
declares them, a graph stored before them, and retrieve.cypher (SEARCH) against retrieve_5.cypher (the
query for Neo4j 5.x, which 2026 still runs) on the same graph and questions."""

from __future__ import annotations

import pytest

from georisk_graph import GeoRisk, Graph
from georisk_graph.analysis import stem
from georisk_graph.graph import ServerInfo
from georisk_graph.relevance import FEATURES
from ..cypher import write_cypher

FILTERS = ["state", "county", "locality", "doc_type"]


def test_the_server_version_is_read_at_connect_and_picks_the_queries(session_graph, server):
    info = session_graph.server
    assert info.version == server.settings.neo4j_version and info.edition == "community"
    assert info.search and session_graph.query_name("retrieve") == "retrieve"
    lts = Graph(server.settings)  # not connected: no I/O, the version given by hand
    lts.server = ServerInfo(version="5.26.21", edition="community")
    assert not lts.server.search
    assert [lts.query_name(n) for n in ("retrieve", "vector_top_k", "vector_index", "schema")] == [
        "retrieve_5", "vector_top_k_5", "vector_index_5", "schema"]
    other_index = Graph(server.settings.with_(vector_index="bge_chunks"))
    other_index.server = info
    # SEARCH names chunk_embedding in its text; another index runs the procedure form
    assert other_index.query_name("retrieve") == "retrieve_5" and other_index.query_name("vector_index") == "vector_index"


def _filters(graph):
    rows = graph.execute_read_only("MATCH (d:Document)-[:HAS_CHUNK]->(c:Chunk) "
                         "RETURN d.id AS doc, c.id AS chunk, c.state AS state, c.county AS county, c.locality AS locality")
    return {r["chunk"]: (r["doc"], r["state"], r["county"], r["locality"]) for r in rows}


def test_chunks_carry_the_state_county_and_locality_they_are_about(world):
    by_doc = {doc: (state, county, locality) for doc, state, county, locality in _filters(world).values()}
    assert by_doc["spokane-county-burn-ban"] == ("Q1223", "Q485276", None)
    assert by_doc["wa-rcw-76-04-205"] == ("Q1223", None, None)  # a state statute: no county
    assert by_doc["defensible-space"] == (None, None, None)  # about no place
    state, county, locality = by_doc["chelan-county-stemilt-fire"]
    assert (state, county) == ("Q1223", "Q493236") and locality is not None  # Wenatchee, inside its scope
    state, county, locality = by_doc["nyc-open-burning"]
    assert county is None and locality == "Q60"  # New York City lies in five counties
    index = world.run("vector_index_filters", vector_index=world.settings.vector_index)[0]
    assert index["properties"] == ["embedding", *FILTERS]
    assert index["quantization"] == world.settings.vector_quantization


QUESTIONS = [
    ("Can I burn yard debris in Spokane?", ["Q187805"], None),
    ("Is there an outdoor burn ban in Spokane County?", ["Q485276"], "rules"),
    ("Do I need a burning permit in Washington?", ["Q1223"], "rules"),
    ("Are campfires allowed in Stevens County?", ["Q483954"], None),
    ("Were there evacuations for the fire in Chelan County?", ["Q493236"], "incidents"),
    ("Can I burn leaves in New York City?", ["Q60"], None),
    ("Can I burn yard waste in Springfield?", ["Q28515", "Q135615"], None),
    ("What are the open burning rules in the United States?", ["Q30"], None),
    ("How much defensible space does a house need?", [], None),
]


def _ranked(rows):
    return {row["place_id"]: [(p["chunk_id"], p["relation"], p["delta"], round(p["cosine"], 5))
                              for p in row["passages"]] for row in rows}


@pytest.mark.parametrize("question,places,wants", QUESTIONS, ids=[q[0] for q in QUESTIONS])
def test_search_ranks_as_the_5x_query(world, server, embedder, question, places, wants):
    """The filtered candidates change how passages are found, not which are ranked first: the same
    passages, relations and deltas as retrieve_5, which scores every attached passage."""
    with GeoRisk.connect(server.settings) as client:
        params = client.retriever.parameters_for(embedder.embed([question])[0], places, wants=wants, threshold=0.0)
        searched = _ranked(world.run("retrieve", **params))
        partitions = client.retriever.partitions_for(places)
        partitioned = _ranked(client.retriever.retrieve(params))
        scored = _ranked(world.run("retrieve_5", **params))
    assert searched == scored
    # each state's own index (every state a question place lies in has one here) ranks alike too
    assert partitioned == scored
    assert "Q1223" in partitions or not {"Q187805", "Q485276", "Q1223", "Q483954", "Q493236"} & set(places)
    # every question place has passages ranked, and a question naming none is ranked as a whole
    assert set(searched) == (set(places) or {None}) and all(searched.values())


def _partitioned(graph):
    rows = graph.execute_read_only("MATCH (c:Chunk) RETURN c.id AS chunk, c.state AS state, "
                                   "[l IN labels(c) WHERE l STARTS WITH 'ChunkIn_'] AS labels")
    return {r["chunk"]: (r["state"], r["labels"]) for r in rows}


def test_each_state_gets_its_own_index_and_a_graph_stored_before_is_migrated(world, server, embedder):
    """Every passage about one state carries its partition label and lies in that state's own vector
    index; a graph stored before partitions (no labels, no such indexes) is searched with filters of the
    whole index and ranks the same, and `georisk schema apply` (Graph.apply_schema) gives it the labels
    and the indexes; a second run does nothing."""
    labelled = _partitioned(world)
    assert all(labels == ([f"ChunkIn_{state}"] if state else []) for state, labels in labelled.values())
    states = {state for state, _ in labelled.values() if state}
    # (tests run before it on the same server may have left indexes of states whose passages they removed)
    assert "Q1223" in states and states <= world.partitions(fresh=True)
    question = "Do I need a burning permit in Spokane?"
    vector = embedder.embed([question])[0]
    with GeoRisk.connect(server.settings) as client:
        params = client.retriever.parameters_for(vector, ["Q187805"], threshold=0.0)
        assert client.retriever.partitions_for(["Q187805"]) == ["Q1223"]
        before = _ranked(client.retriever.retrieve(params))

        write_cypher(world, "MATCH (c:Chunk) REMOVE c:$([l IN labels(c) WHERE l STARTS WITH 'ChunkIn_'])")
        for state in states:
            write_cypher(world, f"DROP INDEX chunk_embedding_in_{state}")
        assert not world.partitions(fresh=True) & states
        client.graph.partitions(fresh=True)
        stored = _ranked(client.retriever.retrieve(params))  # the whole index's filters find the same
        assert client.retriever.partitions_for(["Q187805"]) == []

        world.apply_schema()
        assert _partitioned(world) == labelled and states <= world.partitions(fresh=True)
        client.graph.partitions(fresh=True)
        assert _ranked(client.retriever.retrieve(params)) == before == stored
    assert world.index_partitions() == []  # nothing left to do


def test_a_passage_that_moves_to_another_state_changes_its_partition(world):
    doc = "spokane-county-burn-ban"
    chunk = next(c for c, (d, *_rest) in _filters(world).items() if d == doc)
    write_cypher(world, "MATCH (c:Chunk {id: $chunk}) SET c:ChunkIn_Q99", {"chunk": chunk})  # a label left from before
    world.run("chunk_filters", document_ids=[doc])
    assert _partitioned(world)[chunk] == ("Q1223", ["ChunkIn_Q1223"])


def test_a_graph_stored_before_gets_its_filters_without_embedding_again(world):
    """A graph whose chunks and index predate the filter properties (as 5.26 stored it) is migrated
    by apply_schema: the properties are set, the index rebuilt from the stored vectors; a second
    apply_schema does nothing."""
    settings = world.settings
    before = _filters(world)
    vectors = {r["id"]: r["v"] for r in world.execute_read_only("MATCH (c:Chunk) RETURN c.id AS id, c.embedding AS v")}
    write_cypher(world, "MATCH (c:Chunk) REMOVE c.state, c.county, c.locality, c.doc_type")
    world.run("drop_vector_index", vector_index=settings.vector_index)
    world.run("vector_index_5", vector_index=settings.vector_index, dimensions=settings.embedding_dimension)
    assert world.run("vector_index_filters", vector_index=settings.vector_index)[0]["properties"] == ["embedding"]
    assert all(v[1:] == (None, None, None) for v in _filters(world).values())

    done = []
    world.apply_schema(progress=lambda n, total: done.append((n, total)))
    assert _filters(world) == before
    assert world.run("vector_index_filters", vector_index=settings.vector_index)[0]["properties"] == [
        "embedding", *FILTERS]
    assert done and done[-1][0] == done[-1][1] == len({v[0] for v in before.values()})
    after = {r["id"]: r["v"] for r in world.execute_read_only("MATCH (c:Chunk) RETURN c.id AS id, c.embedding AS v")}
    assert after == vectors
    assert world.execute_read_only("MATCH (d:Document)-[:HAS_CHUNK]->(c:Chunk) WHERE c.doc_type <> d.doc_type "
                         "OR c.doc_type IS NULL RETURN count(c) AS n") == [{"n": 0}]
    world.apply_schema(progress=lambda n, total: done.append("again"))
    assert "again" not in done


# Fire reports about Washington as a whole that read more like the question than its statute does.
CROWD = [(f"wa-fire-report-{n}", f"Washington burning permits fire {n}", "incident_report", ["Q1223"],
          f"Do I need a burning permit in Washington? During fire {n}, burning permits in Washington were "
          "suspended and no burning permit was issued anywhere in Washington.") for n in range(3)]


def test_a_states_fire_reports_do_not_crowd_out_its_rules(world, server, embedder):
    """With room for two passages from inside the state, three fire reports nearer the question than
    the state's statute would take both places; the rules of the state get a search of their own."""
    from georisk_graph.documents import SourceDocument
    from georisk_graph.ingest.pipeline import Ingestor

    Ingestor.load(world).ingest([SourceDocument(id=i, title=t, text=x, source="jsonl", doc_type=k, scope=tuple(s))
                                 for i, t, k, s, x in CROWD])
    question = "Do I need a burning permit in Washington?"
    vector = embedder.embed([question])[0]
    with GeoRisk.connect(server.settings.with_(pool=2, wide_pool=2, geo_pool=2)) as client:
        nearest = [r["chunk_id"] for r in world.run("vector_top_k", vector_index=world.settings.vector_index,
                                                       k=5, embedding=[float(x) for x in vector])]
        assert all(n.startswith("wa-fire-report") for n in nearest[:3]), nearest  # the crowd is nearest
        found = _ranked(world.run("retrieve", **client.retriever.parameters_for(vector, ["Q1223"], wants="rules",
                                                                                threshold=0.0)))
    assert [chunk for chunk, *_ in found["Q1223"]][:1] == ["wa-rcw-76-04-205#0"]


def _with(params, **overrides):
    """``params`` of retrieve.cypher with some values changed, each where it travels: what the question
    asks in the ``question`` map, the settings beside it."""
    asked = {k: v for k, v in overrides.items() if k in params["question"]}
    return {**params, **{k: v for k, v in overrides.items() if k not in asked},
            "question": {**params["question"], **asked}}


def _model(threshold=0.5, bias=-2.0, **weights):
    """A relevance model as retrieve.cypher takes it, weighing only the features given."""
    return {"bias": bias, "threshold": threshold,
            "weights": {f: float(weights.get(f, 0.0)) for f in FEATURES}}


def _found(world, client, query, vector, **overrides):
    params = _with(client.retriever.parameters_for(vector, [], **overrides.pop("retrieval", {})), **overrides)
    return [p["document_id"] for row in world.run(query, **params) for p in row["passages"]]


@pytest.mark.parametrize("query", ["retrieve", "retrieve_5"])
def test_a_passage_counts_when_the_models_probability_clears_its_threshold(world, server, embedder, query):
    """The query computes the features and the probability the model's weights give them: a model that
    weighs only the question's topic terms keeps the passage holding them and nothing else."""
    vector = embedder.embed(["How much defensible space does a house need?"])[0]
    with GeoRisk.connect(server.settings) as client:
        held, nowhere = {"topic_terms": [stem("defensible")]}, {"topic_terms": ["zyxw"]}
        lexical = _model(lexical=4.0)  # holding the term: 1 / (1 + e^-2) = 0.88; not: 0.12
        assert set(_found(world, client, query, vector, retrieval=held, relevance=lexical)) == {"defensible-space"}
        assert _found(world, client, query, vector, retrieval=nowhere, relevance=lexical) == []
        # every candidate comes back at threshold 0, the passage holding the term first among the placeless
        everything = _found(world, client, query, vector, retrieval=held, relevance=_model(0.0, lexical=4.0), k=50)
        assert everything[0] == "defensible-space" and len(everything) > 1


@pytest.mark.parametrize("query", ["retrieve", "retrieve_5"])
def test_a_passage_naming_the_thing_asked_about_is_told_by_the_feature_named(world, server, embedder, query):
    vector = embedder.embed(["What does the Department of Natural Resources require?"])[0]
    with GeoRisk.connect(server.settings) as client:
        named = _found(world, client, query, vector, retrieval={"things": ["department of natural resources"]},
                       relevance=_model(named=4.0))
        assert named and set(named) == {"wa-rcw-76-04-205"}  # the one passage that names it
        assert _found(world, client, query, vector, relevance=_model(named=4.0)) == []


@pytest.mark.parametrize("query", ["retrieve", "retrieve_5"])
def test_among_passages_at_one_distance_the_likelier_to_answer_comes_first(world, server, embedder, query):
    """At one distance (a question without a place: every passage alike), the order is the probability's:
    with a model that weighs the answer form, the passage holding it first, the rest as cosine orders them."""
    import re

    vector = embedder.embed(["How much defensible space does a house need?"])[0]
    with GeoRisk.connect(server.settings) as client:
        params = _with(client.retriever.parameters_for(vector, []), k=20, relevance=_model(0.0, cosine=4.0))
        by_cosine = [p for row in world.run(query, **params) for p in row["passages"]]
        last = by_cosine[-1]
        word = next((w for w in re.findall(r"[a-z]{6,}", last["text"].lower())
                     if not any(re.search(r"\b" + w, p["text"].lower())
                                for p in by_cosine if p["chunk_id"] != last["chunk_id"])), None)
        assert word, "the least similar passage holds no word of its own"
        formed = _with(params, answer_forms=[f"(?si).*\\b{word}.*"], relevance=_model(0.0, cosine=4.0, formed=20.0))
        ranked = [p for row in world.run(query, **formed) for p in row["passages"]]
    assert len(by_cosine) > 2 and [p["cosine"] for p in by_cosine] == sorted((p["cosine"] for p in by_cosine), reverse=True)
    assert ranked[0]["chunk_id"] == last["chunk_id"]
    assert [p["chunk_id"] for p in ranked[1:]] == [p["chunk_id"] for p in by_cosine[:-1]]
    assert [p["relevance"] for p in ranked[1:]] == sorted((p["relevance"] for p in ranked[1:]), reverse=True)


def test_the_answer_forms_read_in_cypher_as_in_python(world):
    """Each kind's forms are Python patterns handed to Cypher's =~ (Java's regular expressions): both
    must compile them and agree on what they match."""
    import re

    from georisk_graph.answer_kinds import answer_forms

    kinds = ["area", "containment", "date", "penalty", "period", "agency", "cause", "location", "source", "definition"]
    texts = ["Acres burned: 6965.", "The fire is 116 acres and 75% contained.", "Started: 2013-05-01.",
             "It started July 7th at 11:23 A.M.", "Violations are a Class B misdemeanor, fined $500.",
             "Burning is allowed between 4:00 p.m. and midnight.", "Administrative unit: CAL FIRE Tehama-Glenn Unit.",
             "The cause is under investigation.", "Location: 8 miles northwest of Butte Meadows.",
             "Visit https://inciweb.wildfire.gov for maps.", "The Burned Area Emergency Response ( BAER ) program",
             "Nothing here.\nOr here."]
    forms = [form for kind in kinds for form in answer_forms(kind)]
    assert len(forms) >= len(kinds)
    rows = world.execute_read_only("UNWIND $forms AS form RETURN form, [t IN $texts | t =~ form] AS matched",
                                   {"forms": forms, "texts": texts})
    assert len(rows) == len(forms)
    for row in rows:
        assert row["matched"] == [re.fullmatch(row["form"], t) is not None for t in texts], row["form"]
    assert any(any(r["matched"]) for r in rows) and not all(all(r["matched"]) for r in rows)


@pytest.mark.parametrize("query", ["retrieve", "retrieve_5"])
def test_a_report_titled_by_the_incident_is_about_it_where_its_passages_do_not_name_it(
        world, server, embedder, query):
    from georisk_graph.question.names import incident_pattern, incident_title_pattern

    vector = embedder.embed(["How many acres has the Stemilt Fire burned?"])[0]
    with GeoRisk.connect(server.settings) as client:
        # no passage names this fire; the only way in is the report's title
        elsewhere = {"entity_patterns": [incident_pattern("Zzyzx Fire")], "entity_query": '"zzyzx fire"',
                     "title_query": '"stemilt"'}
        titled = _found(world, client, query, vector, **elsewhere, relevance=_model(0.0),
                        incident_titles=[incident_title_pattern("Stemilt Fire")])
        untitled = _found(world, client, query, vector, **elsewhere, relevance=_model(0.0), incident_titles=[])
    assert set(titled) == {"chelan-county-stemilt-fire"}
    assert untitled == []


@pytest.mark.parametrize("query", ["retrieve", "retrieve_5"])
def test_a_passage_the_full_text_index_finds_counts_where_geography_ties_it_to_the_place(
        world, server, embedder, query):
    """With room for one passage per filtered search, Washington's nearest guidance for a campfire
    question is Stevens County's page; Spokane County's ban, the one passage holding the word "marshal",
    is inside the state, so the full-text index's hit for that word (over the corpus and inside the state's
    scope) joins the candidates."""
    vector = embedder.embed(["Are campfires allowed in Washington?"])[0]  # reads like Stevens County's page
    tight = server.settings.with_(pool=1, wide_pool=1, geo_pool=1)
    with GeoRisk.connect(tight) as client:
        def found(words):
            params = _with(client.retriever.parameters_for(vector, ["Q1223"], topic_terms=["marshal"], words=words),
                           relevance=_model(0.0))
            return [p["document_id"] for row in world.run(query, **params) for p in row["passages"]]

        assert "spokane-county-burn-ban" not in found([])
        assert "spokane-county-burn-ban" in found(["marshal"])
