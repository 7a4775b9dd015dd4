"""Installed as a package, GeoRisk-Graph has all of itself: a wheel built from the source tree holds every
module and every data file, the top-level folders mapped into the package."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[1]
# Folder of the repository -> where it lands in the wheel.
INSTALLED_AS = {
    "georisk_graph": "georisk_graph",
    "cypher": "georisk_graph/cypher",
    "loaders": "georisk_graph/loaders",
    "benchmarks": "georisk_graph/benchmarks",
    "browser": "georisk_graph/browser_assets",
}
SHIPPED = {".py", ".cypher", ".jsonl", ".html", ".grass"}


def shipped_files() -> set[str]:
    """Every module and data file of the source tree, named as in the wheel."""
    found = set()
    for folder, target in INSTALLED_AS.items():
        for path in (REPOSITORY / folder).rglob("*"):
            if "__pycache__" in path.parts or not path.is_file():
                continue
            if path.suffix in SHIPPED or (folder == "benchmarks" and path.suffix == ".md"):
                found.add(f"{target}/{path.relative_to(REPOSITORY / folder).as_posix()}")
    return found


def test_the_build_needs_a_setuptools_that_reads_the_license_field():
    project = tomllib.loads((REPOSITORY / "pyproject.toml").read_text())
    assert project["project"]["license"] == "Apache-2.0"
    assert project["build-system"]["requires"] == ["setuptools>=77"]
    assert "packages" not in project["tool"]["setuptools"], "packages are found, not listed"


@pytest.mark.slow
def test_the_wheel_holds_every_module_and_data_file(tmp_path):
    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(REPOSITORY / name, source / name)
    for folder in INSTALLED_AS:  # a copy, so the build leaves nothing in the checkout
        shutil.copytree(REPOSITORY / folder, source / folder,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info"))
    # Without build isolation the test runs offline, on this environment's setuptools.
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--quiet",
                    "-w", str(tmp_path / "dist"), str(source)], check=True, timeout=600)
    [wheel] = (tmp_path / "dist").glob("georisk_graph-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        entry_points = next(archive.read(n).decode() for n in names if n.endswith(".dist-info/entry_points.txt"))
    expected = shipped_files()
    assert {"georisk_graph/evaluation/runner.py", "georisk_graph/cypher/retrieve.cypher",
            "georisk_graph/benchmarks/qa/questions.jsonl", "georisk_graph/browser_assets/guide.html",
            "georisk_graph/loaders/geography.py"} <= expected
    assert sorted(expected - names) == []
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
    assert "georisk = georisk_graph.cli:main" in entry_points
