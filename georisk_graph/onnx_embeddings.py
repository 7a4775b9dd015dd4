"""Sentence embeddings on ONNX Runtime, from the same model folder the torch backend reads.

The first load exports the model's safetensors to ONNX (pooling and normalisation inside the graph)
into the cache folder, with a small JSON beside each exported file recording its SHA-256 and that of
the source model. Every later load checks both: an export whose bytes or whose source changed since
is rebuilt, and says so. Exporting needs torch and transformers (dependencies of the torch backend),
never the network; running needs only onnxruntime, tokenizers and numpy, so a query never pays the
seconds of importing torch.

``precision="int8"`` quantises the fp32 export's weights (dynamic quantisation, per channel): on a
CPU with VNNI about 1.7 times the fp32 rate and under half its latency for one question, at a cosine of
about 0.993 to the fp32 vectors.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import tempfile
import warnings
from pathlib import Path
from typing import Any

import numpy as np

from .exceptions import ConfigurationError, InputError

log = logging.getLogger(__name__)

PRECISIONS = ("fp32", "int8")
# Raised whenever the export or the quantisation changes, so exports made the old way are rebuilt.
EXPORT_FORMAT = 1
OPSET = 17
# The files of a sentence-transformers folder that decide its vectors.
_SOURCE_FILES = ("config.json", "model.safetensors", "pytorch_model.bin", "tokenizer.json", "modules.json",
                 "sentence_bert_config.json", "1_Pooling/config.json")
# A call to the session takes at most this many texts and this many tokens (padding included). The
# texts are sorted by token count first, so a batch pads little. Small batches run faster on 2 cores
# (they stay in cache): in two runs on 800 corpus sentences and 150 chunk-sized passages, 32 texts /
# 2,048 tokens encoded 10-25% more a second than 64 / 4,096, and 64 passages at a time (no token
# limit) a third less than 16.
BATCH_TEXTS = 32
BATCH_TOKENS = 2048


def available_cores() -> int:
    """The cores this process may run on (its CPU affinity), at least 1."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


class OnnxEmbedder:
    """An :class:`~georisk_graph.embeddings.Embedder` running an exported sentence-transformers model
    on ONNX Runtime; build it with :meth:`load`."""

    def __init__(self, session: Any, tokenizer: Any, *, name: str, dimension: int, precision: str,
                 batch_size: int = BATCH_TEXTS, batch_tokens: int = BATCH_TOKENS) -> None:
        if batch_size < 1:
            raise ConfigurationError(f"embedding batch size must be at least 1, got {batch_size}")
        self._session = session
        self._tokenizer = tokenizer
        self._inputs = {i.name for i in session.get_inputs()}
        self.name = name
        self.dimension = dimension
        self.precision = precision
        self.batch_size = batch_size
        self.batch_tokens = batch_tokens

    @classmethod
    def load(cls, source: Path, *, name: str, cache_dir: Path, precision: str = "fp32",
             threads: int | None = None, batch_size: int = BATCH_TEXTS) -> "OnnxEmbedder":
        """The model in the sentence-transformers folder ``source``, exported into ``cache_dir`` on
        first use (and whenever the export no longer matches its source), run with ``threads``
        intra-op threads (default: the cores available)."""
        if precision not in PRECISIONS:
            raise ConfigurationError(f"ONNX precision must be one of {', '.join(PRECISIONS)}, not {precision!r}")
        try:
            import onnxruntime as ort
            from tokenizers import Tokenizer
        except ImportError as err:
            raise ConfigurationError(
                f"the ONNX embedding backend needs onnxruntime and tokenizers ({err}): "
                "pip install onnxruntime tokenizers, or set GEORISK_EMBEDDING_BACKEND=torch") from None
        config = read_model_config(source)
        path = ensure_export(source, cache_dir, precision=precision)

        options = ort.SessionOptions()
        # Chosen, not left to the library: the intra-op pool uses the cores this process may run on;
        # no inter-op pool (one model, one request at a time); and threads that finish a step sleep
        # rather than spin, so place recognition running beside an encode gets the core back.
        options.intra_op_num_threads = threads or available_cores()
        options.inter_op_num_threads = 1
        options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        options.log_severity_level = 3
        try:
            session = ort.InferenceSession(str(path), sess_options=options, providers=["CPUExecutionProvider"])
        except Exception as err:  # noqa: BLE001 - onnxruntime raises its own exception types
            raise ConfigurationError(
                f"onnxruntime could not load the exported model {path} ({type(err).__name__}: {err}); delete "
                f"{path.parent} to export it again, or set GEORISK_EMBEDDING_BACKEND=torch") from err

        tokenizer = Tokenizer.from_file(str(source / "tokenizer.json"))
        # The file's own settings (the bundled one pads every text to 128 and cuts it there) are not the
        # model's: sentence-transformers cuts at max_seq_length and pads to the longest text of a batch.
        tokenizer.enable_truncation(max_length=config["max_tokens"])
        tokenizer.no_padding()
        return cls(session, tokenizer, name=name, dimension=config["dimension"], precision=precision,
                   batch_size=batch_size)

    def embed(self, texts: list[str]) -> np.ndarray:
        """An ``(len(texts), dimension)`` float32 array of unit-length rows, in the order given.

        The texts are encoded shortest first, ``batch_size`` at a time, so a batch pads to a length
        close to each of its texts'."""
        if isinstance(texts, str):
            raise InputError("embed() takes a list of texts; wrap a single text in a list")
        texts = list(texts)
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        encodings = self._tokenizer.encode_batch(texts)
        lengths = np.fromiter((len(e.ids) for e in encodings), dtype=np.int64, count=len(encodings))
        order = np.argsort(lengths, kind="stable")
        out = np.empty((len(texts), self.dimension), dtype=np.float32)
        first = 0
        while first < len(order):
            # Sorted ascending, so the last text taken sets the batch's width.
            last = first + 1
            while (last < len(order) and last - first < self.batch_size
                   and (last - first + 1) * lengths[order[last]] <= self.batch_tokens):
                last += 1
            rows, first = order[first:last], last
            width = int(lengths[rows[-1]])
            ids = np.zeros((len(rows), width), dtype=np.int64)
            mask = np.zeros((len(rows), width), dtype=np.int64)
            types = np.zeros((len(rows), width), dtype=np.int64)
            for k, row in enumerate(rows):
                encoding = encodings[row]
                n = len(encoding.ids)
                ids[k, :n] = encoding.ids
                mask[k, :n] = 1
                types[k, :n] = encoding.type_ids
            feed = {"input_ids": ids, "attention_mask": mask, "token_type_ids": types}
            out[rows] = self._session.run(None, {k: v for k, v in feed.items() if k in self._inputs})[0]
        return out

    def __repr__(self) -> str:
        return f"OnnxEmbedder(name={self.name!r}, dimension={self.dimension}, precision={self.precision!r})"


