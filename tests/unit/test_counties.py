"""Which county a point lies in, on the shared atlas: known places, an enclave, and the sea."""

from __future__ import annotations

import pytest

from georisk_graph.loaders.counties import CountyLocator


@pytest.fixture(scope="module")
def locator(shared_dir):
    return CountyLocator.from_files(shared_dir / "data/geo")


@pytest.mark.parametrize("where, lon, lat, county", [
    ("Los Angeles", -118.24, 34.05, "Q104994"),
    ("Spokane", -117.42, 47.66, "Q485276"),
    ("Paradise, California", -121.61, 39.76, "Q156181"),  # Butte County
    ("Honolulu", -157.86, 21.31, "Q487704"),
    ("Anchorage", -149.90, 61.22, "Q39450"),
    # Richmond is an independent city inside Henrico and Chesterfield's outer rings: the smaller shape wins.
    ("Richmond, Virginia", -77.43, 37.54, "Q43421"),
])
def test_known_points(locator, where, lon, lat, county):
    assert locator.locate(lon, lat) == county, where


def test_sea_and_missing_coordinates_have_no_county(locator):
    assert locator.locate(-130.0, 35.0) is None
    assert locator.locate(float("nan"), 40.0) is None
