"""A PNG map of what the graph holds per state and county: guidance, incident reports only, or nothing.

The shapes come from the U.S. atlas TopoJSON in the shared geography folder (``raw/us-atlas_counties-10m
.json.gz``: ``states`` and ``counties`` objects keyed by FIPS code). TopoJSON stores each border once,
as an *arc* of quantized, delta-encoded points; a polygon lists the arcs around it (``~i`` means arc
``i`` reversed). :func:`load_atlas` decodes that into rings of longitude/latitude, and the map draws
them in an Albers equal-area projection: the lower 48 states, with Alaska and Hawaii as insets.
"""

from __future__ import annotations

import gzip
import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Mapping

import numpy as np

from .optional import require
from .settings import default_geo_dir

GUIDANCE, INCIDENTS_ONLY, NOTHING = "guidance", "incident reports only", "nothing"
COLOURS = {GUIDANCE: "#1b7837", INCIDENTS_ONLY: "#f4a259", NOTHING: "#e5e5e5"}
ATLAS_FILE = Path("raw") / "us-atlas_counties-10m.json.gz"
ALASKA, HAWAII = "02", "15"
# American Samoa, Guam, Northern Mariana Islands, Puerto Rico, U.S. Virgin Islands: off these maps.
TERRITORIES = {"60", "66", "69", "72", "78"}