# -- the export ---------------------------------------------------------------------------------------
def read_model_config(source: Path) -> dict[str, Any]:
    """Pooling, dimension and token limit of the sentence-transformers folder ``source``."""
    def read(name: str) -> dict[str, Any]:
        try:
            return json.loads((source / name).read_text())
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as err:
            raise ConfigurationError(f"cannot read {source / name}: {err}") from None

    if not (source / "tokenizer.json").is_file() or not (source / "config.json").is_file():
        raise ConfigurationError(
            f"no sentence-transformers model with a tokenizer.json at {source}; point GEORISK_EMBEDDING_MODEL "
            "at a local model folder, or set GEORISK_EMBEDDING_BACKEND=torch")
    pooling_config = read("1_Pooling/config.json")
    if pooling_config.get("pooling_mode_cls_token"):
        pooling = "cls"
    elif pooling_config.get("pooling_mode_mean_tokens", True) and not any(
            pooling_config.get(k) for k in ("pooling_mode_max_tokens", "pooling_mode_mean_sqrt_len_tokens")):
        pooling = "mean"
    else:
        raise ConfigurationError(
            f"the ONNX backend exports mean or CLS pooling only, and {source / '1_Pooling/config.json'} asks for "
            "another; set GEORISK_EMBEDDING_BACKEND=torch for this model")
    model_config = read("config.json")
    dimension = pooling_config.get("word_embedding_dimension") or model_config.get("hidden_size")
    if not dimension:
        raise ConfigurationError(f"the model at {source} does not say its vector dimension")
    max_tokens = read("sentence_bert_config.json").get("max_seq_length") or model_config.get(
        "max_position_embeddings", 512)
    return {"pooling": pooling, "dimension": int(dimension), "max_tokens": int(max_tokens)}


def source_checksum(source: Path) -> str:
    """SHA-256 over the files of ``source`` that decide its vectors (names and contents)."""
    digest = hashlib.sha256()
    for name in _SOURCE_FILES:
        path = source / name
        if path.is_file():
            digest.update(name.encode() + b"\0")
            digest.update(_file_checksum(path).encode())
    return digest.hexdigest()


def export_folder(source: Path, cache_dir: Path) -> Path:
    """Where the exports of ``source`` live: one folder per source folder."""
    slug = re.sub(r"[^A-Za-z0-9._-]+", "-", source.name if source.name != "model" else source.parent.name)
    key = hashlib.sha256(str(source.resolve()).encode()).hexdigest()[:10]
    return cache_dir / "onnx" / f"{slug.strip('-')}-{key}"


def ensure_export(source: Path, cache_dir: Path, *, precision: str = "fp32") -> Path:
    """The path of a checked ONNX export of ``source`` at ``precision``, made now when missing, stale
    (its source changed) or corrupt (its bytes changed)."""
    folder = export_folder(source, cache_dir)
    path = folder / f"model-{precision}.onnx"
    want = source_checksum(source)
    problem = _export_problem(path, want)
    if problem is None:
        return path
    if problem == "missing":
        log.info("exporting %s to ONNX (%s) into %s, once", source, precision, folder)
    else:
        log.warning("the ONNX export %s is %s; exporting it again", path, problem)
    if precision == "int8":
        fp32 = ensure_export(source, cache_dir, precision="fp32")
        _write_export(path, want, lambda out: _quantize(fp32, out), {"quantized_from": _file_checksum(fp32)})
    else:
        _write_export(path, want, lambda out: _export_fp32(source, out), {})
    return path


