"""Scoring place recognition and resolution against a labelled set.

A labelled item is ``{"id", "text", "mentions": [{"start", "end", "surface", "place_id"}]}`` (JSON
Lines on disk, see :func:`read_labelled`). Spans count only on an exact character match.

The labelled set names only places the gazetteer holds ("Beulah, CO is not in the table, so it is
not labelled"), so by default a predicted mention counts when it is resolved to a place: an
unresolved mention claims no place and is reported apart (``unresolved_mentions``). Pass
``count_unresolved=True`` to score every recognised span instead.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any, Iterable, Mapping

from ..exceptions import InputError


def read_labelled(path: str | Path) -> list[dict[str, Any]]:
    """The items of a labelled JSON Lines file."""
    path = Path(path)
    items = []
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as err:
        raise InputError(f"cannot read the labelled set {path}: {err}", source=str(path)) from None
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
            item["text"], item["mentions"]
        except (json.JSONDecodeError, KeyError, TypeError) as err:
            raise InputError(f"{path} line {number}: not a labelled item ({err})", source=str(path)) from None
        items.append(item)
    return items


def evaluate_places(resolver: Any, labelled_items: Iterable[Mapping[str, Any]], *,
                    batch_size: int = 256, max_errors: int = 200,
                    count_unresolved: bool = False) -> dict[str, Any]:
    """Precision, recall and F1 of the spans, and resolution accuracy, of ``resolver`` on the items.

    ``resolution_accuracy`` is the share of gold mentions whose span is found *and* whose place id
    matches; ``accuracy_on_found`` the same among the gold mentions whose span was found. The result
    also holds counts, the speed (texts per second, recognition included) and up to ``max_errors``
    errors (``kind``: missed, spurious or wrong_place) for inspection.
    """
    items = list(labelled_items)
    texts = [item["text"] for item in items]
    started = time.perf_counter()
    resolutions = []
    for k in range(0, len(texts), batch_size):
        resolutions += resolver.resolve(texts[k:k + batch_size])
    seconds = time.perf_counter() - started

    gold_total = predicted_total = found = correct = unresolved = 0
    errors: list[dict[str, Any]] = []
    for item, resolution in zip(items, resolutions):
        gold = {(int(g["start"]), int(g["end"])): g for g in item["mentions"]}
        predicted = {(m.start, m.end): m for m in resolution.mentions
                     if count_unresolved or m.place_id is not None}
        unresolved += sum(1 for m in resolution.mentions if m.place_id is None)
        gold_total += len(gold)
        predicted_total += len(predicted)
        for key, g in gold.items():
            m = predicted.get(key)
            if m is None:
                errors.append({"id": item.get("id"), "kind": "missed", "surface": g.get("surface"),
                               "start": key[0], "end": key[1], "gold": g.get("place_id"),
                               "overlapping": [p.surface for k2, p in predicted.items()
                                               if k2[0] < key[1] and key[0] < k2[1]]})
                continue
            found += 1
            if m.place_id == g.get("place_id"):
                correct += 1
            else:
                errors.append({"id": item.get("id"), "kind": "wrong_place", "surface": m.surface,
                               "start": key[0], "end": key[1], "gold": g.get("place_id"),
                               "predicted": m.place_id, "method": m.method, "reason": m.reason})
        for key, m in predicted.items():
            if key not in gold:
                errors.append({"id": item.get("id"), "kind": "spurious", "surface": m.surface,
                               "start": key[0], "end": key[1], "predicted": m.place_id,
                               "source": m.source, "text": item["text"]})

    precision = found / predicted_total if predicted_total else 0.0
    recall = found / gold_total if gold_total else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {
        "items": len(items),
        "gold_mentions": gold_total,
        "predicted_mentions": predicted_total,
        "matched_spans": found,
        "correct_places": correct,
        "unresolved_mentions": unresolved,
        "precision": round(precision, 4),
        "recall": round(recall, 4),
        "f1": round(f1, 4),
        "resolution_accuracy": round(correct / gold_total, 4) if gold_total else 0.0,
        "accuracy_on_found": round(correct / found, 4) if found else 0.0,
        "seconds": round(seconds, 3),
        "texts_per_second": round(len(items) / seconds, 1) if seconds > 0 else None,
        "errors": errors[:max_errors],
    }