@dataclass(frozen=True)
class Albers:
    """Albers equal-area conic projection (degrees in, unit-sphere coordinates out)."""

    lon0: float
    lat0: float
    parallel1: float
    parallel2: float

    def __call__(self, lon: np.ndarray, lat: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        phi1, phi2, phi0 = np.radians([self.parallel1, self.parallel2, self.lat0])
        n = (np.sin(phi1) + np.sin(phi2)) / 2
        c = np.cos(phi1) ** 2 + 2 * n * np.sin(phi1)
        rho0 = np.sqrt(c - 2 * n * np.sin(phi0)) / n
        rho = np.sqrt(c - 2 * n * np.sin(np.radians(lat))) / n
        theta = n * np.radians(lon - self.lon0)
        return rho * np.sin(theta), rho0 - rho * np.cos(theta)


LOWER_48 = Albers(-96.0, 37.5, 29.5, 45.5)
ALASKA_PROJECTION = Albers(-154.0, 50.0, 55.0, 65.0)
HAWAII_PROJECTION = Albers(-157.0, 13.0, 8.0, 18.0)


def default_atlas() -> Path:
    return default_geo_dir() / ATLAS_FILE


def _decode_arcs(topology: Mapping[str, Any]) -> list[np.ndarray]:
    """Every arc as an (n, 2) array of longitude, latitude."""
    scale = np.asarray(topology["transform"]["scale"], dtype=float)
    translate = np.asarray(topology["transform"]["translate"], dtype=float)
    # Each point after the first is a step from the one before, in quantized units.
    return [np.cumsum(np.asarray(arc, dtype=float), axis=0) * scale + translate for arc in topology["arcs"]]


def _ring(indexes: Iterable[int], arcs: list[np.ndarray]) -> np.ndarray:
    parts = []
    for position, index in enumerate(indexes):
        points = arcs[index] if index >= 0 else arcs[~index][::-1]
        # Consecutive arcs share their joining point; keep it once.
        parts.append(points if position == 0 else points[1:])
    return np.concatenate(parts)


def load_atlas(path: Path | None = None) -> dict[str, dict[str, list[np.ndarray]]]:
    """``{"states": {fips: [ring, ...]}, "counties": {...}}``; each ring an (n, 2) lon/lat array.
    Only outer rings are kept: holes of one shape are other shapes, drawn on top (smaller last)."""
    with gzip.open(path or default_atlas(), "rt") as handle:
        topology = json.load(handle)
    arcs = _decode_arcs(topology)
    shapes: dict[str, dict[str, list[np.ndarray]]] = {}
    for name in ("states", "counties"):
        by_fips: dict[str, list[np.ndarray]] = {}
        for geometry in topology["objects"][name]["geometries"]:
            if geometry["type"] == "Polygon":
                polygons = [geometry["arcs"]]
            elif geometry["type"] == "MultiPolygon":
                polygons = geometry["arcs"]
            else:
                continue
            by_fips.setdefault(str(geometry["id"]), []).extend(_ring(p[0], arcs) for p in polygons)
        shapes[name] = by_fips
    return shapes


def category(row: Mapping[str, Any] | None) -> str:
    """guidance when any statute or guidance document covers it, else incident reports only, else nothing."""
    if row and (row.get("guidance") or 0) > 0:
        return GUIDANCE
    if row and (row.get("incident_reports") or 0) > 0:
        return INCIDENTS_ONLY
    return NOTHING


def _area(ring: np.ndarray) -> float:
    x, y = ring[:, 0], ring[:, 1]
    return abs(float(np.dot(x, np.roll(y, 1)) - np.dot(y, np.roll(x, 1)))) / 2


def _draw(ax: Any, shapes: Mapping[str, list[np.ndarray]], colours: Mapping[str, str], project: Albers,
          *, edge: str, line_width: float) -> None:
    from matplotlib.collections import PolyCollection

    polygons = []
    for fips, rings in shapes.items():
        for ring in rings:
            lon = ring[:, 0]
            if fips[:2] == ALASKA:
                lon = np.where(lon > 0, lon - 360, lon)  # the Aleutians cross the 180th meridian
            x, y = project(lon, ring[:, 1])
            polygons.append((np.column_stack([x, y]), colours[fips]))
    polygons.sort(key=lambda item: -_area(item[0]))  # enclosed shapes (independent cities) on top
    ax.add_collection(PolyCollection([p for p, _ in polygons], facecolors=[c for _, c in polygons],
                                      edgecolors=edge, linewidths=line_width))
    ax.autoscale_view()
    ax.set_aspect("equal")
    ax.set_axis_off()


def _panel(fig: Any, rect: tuple[float, float, float, float], title: str,
           fill: Mapping[str, list[np.ndarray]], fill_colours: Mapping[str, str],
           borders: Mapping[str, list[np.ndarray]] | None, line_width: float) -> None:
    """One map: the lower 48 in ``rect`` (figure fractions), Alaska and Hawaii inset at its lower left."""
    left, bottom, width, height = rect
    parts = [
        (LOWER_48, [left, bottom, width, height], lambda f: f[:2] not in (ALASKA, HAWAII)),
        (ALASKA_PROJECTION, [left, bottom, width * 0.2, height * 0.3], lambda f: f[:2] == ALASKA),
        (HAWAII_PROJECTION, [left + width * 0.21, bottom, width * 0.12, height * 0.18], lambda f: f[:2] == HAWAII),
    ]
    for index, (project, box, keep) in enumerate(parts):
        ax = fig.add_axes(box)
        shown = {f: r for f, r in fill.items() if keep(f) and f in fill_colours}
        _draw(ax, shown, fill_colours, project, edge="white", line_width=line_width)
        if borders:
            outline = {f: r for f, r in borders.items() if keep(f) and f[:2] not in TERRITORIES}
            _draw(ax, outline, {f: "none" for f in outline}, project, edge="#333333", line_width=0.4)
        if index == 0:
            ax.set_title(title, fontsize=12)


def plot_coverage(rows_states: Iterable[Mapping[str, Any]], rows_counties: Iterable[Mapping[str, Any]],
                  path: str | Path, *, atlas: Mapping[str, Mapping[str, list[np.ndarray]]] | None = None,
                  title: str = "What the graph holds") -> Path:
    """Write a PNG with two maps, states and counties, each shaded guidance / incident reports only /
    nothing. Rows carry ``fips`` (or ``state_fips`` / ``county_fips`` / ``census_geoid``), ``guidance``
    and ``incident_reports``; shapes without a row count as nothing."""
    require("matplotlib", "plots", "the coverage map")
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.patches import Patch

    shapes = atlas or load_atlas()

    def by_fips(rows: Iterable[Mapping[str, Any]], key: str) -> dict[str, str]:
        found = {}
        for row in rows:
            fips = row.get("fips") or row.get(key) or row.get("census_geoid")
            if fips:
                found[str(fips)] = category(row)
        return found

    found_states = by_fips(rows_states, "state_fips")
    found_counties = by_fips(rows_counties, "county_fips")
    state_category = {f: found_states.get(f, NOTHING) for f in shapes["states"] if f[:2] not in TERRITORIES}
    county_category = {f: found_counties.get(f, NOTHING) for f in shapes["counties"]
                       if f[:2] not in TERRITORIES}
    state_colours = {f: COLOURS[c] for f, c in state_category.items()}
    county_colours = {f: COLOURS[c] for f, c in county_category.items()}

    fig = Figure(figsize=(11, 13), dpi=110)
    FigureCanvasAgg(fig)
    fig.suptitle(title, fontsize=15)
    _panel(fig, (0.02, 0.52, 0.96, 0.42), "States", shapes["states"], state_colours, None, 0.6)
    _panel(fig, (0.02, 0.05, 0.96, 0.42), "Counties", shapes["counties"], county_colours,
           shapes["states"], 0.1)
    states, counties = Counter(state_category.values()), Counter(county_category.values())
    handles = [Patch(facecolor=COLOURS[c], edgecolor="#999999",
                     label=f"{c}: {states[c]} states, {counties[c]} counties")
               for c in (GUIDANCE, INCIDENTS_ONLY, NOTHING)]
    fig.legend(handles=handles, loc="lower center", ncol=3, frameon=False, fontsize=10)
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, format="png")
    return path


def coverage_map(graph: Any, path: str | Path, *, atlas_path: Path | None = None) -> Path:
    """Query the graph (cypher/coverage_map.cypher) and write the map to ``path``."""
    rows = graph.run("coverage_map", levels=None, guidance_types=None)
    states = [r for r in rows if r["kind"] == "state"]
    counties = [r for r in rows if r["kind"] == "county"]
    return plot_coverage(states, counties, path, atlas=load_atlas(atlas_path) if atlas_path else None)
