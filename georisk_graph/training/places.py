"""Fit the model that tells the places a question asks about from those that only locate or contrast them
(georisk_graph.question.roles), on the labelled questions.

    georisk fit places          # writes georisk_graph/models/places.json and prints what it measured

Every location-dependent labelled question with a gold place of the parts "fit" and "calibrate" (training/labels.py:
the QA sets, the Spanish and the place-writing sets) is
read with every place it names kept; each place is labelled asked (1) when it is the question's gold
place (or a fire that burned in it), not asked (0) when it neither is, holds nor lies inside the gold place (a
place of the same location, "Keller" for a question about Ferry County, is left out: the two are decided as one).
A logistic regression is fitted on the "fit" part; its threshold is, of a grid, the one nearest 0.5 of those that
read the "calibrate" part's gold places within :data:`TIE` of the best (the share of questions whose asked places
hold the gold place and no place it does not: a measure that cannot reward asking of two places, which the
labelled questions never give as gold). The at-length set's "report" part is never read here.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Callable

from ..client import GeoRisk
from ..models import FittedModel
from ..question.places import anchor_places
from ..question.roles import EVERY_PLACE, FEATURES, features, roles
from .fitting import fit_logistic
from .labels import PART_TEXT, asked

THRESHOLDS = tuple(round(0.05 * n, 2) for n in range(2, 19))
# Thresholds this close to the best read the calibrate part as well as single gold places can tell (a question asking
# of two places, "in Springfield, Illinois and in Spokane", has one gold place): the nearest 0.5 is taken.
TIE = 0.015


# whether the fitting chooses the model's features (a vocabulary) rather than taking FEATURES
CHOSEN_FEATURES = False

def run(georisk: GeoRisk, out: Path, *, say: Callable[[str], None] = print) -> FittedModel:
    items = [i for i in asked(("fit", "calibrate")) if i.location_dependent and i.location_id]
    every_place = georisk.configured(places=EVERY_PLACE)  # every place a question names is kept, asked or not
    gazetteer = georisk.reader.gazetteer
    rows: list[tuple[str, dict[str, float], int]] = []
    read: list[tuple[str, str, list, str, frozenset[str]]] = []  # (part, text, places, gold, where named fires burned)
    for start in range(0, len(items), 64):
        batch = items[start:start + 64]
        readings = every_place.read([i.text for i in batch])
        for item, reading in zip(batch, readings):
            places = list(reading.named_places)
            gold = item.location_id or ""  # every item here has one
            burned = every_place.reader.fires_named(reading.read_as)
            read.append((item.part, reading.read_as, places, gold, burned))
            for place, values in zip(places, features(reading.read_as, places, gazetteer, burned)):
                up = set(gazetteer.ancestors(place.id)) if place.id else set()
                down = set(gazetteer.ancestors(gold)) if gold else set()
                if place.id == gold or (place.level == "event" and gold in up):
                    label = 1  # the place asked about, or the fire asked about that burned in it
                elif gold in up or place.id in down:
                    continue  # the same location, named at another level
                else:
                    label = 0
                rows.append((item.part, values, label))
    fit_rows = [(v, y) for part, v, y in rows if part == "fit"]
    say(f"places: {len(fit_rows)} to fit ({sum(y for _, y in fit_rows)} asked), "
        f"{sum(part == 'calibrate' for part, _, _ in rows)} to calibrate")
    weights, bias = fit_logistic([v for v, _ in fit_rows], [y for _, y in fit_rows], names=FEATURES)
    model = FittedModel("places", FEATURES, weights, bias)

    def read_right(threshold: float, part: str) -> float:
        chosen = model.with_(threshold=threshold)
        right = total = 0
        for which, text, places, gold, burned in read:
            if which != part or not places:
                continue
            asked, _, _ = roles(text, places, gazetteer, chosen, burned=burned)
            ids = {p.id for p in anchor_places(list(asked), gazetteer)}
            related = {gold, *gazetteer.ancestors(gold)} | {p.id for p in places if p.id and gold in gazetteer.ancestors(p.id)}
            total += 1
            right += int(gold in ids and ids <= related)
        return right / max(total, 1)

    table = [{"threshold": t, "calibrate": round(read_right(t, "calibrate"), 4)} for t in THRESHOLDS]
    top = max(r["calibrate"] for r in table)
    best = min((r for r in table if r["calibrate"] >= top - TIE), key=lambda r: abs(r["threshold"] - 0.5))
    for r in table:
        say(f"  threshold {r['threshold']:.2f}: calibrate part's gold places read right {r['calibrate']:.3f}")
    final = model.with_(threshold=best["threshold"], fitted={
        "command": "georisk fit places", "day": date.today().isoformat(),
        "fit": "location-dependent questions of the " + PART_TEXT["fit"] + "; Spanish and place-writing sets, part fit",
        "calibrate": "location-dependent questions of the " + PART_TEXT["calibrate"] + "; Spanish and place-writing "
                     "sets, part calibrate",
        "places": {"fit": len(fit_rows), "calibrate": sum(part == "calibrate" for part, _, _ in rows)},
        "read_right": {"fit": round(read_right(best["threshold"], "fit"), 4), "calibrate": best["calibrate"]},
        "thresholds": table})
    final.save(out)
    say("weights: " + ", ".join(f"{f} {weights[f]:+.2f}" for f in FEATURES) + f", bias {bias:+.2f}")
    say(f"threshold {best['threshold']}; gold places read right: fit {final.fitted['read_right']['fit']:.3f}, "
        f"calibrate {best['calibrate']:.3f}; wrote {out}")
    return final
