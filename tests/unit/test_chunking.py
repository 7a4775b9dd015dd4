"""Sentence splitting and semantic chunking, on the bundled all-MiniLM-L6-v2."""

from __future__ import annotations

import gzip
import json
import random
from itertools import islice

import numpy as np
import pytest

from georisk_graph.embeddings import SentenceTransformerEmbedder
from georisk_graph import ConfigurationError, InputError
from georisk_graph.analysis import sentence_spans
from georisk_graph.ingest.chunking import Chunk, SemanticChunker
from georisk_graph.ingest.pipeline import BatchVectors

EVACUATION = [
    "Butte County officials issued mandatory evacuation orders for Paradise and Magalia on Tuesday morning.",
    "Residents in the evacuation zones must leave immediately and follow the routes posted by the sheriff.",
    "An evacuation center for displaced families has opened at the Chico fairgrounds with cots and meals.",
    "Evacuation warnings remain in effect for the Butte Creek Canyon area until the sheriff lifts them.",
]
BURNING = [
    "Prescribed burning on state forest land requires a written burn plan approved by a certified burn boss.",
    "A prescribed fire may only be ignited when humidity, wind speed and fuel moisture fall within the "
    "plan's prescription.",
    "The burner must notify the local air quality district and the nearest fire station before ignition.",
    "Anyone conducting a prescribed burn is liable for escaped fire only if they were grossly negligent.",
]
SMOKE = [
    "Smoke from the fire is expected to settle into the valleys overnight and lift by early afternoon.",
    "The air quality index reached unhealthy levels in Redding and Anderson on Sunday.",
    "People with asthma or heart disease should stay indoors and keep windows closed.",
    "N95 masks are available at the county library and the fire information station.",
]
ROADS = [
    "Highway 70 remains closed between Jarbo Gap and Belden while crews remove hazard trees.",
    "Caltrans expects to reopen one lane with pilot cars by Thursday evening.",
    "Forest roads 23N15 and 24N03 are closed to all traffic, including hikers and cyclists.",
    "Motorists should expect delays on Skyway Road and avoid stopping in the fire area.",
]


class CountingEmbedder:
    """The real embedder, counting its calls and the texts it was given."""

    def __init__(self, inner: SentenceTransformerEmbedder) -> None:
        self.inner, self.name, self.dimension = inner, inner.name, inner.dimension
        self.calls: list[int] = []

    def embed(self, texts: list[str]) -> np.ndarray:
        self.calls.append(len(texts))
        return self.inner.embed(texts)


@pytest.fixture
def counting(embedder) -> CountingEmbedder:
    return CountingEmbedder(embedder)


def check_layout(text: str, chunks: list[Chunk]) -> None:
    """Exact offsets, in order, numbered from 0, and nothing but whitespace left out."""
    assert [c.index for c in chunks] == list(range(len(chunks)))
    previous_end = 0
    for chunk in chunks:
        assert text[chunk.start:chunk.end] == chunk.text == chunk.text.strip() != ""
        assert chunk.start >= previous_end and text[previous_end:chunk.start].strip() == ""
        previous_end = chunk.end
    assert text[previous_end:].strip() == ""


# -- sentences -----------------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("Butte Co. officials ordered evacuations. The U.S. Forest Service closed roads near Mt. Shasta.",
     ["Butte Co. officials ordered evacuations.", "The U.S. Forest Service closed roads near Mt. Shasta."]),
    ("Crews from Redding, Calif. arrived. J. R. Smith said 2.5 miles of line held; see No. 4 and St. Helena.",
     ["Crews from Redding, Calif. arrived.", "J. R. Smith said 2.5 miles of line held; see No. 4 and St. Helena."]),
    ("The meeting starts at 6 p.m. PDT on Friday. Doors open at 5 p.m. Parking is free.",
     ["The meeting starts at 6 p.m. PDT on Friday.", "Doors open at 5 p.m.", "Parking is free."]),
    ('The chief said "Leave now." Most did! Was the road open? It was not.',
     ['The chief said "Leave now."', "Most did!", "Was the road open?", "It was not."]),
    ("Closures:\n- Highway 70\n• Skyway Road\n\nWhat is pile burning?\nPile burning removes debris.",
     ["Closures:", "- Highway 70", "• Skyway Road", "What is pile burning?", "Pile burning removes debris."]),
    ("The fire is near Cottonwood Wash. It burned 200 ac. Winds calmed.\n\nSection 9-3-17\nThe law.",
     ["The fire is near Cottonwood Wash.", "It burned 200 ac.", "Winds calmed.", "Section 9-3-17",
      "The law."]),
    ("The Director may order a special protection district\nfor the county. 1. Definitions apply.\n(a)\nThe term.",
     ["The Director may order a special protection district\nfor the county.", "1. Definitions apply.",
      "(a)\nThe term."]),
])
def test_sentences_end_at_real_ends_only(text, expected):
    spans = sentence_spans(text)
    assert [text[s:e] for s, e in spans] == expected


