"""Which county a point lies in: incident reports carry coordinates, and a fire burns in a county.

The county shapes are the U.S. atlas TopoJSON of the shared geography folder (the one the coverage
map draws); a county's node id comes from the geography table's ``county_fips`` column. The atlas
keeps outer rings only, so a county with an enclave (an independent city inside a Virginia county)
contains the enclave's points too: the smallest shape holding a point is the one it lies in.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from georisk_graph.coverage_map import ATLAS_FILE, load_atlas
from georisk_graph.settings import default_geo_dir

from .geography import GEO_NODES_FILE, read_table


@dataclass(frozen=True)
class _Shape:
    place_id: str
    ring: np.ndarray  # (n, 2) longitude, latitude
    box: tuple[float, float, float, float]  # min lon, min lat, max lon, max lat
    area: float


class CountyLocator:
    """County node ids by longitude and latitude. Build it with :meth:`from_files`."""

    def __init__(self, shapes: list[_Shape]) -> None:
        self._shapes = sorted(shapes, key=lambda s: s.area)
        self._boxes = np.array([s.box for s in self._shapes]) if shapes else np.zeros((0, 4))

    @classmethod
    def from_files(cls, geo_dir: str | Path | None = None) -> "CountyLocator":
        """Shapes from ``raw/us-atlas_counties-10m.json.gz``, ids from ``us_geo_nodes.csv.gz``."""
        geo_dir = Path(geo_dir) if geo_dir is not None else default_geo_dir()
        by_fips: dict[str, str] = {}
        for _, row in read_table(geo_dir / GEO_NODES_FILE, ("node_id", "level", "county_fips")):
            if row["level"] == "county" and row["county_fips"]:
                by_fips[row["county_fips"]] = row["node_id"]
        shapes = []
        for fips, rings in load_atlas(geo_dir / ATLAS_FILE)["counties"].items():
            place_id = by_fips.get(fips.zfill(5))
            if place_id is None:
                continue
            for ring in rings:
                lon, lat = ring[:, 0], ring[:, 1]
                area = abs(float(np.dot(lon, np.roll(lat, 1)) - np.dot(lat, np.roll(lon, 1)))) / 2
                shapes.append(_Shape(place_id, ring, (lon.min(), lat.min(), lon.max(), lat.max()), area))
        return cls(shapes)

    def locate(self, longitude: float, latitude: float) -> str | None:
        """The node id of the county holding the point, or None (at sea, abroad, or no coordinates)."""
        if not (np.isfinite(longitude) and np.isfinite(latitude)) or not len(self._boxes):
            return None
        b = self._boxes
        inside_box = np.nonzero((b[:, 0] <= longitude) & (longitude <= b[:, 2])
                                & (b[:, 1] <= latitude) & (latitude <= b[:, 3]))[0]
        for index in inside_box:  # smallest first
            shape = self._shapes[index]
            if _inside(shape.ring, longitude, latitude):
                return shape.place_id
        return None


def _inside(ring: np.ndarray, x: float, y: float) -> bool:
    """Even-odd rule: a ray to the east crosses the ring's border an odd number of times."""
    x1, y1 = ring[:, 0], ring[:, 1]
    x2, y2 = np.roll(x1, -1), np.roll(y1, -1)
    straddles = (y1 > y) != (y2 > y)
    with np.errstate(divide="ignore", invalid="ignore"):
        crossing = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
    return bool(np.count_nonzero(straddles & (x < crossing)) % 2)
