"""``georisk place``: how the places of a text are found and read, for a person checking why a question was (or was
not) placed where they meant."""

from __future__ import annotations

import json
from typing import Any

import click

from .cli_common import connected_graph, friendly, settings


class _TextOrCommand(click.Group):
    """``georisk place TEXT`` reads TEXT as a question (``georisk place read TEXT``); ``georisk place resolve TEXT``
    and the other commands stay as they are."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and not args[0].startswith("-"):
            args = ["read", *args]
        return super().parse_args(ctx, args)


@click.group("place", cls=_TextOrCommand, help="How places are found: `georisk place TEXT` reads TEXT as a question "
                                              "and shows how each place was recognised; `resolve` runs place "
                                              "recognition and resolution alone, as ingestion does.")
def place_group() -> None:
    pass


@place_group.command("read", help="Read TEXT as a question: each place found and how (its name, another name, a ZIP "
                                  "code, a park's counties), with the model's probability; the places named only "
                                  "for context; the words it could not place; the names considered and not read.")
@click.argument("text")
@click.option("--json", "as_json", is_flag=True)
@friendly
def place_read(text: str, as_json: bool) -> None:
    from .client import GeoRisk, check_questions

    check_questions([text])
    with GeoRisk.connect(settings()) as georisk:
        [reading] = georisk.read([text])
        taken = [*reading.places, *reading.context]
        considered = [c for c in reading.names_considered
                      if not any(p.start == c.start and p.end == c.end and p.id == c.entry.id for p in taken)]
    if as_json:
        click.echo(json.dumps({
            "text": text, "read_as": reading.read_as,
            "places": [p.to_dict() for p in reading.places], "context": [p.to_dict() for p in reading.context],
            "unplaced": list(reading.unplaced), "scopes": list(reading.scopes),
            "considered": [_considered(c) for c in considered]}, indent=2, ensure_ascii=False))
        return
    if reading.read_as != text:
        click.echo(f"read as: {reading.read_as}")
    if not (reading.places or reading.context or reading.unplaced):
        click.echo("no places found")
    for p in reading.places:
        click.echo(f"{p.surface!r} -> {p.name} ({p.level}) [{p.id}]: {p.method}, {p.confidence:.2f}; {p.reason}")
    for p in reading.context:
        click.echo(f"context: {p.surface!r} -> {p.name} ({p.level}) [{p.id}]: named only to locate or contrast")
    for scope in reading.scopes:
        click.echo(f"scope: {scope}")
    if reading.unplaced:
        click.echo("not placed: " + ", ".join(repr(name) for name in reading.unplaced))
    for c in sorted(considered, key=lambda c: -(c.probability or 0.0))[:10]:
        click.echo(f"considered: {c.surface!r} -> {c.entry.name} ({c.entry.level}, {c.entry.state_usps or '-'}): "
                   f"{c.method}, name model {c.probability:.2f}, not read as a place")


def _considered(c: Any) -> dict[str, Any]:
    return {"surface": c.surface, "start": c.start, "end": c.end, "id": c.entry.id, "name": c.entry.name,
            "level": c.entry.level, "state": c.entry.state_usps, "method": c.method,
            "probability": round(c.probability or 0.0, 3)}


@place_group.command("resolve", help="Find and resolve the places named in TEXT (recognition and resolution alone, "
                                     "as ingestion reads documents).")
@click.argument("text")
@click.option("--json", "as_json", is_flag=True)
@friendly
def place_resolve(text: str, as_json: bool) -> None:
    from .places import Gazetteer, PlaceResolver

    with connected_graph(apply_schema=False) as graph:
        resolver = PlaceResolver.load(Gazetteer.from_graph(graph))
    [resolution] = resolver.resolve([text])
    if as_json:
        click.echo(json.dumps({
            "text": text, "places": list(resolution.places),
            "mentions": [{
                "surface": m.surface, "start": m.start, "end": m.end, "place_id": m.place_id,
                "confidence": round(m.confidence, 3), "method": m.method, "reason": m.reason,
                "candidates": [{"id": c.place_id, "name": c.name, "level": c.level, "state": c.state_usps,
                                "score": round(c.score, 3)} for c in m.candidates[:10]],
            } for m in resolution.mentions],
        }, indent=2))
        return
    if not resolution.mentions:
        click.echo("no places found")
    for m in resolution.mentions:
        chosen = m.place_id or "UNRESOLVED"
        click.echo(f"{m.surface!r} [{m.start}:{m.end}] -> {chosen} ({m.method}, {m.confidence:.2f}): {m.reason}")