LONG_TEXTS = """
texts = [
    "a" + "." * 1_000_000,                              # a dot leader as long as a file
    "Leave now" + "!?" * 500_000 + "x",                  # mixed marks not followed by a sentence
    ("See No. 4 and St. Helena near Mt. Shasta in Butte Co. at 6 p.m. PDT. " * 15_000)[:1_000_000],
    "word " * 200_000,                                   # no sentence end and no line break at all
]
"""


def test_sentence_splitting_stays_linear_on_long_runs_of_punctuation():
    """A run of end marks used to be rescanned from each of its marks: 100,000 periods took 135 s, so
    a megabyte took hours. Linear splitting does each 1 MB text below in about a second; the child
    process is stopped after a generous two minutes."""
    import subprocess
    import sys

    script = LONG_TEXTS + """
from georisk_graph.analysis import sentence_spans
for text in texts:
    spans = sentence_spans(text)
    assert spans and spans[0][0] == 0 and spans[-1][1] == len(text.rstrip()), text[:20]
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr
    dots = "Done" + "." * 50 + " Next one."
    assert [dots[s:e] for s, e in sentence_spans(dots)] == ["Done" + "." * 50, "Next one."]


class SameVector:
    """Every text gets the same unit vector, as identical boilerplate sentences do from any model."""

    name, dimension = "same-vector", 8

    def embed(self, texts: list[str]) -> np.ndarray:
        return np.full((len(texts), self.dimension), 1 / np.sqrt(self.dimension), dtype=np.float32)


def test_repeated_boilerplate_is_split_evenly_not_peeled():
    """Identical sentences are equally (dis)similar everywhere; the split then takes the most even
    boundary. Always taking the first peeled one short chunk per pass: quadratic in the length, and
    three times too many chunks."""
    text = "Open burning is prohibited in the county until further notice. " * 1500  # ~96,000 characters
    [chunks] = SemanticChunker(SameVector(), max_chars=1000).chunk([text])
    check_layout(text, chunks)
    assert all(200 <= len(c.text) <= 1000 for c in chunks)
    assert len(chunks) <= 1.5 * len(text) / 1000, f"{len(chunks)} chunks for {len(text):,} characters"


def test_blank_text_has_no_sentences():
    assert sentence_spans("") == [] and sentence_spans(" \n\t\n ") == []


# -- chunks --------------------------------------------------------------------------------------

def test_boundary_falls_between_two_topics(counting):
    evacuation, burning = " ".join(EVACUATION), " ".join(BURNING)
    text = evacuation + " " + burning
    [chunks] = SemanticChunker(counting).chunk([text])
    assert [c.text for c in chunks] == [evacuation, burning]
    assert [c.sentence_count for c in chunks] == [4, 4]
    assert counting.calls == [8]


def test_short_segments_join_their_more_similar_neighbour(embedder):
    # At the 0th percentile nearly every gap is a boundary, so the merging of short segments alone
    # has to rebuild the three topics.
    passages = [" ".join(EVACUATION), " ".join(BURNING), " ".join(SMOKE)]
    [chunks] = SemanticChunker(embedder, percentile=0, min_chars=300).chunk([" ".join(passages)])
    assert [c.text for c in chunks] == passages


def test_an_over_long_text_splits_at_its_most_dissimilar_boundary(embedder):
    # At the 100th percentile no distance exceeds the threshold: only max_chars splits the text.
    passages = [" ".join(EVACUATION), " ".join(BURNING)]
    [chunks] = SemanticChunker(embedder, percentile=100, max_chars=600).chunk([" ".join(passages)])
    assert [c.text for c in chunks] == passages


def test_a_short_piece_left_by_a_split_joins_a_neighbour_with_room(embedder):
    notice = ("Before a prescribed burn the burner shall notify "
              + ", ".join(f"the volunteer fire company of district {n}" for n in range(1, 33)) + ".")
    evacuation = " ".join(EVACUATION[:3])
    text = f"{evacuation} {BURNING[0]} {notice}"
    [chunks] = SemanticChunker(embedder, min_chars=200, max_chars=1500).chunk([text])
    # The notice alone nearly fills a chunk, so the burn-plan sentence cannot stay beside it.
    assert [c.text for c in chunks] == [f"{evacuation} {BURNING[0]}", notice]


def test_a_batch_embeds_once_and_keeps_its_order(counting):
    two_topics = " ".join(EVACUATION + BURNING)
    short = "Red flag warning until 8 p.m. Winds gusting to 45 mph are expected on the ridges."
    texts = [two_topics, "", "  \n\t ", short, " ".join(SMOKE + ROADS)]
    result = SemanticChunker(counting).chunk(texts)
    assert [len(chunks) for chunks in result] == [2, 0, 0, 1, 2]
    assert result[3] == [Chunk(index=0, text=short, start=0, end=len(short), sentence_count=2)]
    assert result[4][1].text.startswith("Highway 70")
    assert counting.calls == [16]  # two sentences of one short text need no vectors


def test_a_batch_encodes_each_distinct_text_once_and_chunks_reuse_sentence_vectors(counting, embedder):
    boilerplate = "Open burning is prohibited in the county until further notice."
    texts = [" ".join(EVACUATION + [boilerplate] + BURNING), " ".join(SMOKE + [boilerplate] + ROADS)]
    vectors = BatchVectors(counting, keep_texts=True)
    chunked = SemanticChunker(vectors).chunk(texts)
    # 18 sentences across the two documents, the shared one encoded once, in one call.
    assert counting.calls == [17] and vectors.encoded == 17
    assert vectors.kept["sentence"].count(boilerplate) == 1

    # A chunk that is one of the batch's sentences takes its vector; the others are encoded.
    passages = [c.text for chunks in chunked for c in chunks] + [EVACUATION[0]]
    rows = vectors.embed(passages, kind="passage")
    assert counting.calls == [17, len(passages) - 1] and vectors.kept["passage"] == passages[:-1]
    np.testing.assert_allclose(rows, embedder.embed(passages), atol=1e-5)

    vectors.clear()  # the next batch starts afresh
    vectors.embed([EVACUATION[0]])
    assert counting.calls[-1] == 1


def test_each_text_is_encoded_once_and_a_chunk_takes_its_vector_from_its_sentences(counting, embedder):
    short = "Red flag warning until 8 p.m. Winds gusting to 45 mph are expected on the ridges."
    texts = [" ".join(EVACUATION + BURNING), short]
    chunker = SemanticChunker(counting)
    passages: list[list[str]] = []

    def encode_chunks(texts: list[str]) -> np.ndarray:
        passages.append(texts)
        return embedder.embed(texts)

    chunked, vectors = chunker.chunk_with_vectors(texts, embed_chunks=encode_chunks)
    assert chunked == chunker.chunk(texts)  # the same chunks as chunking alone
    # the 8 sentences of the long text for its boundaries, then only the short text's one chunk
    assert counting.calls[0] == 8 and passages == [[short]]
    assert vectors.shape == (3, embedder.dimension)
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    np.testing.assert_allclose(vectors[2], embedder.embed([short])[0], atol=1e-5)
    # a chunk of the long text: its sentences' vectors, weighted by their length, normalised
    sentences = EVACUATION  # the first chunk is the evacuation topic's four sentences
    weights = np.array([len(t) for t in sentences], dtype=np.float32)
    mean = weights @ embedder.embed(sentences)
    np.testing.assert_allclose(vectors[0], mean / np.linalg.norm(mean), atol=1e-5)
    # and it reads like the chunk encoded whole: nearer to it than to the other topic's chunk
    whole = embedder.embed([c.text for c in chunked[0]])
    assert float(vectors[0] @ whole[0]) > 0.8 and float(vectors[0] @ whole[0]) > float(vectors[0] @ whole[1]) + 0.2


def test_short_texts_are_one_chunk_without_embedding(counting):
    patrols = "Crews will patrol " + ", ".join(f"the north edge of unit {n}" for n in range(16)) + "."
    closures = "Rangers closed " + ", ".join(f"the trailhead at mile {n}" for n in range(16)) + "."
    texts = [
        "  One sentence about the Park Fire.  ",
        "Two sentences. About the Park Fire.",
        f"{patrols} {closures}",  # two sentences, 800 characters: nothing to choose
        f"{EVACUATION[0]} {BURNING[1]} {SMOKE[0]}",  # three, but too short for two chunks
    ]
    result = SemanticChunker(counting, min_chars=200, max_chars=1000).chunk(texts)
    assert [[c.text for c in chunks] for chunks in result] == [[texts[0].strip()], *([t] for t in texts[1:])]
    assert result[0][0].start == 2
    assert counting.calls == []


def generated_documents(count: int, seed: int) -> list[str]:
    """Long documents alternating topic passages of random length, with paragraph breaks."""
    rng = random.Random(seed)
    pools = [EVACUATION, BURNING, SMOKE, ROADS]
    documents = []
    for _ in range(count):
        passages = []
        for _ in range(rng.randint(8, 14)):
            pool = rng.choice(pools)
            passages.append(" ".join(rng.sample(pool, rng.randint(1, 4))))
        documents.append("\n\n".join(passages) if rng.random() < 0.5 else " ".join(passages))
    return documents


@pytest.mark.parametrize("min_chars, max_chars", [(200, 1500), (300, 600)])
def test_long_texts_keep_to_the_length_limits(embedder, min_chars, max_chars):
    documents = generated_documents(4, seed=min_chars)
    result = SemanticChunker(embedder, min_chars=min_chars, max_chars=max_chars).chunk(documents)
    for text, chunks in zip(documents, result):
        check_layout(text, chunks)
        assert len(chunks) > 1
        lengths = [len(c.text) for c in chunks]
        assert max(lengths) <= max_chars and min(lengths) >= min_chars, lengths
        assert sum(c.sentence_count for c in chunks) == len(sentence_spans(text))


def test_a_sentence_longer_than_the_maximum_is_cut(embedder):
    run_on = " ".join(f"crews held line segment {i} along the ridge and" for i in range(80)) + " rested."
    unbroken = "x" * 900
    text = f"{run_on}\n\n{unbroken}"
    [chunks] = SemanticChunker(embedder, min_chars=100, max_chars=400).chunk([text])
    check_layout(text, chunks)
    assert all(len(c.text) <= 400 for c in chunks)
    # Cut into equal shares, so no scrap is left too short to stand as a chunk.
    assert " ".join(c.text for c in chunks).split() == text.split()[:-1] + ["x" * 300] * 3
    assert all(len(c.text) >= 100 for c in chunks)


def test_chunks_of_real_incident_updates(embedder, shared_dir):
    path = shared_dir / "data" / "corpus" / "inciweb_incident_updates_2024_2026.jsonl.gz"
    with gzip.open(path, "rt") as lines:
        texts = [json.loads(line)["text"] for line in islice(lines, 0, 600, 50)]
    result = SemanticChunker(embedder).chunk(texts)
    for text, chunks in zip(texts, result):
        check_layout(text, chunks)
        assert all(len(c.text) <= 1500 for c in chunks)
        if len(text.strip()) >= 200:
            assert all(len(c.text) >= 200 for c in chunks)


def test_wrong_input_and_settings_are_refused(embedder):
    with pytest.raises(InputError, match="list of texts"):
        SemanticChunker(embedder).chunk("one text, not wrapped in a list")
    with pytest.raises(InputError, match="text 1 is a NoneType"):
        SemanticChunker(embedder).chunk(["fine", None])
    with pytest.raises(ConfigurationError, match="percentile"):
        SemanticChunker(embedder, percentile=150)
    with pytest.raises(ConfigurationError, match="min_chars < max_chars"):
        SemanticChunker(embedder, min_chars=800, max_chars=500)
