"""`georisk ingest --ray` on a real local Ray cluster started here (one head node, 2 CPUs, so 2
workers): the graph it writes equals a local run's, and a worker killed mid-run costs nothing that a
re-run does not finish exactly."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from itertools import islice
from pathlib import Path

import pytest

from georisk_graph.ingest.digest import graph_digest

from ..servers import free_port
from ..ingested import assert_same_graph, forget_documents, sample_versions, stored

pytest.importorskip("ray", reason="Ray is the `ray` extra (make setup installs it)")

SAMPLE = 24
# Every command here is stopped after this long: a test never waits on a cluster without a limit.
COMMAND_SECONDS = 600
RAY_ENV = {"RAY_AUTH_MODE": "disabled"}


def _processes_under(marker: str) -> list[int]:
    """Pids of the processes whose command line names ``marker`` (this cluster's temp folder), and of
    their children (the workers, renamed ray::...)."""
    found: list[int] = []
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        parents[int(entry.name)] = ppid
        if marker in cmdline:
            found.append(int(entry.name))
    roots = set(found)
    return found + [pid for pid, ppid in parents.items() if ppid in roots and pid not in roots]


def _command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


@pytest.fixture(scope="module")
def ray_cluster():
    """A local Ray head node with 2 CPUs and a small object store, in a temp folder of its own; stopped
    by killing exactly its own processes (``ray stop`` would stop every cluster on the machine)."""
    temp = tempfile.mkdtemp(prefix="gr-ray-", dir="/tmp")  # short: Ray's socket paths must fit 107 bytes
    port = free_port()
    ray = str(Path(sys.executable).with_name("ray"))
    # Ray's memory monitor kills workers when the whole machine is short of memory, whoever uses it:
    # on a machine shared with other work that is a failure of the neighbours, not of this code.
    # Token authentication is left off explicitly: Ray turns it on by itself when a token file from
    # another cluster is in ~/.ray, and the cluster listens on 127.0.0.1 only.
    env = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0", "RAY_memory_monitor_refresh_ms": "0", **RAY_ENV}
    started = subprocess.run(
        [ray, "start", "--head", "--node-ip-address=127.0.0.1", f"--port={port}", "--num-cpus=2", "--num-gpus=0",
         "--object-store-memory=100000000", "--include-dashboard=false", f"--temp-dir={temp}",
         "--disable-usage-stats"], env=env, capture_output=True, text=True, timeout=180)
    try:
        assert started.returncode == 0, started.stdout + started.stderr
        yield f"127.0.0.1:{port}", temp
    finally:
        for sig in (signal.SIGTERM, signal.SIGKILL):
            for pid in _processes_under(temp):
                try:
                    os.kill(pid, sig)
                except ProcessLookupError:
                    pass
            time.sleep(2)
        shutil.rmtree(temp, ignore_errors=True)


@pytest.fixture
def local_run(real_geography):
    """The sample ingested by the local pipeline: what was stored, and the summary."""
    from georisk_graph.ingest.pipeline import Ingestor
    from georisk_graph.ingest.versions import VersionIngestor
    from georisk_graph.loaders.sources import documents_from

    graph = real_geography
    problems: list = []
    documents = list(islice(documents_from(["shared"], problems=problems), SAMPLE))
    forget_documents(graph)
    ingestor = Ingestor.load(graph, batch_size=4)
    report = ingestor.ingest(documents, problems=problems)
    ids = [d.id for d in documents]
    versions = VersionIngestor(graph, ingestor.embedder).ingest(sample_versions(ids))
    assert versions.versions > 0 and not versions.failed  # the sample holds InciWeb incidents with versions
    expected = stored(graph, ids)
    digest = graph_digest(graph)
    forget_documents(graph)
    return ids, report, expected, versions, digest


def _ingest(server, *args: str, wait: bool = True):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NEO4J_", "GEORISK_", "RAY_"))}
    env.update(GEORISK_HOME=str(server.settings.home), GEORISK_BOLT_PORT=str(server.settings.bolt_port), **RAY_ENV)
    command = [sys.executable, "-m", "georisk_graph.cli", "ingest", "shared", "--limit", str(SAMPLE), "--json", *args]
    if wait:
        return subprocess.run(command, env=env, capture_output=True, text=True, timeout=COMMAND_SECONDS)
    return subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_a_ray_run_writes_the_graph_of_a_local_run(ray_cluster, local_run, server, session_graph):
    address, _ = ray_cluster
    ids, report, expected, versions, digest = local_run
    done = _ingest(server, "--batch-size", "4", "--ray", address, "--workers", "2")
    assert done.returncode == 0, done.stderr
    assert "2 Ray workers on 1 node" in done.stderr
    summary = json.loads(done.stdout)
    local = report.to_dict()
    for key in ("documents", "chunks", "mentions", "places_mentioned", "unresolved_mentions", "skipped"):
        assert summary[key] == local[key], key
    assert sorted(map(str, summary["failed"])) == sorted(map(str, local["failed"]))
    assert summary["documents"] == SAMPLE
    written = summary["incident_versions"]
    assert (written["versions"], written["chunks"], written["failed"]) == (versions.versions, versions.chunks, [])
    assert_same_graph(expected, stored(session_graph, ids))
    assert graph_digest(session_graph) == digest  # what `georisk counts --digest` prints


def test_a_worker_killed_mid_run_is_finished_exactly_by_a_rerun(ray_cluster, local_run, server, session_graph):
    address, temp = ray_cluster
    ids, report, expected, _, _ = local_run
    run = _ingest(server, "--batch-size", "1", "--ray", address, "--workers", "2", wait=False)
    killed = None
    try:
        deadline = time.monotonic() + COMMAND_SECONDS
        while killed is None and time.monotonic() < deadline and run.poll() is None:
            written = session_graph.counts()["documents"]
            workers = [pid for pid in _processes_under(temp) if _command_line(pid).startswith("ray::DocumentWorker")]
            if written >= 2 and workers:
                os.kill(workers[0], signal.SIGKILL)
                killed = (workers[0], written)
            time.sleep(0.2)
        out, err = run.communicate(timeout=COMMAND_SECONDS)
    finally:
        if run.poll() is None:
            run.kill()
    assert killed is not None, "the run ended before a worker could be killed"
    assert killed[1] < SAMPLE, killed
    # Ray restarts the worker and retries its batch once; if it could not, the run names what it left.
    assert run.returncode == 0 or (run.returncode == 1 and "not written" in err), err
    rerun = _ingest(server, "--batch-size", "4", "--ray", address, "--workers", "2")
    assert rerun.returncode == 0, rerun.stderr
    summary = json.loads(rerun.stdout)
    assert summary["documents"] + summary["skipped"] == report.documents == SAMPLE
    assert not summary["failed"] and not summary["not_written"]
    counts = session_graph.counts()
    assert (counts["documents"], counts["chunks"]) == (SAMPLE, report.chunks)
    assert_same_graph(expected, stored(session_graph, ids))
