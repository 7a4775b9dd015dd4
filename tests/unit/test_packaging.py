"""Installed as a package, GeoRisk-Graph has all of itself: a wheel built from the source tree holds every
module and every data file, the top-level folders mapped into the package, and installed into a clean
virtual environment its commands run outside the checkout."""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[2]
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


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """A wheel built from a copy of the source tree (so the build leaves nothing in the checkout)."""
    tmp_path = tmp_path_factory.mktemp("wheel")
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
    [built] = (tmp_path / "dist").glob("georisk_graph-*.whl")
    return built


@pytest.mark.slow
def test_the_wheel_holds_every_module_and_data_file(wheel):
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


def test_the_library_declares_ranges_and_its_optional_parts_as_extras():
    project = tomllib.loads((REPOSITORY / "pyproject.toml").read_text())["project"]
    pinned = [d for d in project["dependencies"] if "==" in d]
    assert pinned == [], "a library people import takes compatible ranges; constraints.txt pins"
    extras = project["optional-dependencies"]
    assert {"langchain", "plots", "ollama", "all"} <= set(extras)
    assert any(d.startswith("pydantic") for d in extras["langchain"]), "georisk_graph.langchain imports pydantic"
    assert not any(d.startswith("neomodel") for d in project["dependencies"]), "nothing imports neomodel"
    constraints = (REPOSITORY / "constraints.txt").read_text().splitlines()
    assert any(line.startswith("neo4j==") for line in constraints)


@pytest.mark.slow
def test_the_wheel_installs_into_a_clean_venv_and_runs_outside_the_checkout(wheel, tmp_path):
    """The package comes from the wheel alone; its dependencies from this environment's site-packages,
    read through a .pth file (installing torch and the rest again would take gigabytes). `pip check`
    then holds the wheel's declared version ranges against those versions."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-deps",
                    "--no-index", str(wheel)], check=True, timeout=300)
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    (Path(site) / "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()

    def run(*args: str) -> str:
        done = subprocess.run(args, capture_output=True, text=True, cwd=elsewhere, timeout=300,
                              env={"PATH": str(venv / "bin"), "HOME": str(tmp_path)})
        assert done.returncode == 0, (args, done.stdout, done.stderr)
        return done.stdout

    installed = Path(run(str(python), "-c", "import georisk_graph; print(georisk_graph.__file__)").strip())
    assert installed.is_relative_to(venv) and not installed.is_relative_to(REPOSITORY)
    check = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "check"], capture_output=True,
                           text=True, timeout=300)
    assert check.returncode == 0, check.stdout + check.stderr
    georisk = str(venv / "bin" / "georisk")
    assert "--benchmark" in run(georisk, "eval", "--help")
    assert "--explain" in run(georisk, "ask", "--help")
    # Every other command imports and answers --help from the installed wheel (one interpreter for all).
    helps = run(str(python), "-c", "from click.testing import CliRunner; from georisk_graph.cli import main\n"
                "for name in sorted(main.commands):\n"
                "    result = CliRunner().invoke(main, [name, '--help'])\n"
                "    print(name, result.exit_code, result.output.startswith('Usage: main ' + name))")
    from georisk_graph.cli import main

    assert helps.split("\n")[:-1] == [f"{name} 0 True" for name in sorted(main.commands)]


def test_a_call_that_needs_a_missing_extra_names_it():
    from georisk_graph import ConfigurationError
    from georisk_graph.optional import installed, require

    assert installed("numpy") and not installed("georisk_no_such_package")
    with pytest.raises(ConfigurationError, match=r"the coverage map needs .*pip install 'georisk-graph\[plots\]'"):
        require("georisk_no_such_package", "plots", "the coverage map")