def _export_problem(path: Path, source_sha: str) -> str | None:
    """Why the export at ``path`` cannot be used (None when it can)."""
    manifest = _manifest_path(path)
    if not path.is_file() or not manifest.is_file():
        return "missing"
    try:
        recorded = json.loads(manifest.read_text())
    except (OSError, ValueError):
        return f"unreadable (its record {manifest} is not JSON)"
    if recorded.get("format") != EXPORT_FORMAT:
        return f"from an older exporter (format {recorded.get('format')}, now {EXPORT_FORMAT})"
    if recorded.get("source_sha256") != source_sha:
        return "stale: its source model changed since it was exported"
    if recorded.get("sha256") != _file_checksum(path):
        return "corrupt: its checksum does not match the one recorded when it was exported"
    return None


def _write_export(path: Path, source_sha: str, make: Any, extra: dict[str, Any]) -> None:
    """Run ``make(tmp_path)`` and move its file and a record of it into place: the model first, then its
    record, so a crash in between leaves a model without a record, which is exported again."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=path.parent, prefix=".export-") as scratch:
        out = Path(scratch) / path.name
        try:
            make(out)
        except ConfigurationError:
            raise
        except Exception as err:  # noqa: BLE001 - torch's exporter raises many kinds of errors
            raise ConfigurationError(
                f"exporting the embedding model to ONNX at {path} failed ({type(err).__name__}: {err}); "
                "set GEORISK_EMBEDDING_BACKEND=torch to embed with torch instead") from err
        record = {"format": EXPORT_FORMAT, "file": path.name, "sha256": _file_checksum(out),
                  "source_sha256": source_sha, **extra}
        os.replace(out, path)
        manifest = Path(scratch) / "record.json"
        manifest.write_text(json.dumps(record, indent=2) + "\n")
        os.replace(manifest, _manifest_path(path))


def _export_fp32(source: Path, out: Path) -> None:
    # Read by the hub libraries on import: a local folder never needs the network, and its per-tensor
    # progress bar is noise.
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
    try:
        import torch
        from transformers import AutoModel
    except ImportError as err:
        raise ConfigurationError(
            f"exporting the embedding model to ONNX needs torch and transformers ({err}); install them, or "
            "set GEORISK_EMBEDDING_BACKEND=torch") from None
    config = read_model_config(source)
    model = AutoModel.from_pretrained(str(source), local_files_only=True).eval()

    class Pooled(torch.nn.Module):
        """The transformer with the sentence-transformers pooling and normalisation on top."""

        def __init__(self) -> None:
            super().__init__()
            self.model = model

        def forward(self, input_ids: Any, attention_mask: Any, token_type_ids: Any) -> Any:
            hidden = self.model(input_ids=input_ids, attention_mask=attention_mask,
                                token_type_ids=token_type_ids).last_hidden_state
            if config["pooling"] == "cls":
                pooled = hidden[:, 0]
            else:
                weights = attention_mask.unsqueeze(-1).to(hidden.dtype)
                pooled = (hidden * weights).sum(1) / weights.sum(1).clamp(min=1e-9)
            return torch.nn.functional.normalize(pooled, p=2.0, dim=1)

    example = torch.ones((2, 8), dtype=torch.int64)
    axes = {"input_ids": {0: "batch", 1: "tokens"}, "attention_mask": {0: "batch", 1: "tokens"},
            "token_type_ids": {0: "batch", 1: "tokens"}, "sentence_embedding": {0: "batch"}}
    with torch.no_grad(), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the TorchScript exporter's deprecation notice
        # The TorchScript exporter: its output is byte-for-byte the same from one run to the next, so a
        # recorded checksum identifies the export.
        torch.onnx.export(Pooled().eval(), (example, example, torch.zeros_like(example)), str(out),
                          input_names=["input_ids", "attention_mask", "token_type_ids"],
                          output_names=["sentence_embedding"], dynamic_axes=axes, opset_version=OPSET,
                          do_constant_folding=True, dynamo=False)


def _quantize(fp32: Path, out: Path) -> None:
    try:
        from onnxruntime.quantization import QuantType, quantize_dynamic
    except ImportError as err:
        raise ConfigurationError(
            f"int8 quantisation needs onnxruntime's quantization tools ({err}); pip install onnx onnxruntime, "
            "or use the fp32 backend (GEORISK_EMBEDDING_BACKEND=onnx)") from None
    # The quantiser logs a suggestion to pre-process the model on the root logger, which would reach the
    # user's terminal; it applies to static quantisation of vision models, not to this.
    quiet = _DropRecords()
    logging.getLogger().addFilter(quiet)
    try:
        quantize_dynamic(str(fp32), str(out), per_channel=True, weight_type=QuantType.QInt8)
    finally:
        logging.getLogger().removeFilter(quiet)


class _DropRecords(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return False


def _manifest_path(path: Path) -> Path:
    return path.with_suffix(".json")


def _file_checksum(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
