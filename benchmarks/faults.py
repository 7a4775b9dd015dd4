"""`georisk bench faults`: two faults on a throwaway local server, and what the product does about them.

The kill: `georisk ingest` of a JSON Lines file, whose server's JVM is killed with SIGKILL (as the
kernel's out-of-memory killer or a power cut would) as one of its batches is embedded. The run must
end soon after, exit 1 and name every document it did not write; after a restart the same command
writes exactly those, so the graph holds every document once, each with the chunks its text makes,
and no chunk without its document.

The restart: a connected GeoRisk answers a question, its server is stopped, the same client asks
again (a clear error within seconds, never a hang), the server is started again, and the same
client gives the same answer (decision and cited passages) without being reconnected by hand.

Both scenarios run on a tiny geography (the United States, New Mexico, one county, one city, one
forest), so the command takes under two minutes. They take a started server, so the tests run them on
servers of their own, and the command on one throwaway server in a temporary folder: never the
user's server.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import signal
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from .ingest import free_port
from .load import fingerprint

NODES = (
    "node_id,qid,label,aliases,level,instance_of,state_usps,population\n"
    "Q30,Q30,United States,USA,country,country,,331000000\n"
    "Q1522,Q1522,New Mexico,NM|N.M.,state,U.S. state,NM,2113000\n"
    "Q156297,Q156297,Bernalillo County,Bernalillo Co.,county,county,NM,676000\n"
    "Q34804,Q34804,Albuquerque,\"Albuquerque, NM\",place,city,NM,562000\n"
    "usfs:Cibola,,Cibola National Forest,,protected_area,national forest,NM,\n"
)
EDGES = (
    "child_id,parent_id,relation,method,primary,share,source\n"
    "Q1522,Q30,located_in,definition,1,,benchmark\n"
    "Q156297,Q1522,located_in,fips_prefix,1,,benchmark\n"
    "Q34804,Q156297,located_in,census_list,1,,benchmark\n"
    "usfs:Cibola,Q156297,located_in_or_overlaps,polygon_intersection,0,0.2,benchmark\n"
)
ALBUQUERQUE = (
    "Crews from Bernalillo County responded to a grass fire on the west side of Albuquerque on Tuesday. "
    "The fire burned 40 acres near the river before it was contained. Evacuation orders for nearby homes "
    "were lifted in the evening. "
    "Separately, the state forestry division reminded residents that open burning requires a permit. "
    "Burn permits in New Mexico are issued by the local fire department during the fire season."
)
QUESTION = "Do I need a permit for open burning in New Mexico?"
# How long a killed JVM may take to disappear from the process table before the scenario goes on.
KILL_WAIT_SECONDS = 30.0


def tiny_world(graph: Any, folder: Path) -> Any:
    """The schema and the five-place geography in ``graph`` (tables written to ``folder``); returns a
    place resolver over it."""
    from georisk_graph.loaders.geography import load_tables
    from georisk_graph.places import Gazetteer, PlaceResolver

    folder.mkdir(parents=True, exist_ok=True)
    nodes, edges = folder / "nodes.csv.gz", folder / "edges.csv"
    with gzip.open(nodes, "wt") as handle:
        handle.write(NODES)
    edges.write_text(EDGES)
    graph.apply_schema()
    load_tables(graph, nodes, edges)
    return PlaceResolver.load(Gazetteer.from_graph(graph))


class KillingEmbedder:
    """The real model; on its ``at_call``-th call it first kills the server's JVM with SIGKILL and waits
    until the process is gone (``killed_at``, on the monotonic clock)."""

    def __init__(self, inner: Any, server: Any, at_call: int) -> None:
        self.inner, self.dimension, self.name = inner, inner.dimension, inner.name
        self.server, self.at_call, self.calls = server, at_call, 0
        self.killed_at: float | None = None

    def embed(self, texts: list[str]) -> Any:
        self.calls += 1
        if self.calls == self.at_call:
            pid = self.server.pid()
            if pid is not None:
                os.kill(pid, signal.SIGKILL)
            gone_by = time.monotonic() + KILL_WAIT_SECONDS
            while self.server.pid() is not None and time.monotonic() < gone_by:
                time.sleep(0.1)
            self.killed_at = time.monotonic()
        return self.inner.embed(texts)


@contextmanager
def _ingest_command_using(embedder: Any, resolver: Any, write_chunks: int) -> Iterator[None]:
    """`georisk ingest` builds its ingestor with ``Ingestor.load`` (the configured model, the gazetteer
    read from the graph); inside the block it gets one over ``embedder`` and ``resolver``, so the fault
    happens inside the very command a user runs, with its own batching, report and exit status."""
    from georisk_graph.ingest.pipeline import Ingestor

    original = Ingestor.__dict__["load"]
    Ingestor.load = classmethod(  # type: ignore[method-assign]
        lambda cls, graph, **options: cls(graph, embedder, resolver, write_chunks=write_chunks, **options))
    try:
        yield
    finally:
        Ingestor.load = original  # type: ignore[method-assign]


def _georisk_ingest(server: Any, lines: Path, batch: int) -> dict[str, Any]:
    """``georisk ingest LINES --batch-size BATCH`` against ``server``: exit status, output, times."""
    from click.testing import CliRunner

    from georisk_graph.cli import main

    env = {**server.env(), "NEO4J_DATABASE": server.settings.neo4j_database}
    started = time.monotonic()
    result = CliRunner().invoke(main, ["ingest", str(lines), "--batch-size", str(batch)], env=env)
    ended = time.monotonic()
    crash = result.exception if not isinstance(result.exception, (SystemExit, type(None))) else None
    return {"exit_status": result.exit_code, "stdout": result.stdout, "output": result.output,
            "crash": None if crash is None else f"{type(crash).__name__}: {crash}",
            "started": started, "ended": ended}


def _summary(stdout: str, label: str) -> int | None:
    """A count from the ingestion summary, e.g. ``documents ingested: 1,240``."""
    found = re.search(rf"^{re.escape(label)}:\s+([\d,]+)", stdout, re.MULTILINE)
    return int(found.group(1).replace(",", "")) if found else None


def kill_mid_ingest(server: Any, embedder: Any, folder: Path, *, documents: int = 120, batch: int = 20,
                    kill_at_call: int = 4, resolver: Any = None) -> dict[str, Any]:
    """Ingest ``documents`` short updates with `georisk ingest` in batches of ``batch`` (each written
    as it is prepared) into the started ``server``, killing its JVM at the model's ``kill_at_call``-th
    call (one call per batch of one-sentence texts); then start the server again and run the same
    command. Without a ``resolver`` (one over the tiny world already in the graph), the world is
    loaded first. Returns the figures, with both runs' output under ``transcripts``."""
    from georisk_graph import Graph
    from georisk_graph.ingest.pipeline import Ingestor

    folder.mkdir(parents=True, exist_ok=True)
    texts = [f"Update {n}: crews contained a grass fire near Albuquerque in Bernalillo County."
             for n in range(documents)]
    ids = [f"u{n:03d}" for n in range(documents)]
    with Graph(server.settings) as graph:
        if resolver is None:
            resolver = tiny_world(graph, folder)
        expected = {f"jsonl:{i}": len(chunks)
                    for i, chunks in zip(ids, Ingestor(graph, embedder, resolver).chunker.chunk(texts))}
    lines = folder / "updates.jsonl"
    lines.write_text("".join(json.dumps({"id": i, "scope": ["Q1522"], "text": t}) + "\n"
                             for i, t in zip(ids, texts)))

    killer = KillingEmbedder(embedder, server, kill_at_call)
    with _ingest_command_using(killer, resolver, batch):
        run = _georisk_ingest(server, lines, batch)
    started = time.monotonic()
    server.start()
    restart_seconds = time.monotonic() - started
    with Graph(server.settings) as graph:
        written = graph.run("bench_fault_counts")[0]["documents"]
    with _ingest_command_using(embedder, resolver, batch):
        rerun = _georisk_ingest(server, lines, batch)
    with Graph(server.settings) as graph:
        after = graph.run("bench_fault_counts")[0]

    stored = {row["id"]: row["chunks"] for row in after["per_document"]}
    named = [line.strip() for line in run["stdout"].splitlines() if line.startswith("  jsonl:")]
    killed_at = killer.killed_at
    return {
        "documents": documents, "batch": batch, "killed_at_call": kill_at_call, "killed": killed_at is not None,
        "written_before_kill": written,
        "reported_written": _summary(run["stdout"], "documents ingested"),
        "named_not_written": len(named), "not_written": named,
        "run_seconds": round(run["ended"] - run["started"], 2),
        "seconds_from_kill_to_end": None if killed_at is None else round(run["ended"] - killed_at, 2),
        "exit_status": run["exit_status"], "crash": run["crash"],
        "restart_seconds": round(restart_seconds, 2),
        "rerun": {"exit_status": rerun["exit_status"], "crash": rerun["crash"],
                  "seconds": round(rerun["ended"] - rerun["started"], 2),
                  "ingested": _summary(rerun["stdout"], "documents ingested"),
                  "skipped": _summary(rerun["stdout"], "skipped")},
        "after": {
            "documents": after["documents"], "chunks": after["chunks"], "chunk_ids": after["ids"],
            "orphan_chunks": after["orphans"],
            # A Document id is unique (a constraint), so a document written twice shows as extra chunks.
            "duplicate_chunk_ids": after["chunks"] - after["ids"],
            "documents_with_other_chunk_counts": sum(1 for i, n in stored.items() if expected.get(i) != n),
            "documents_missing": sum(1 for i in expected if i not in stored),
            "expected_chunks": sum(expected.values()),
        },
        "transcripts": {"run": {"stdout": run["stdout"], "output": run["output"]},
                        "rerun": {"stdout": rerun["stdout"], "output": rerun["output"]}},
    }


def restart_under_client(server: Any, embedder: Any, folder: Path, *, question: str = QUESTION,
                         resolver: Any = None) -> dict[str, Any]:
    """On the started ``server`` (the tiny world, unless a ``resolver`` says it is there, and one
    Albuquerque report added): a connected GeoRisk asks ``question``, the server is stopped, the
    client asks again, the server is started again and the client asks once more. Returns the error
    of the ask while stopped, how long each step took, and whether the answer after the restart is
    the one before."""
    from georisk_graph import GeoRisk, Graph
    from georisk_graph.ingest.pipeline import Ingestor
    from georisk_graph.documents import SourceDocument

    with Graph(server.settings) as graph:
        if resolver is None:
            resolver = tiny_world(graph, folder)
        document = SourceDocument(id="abq", title="Albuquerque grass fire", text=ALBUQUERQUE, source="jsonl",
                                  scope=("Q1522",), scope_basis="stated in the benchmark")
        report = Ingestor(graph, embedder, resolver).ingest([document])
    error: Exception | None = None
    after_error: Exception | None = None
    after = None
    with GeoRisk.connect(server.settings) as georisk:
        before = georisk.ask(question)
        started = time.monotonic()
        server.stop()
        stop_seconds = time.monotonic() - started
        started = time.monotonic()
        try:
            georisk.ask(question)
        except Exception as err:  # whatever the client raises is the result, reported by type
            error = err
        to_error = time.monotonic() - started
        started = time.monotonic()
        server.start()
        start_seconds = time.monotonic() - started
        started = time.monotonic()
        try:
            after = georisk.ask(question)
        except Exception as err:  # as above: a client that does not recover is a result too
            after_error = err
        first_ask = time.monotonic() - started
    message = "" if error is None else str(error)
    return {
        "world": {"documents": report.documents, "failed": len(report.failed)},
        "question": question,
        "before": {**fingerprint(before), "answer": before.answer},
        "stop_seconds": round(stop_seconds, 2),
        "error": None if error is None else {
            "type": type(error).__name__, "first_line": message.splitlines()[0] if message else "",
            "message": message, "uri": getattr(error, "uri", None)},
        "seconds_from_stop_to_error": round(to_error, 2),
        "start_seconds": round(start_seconds, 2),
        "first_ask_seconds_after_start": round(first_ask, 2),
        "after": None if after is None else {**fingerprint(after), "answer": after.answer},
        "after_error": None if after_error is None else f"{type(after_error).__name__}: {after_error}",
        "same_answer": after is not None and fingerprint(after) == fingerprint(before),
        "same_text": after is not None and after.answer == before.answer,
    }


@contextmanager
def throwaway_server(settings: Any) -> Iterator[tuple[Any, Path]]:
    """A started local server in a new temporary folder on free ports, and a folder for the scenarios'
    files; stopped and deleted afterwards."""
    from georisk_graph.server import LocalServer

    with tempfile.TemporaryDirectory(prefix="georisk-faults-") as home:
        # The NEO4J_* connection settings may name the user's own server; this one has its own password.
        local = settings.with_(neo4j_uri=None, neo4j_user="neo4j", neo4j_password=None, neo4j_database="neo4j",
                               home=Path(home) / "home", bolt_port=free_port(), http_port=free_port())
        server = LocalServer(local)
        server.install()
        server.start()
        try:
            yield server, Path(home) / "scenarios"
        finally:
            server.stop()


def run_faults(settings: Any) -> dict[str, Any]:
    """Both scenarios, one after the other, on one throwaway server: the figures, without transcripts."""
    from georisk_graph import Graph
    from georisk_graph.embeddings import embedder_from_settings

    started = time.monotonic()
    embedder = embedder_from_settings(settings)
    with throwaway_server(settings) as (server, folder):
        with Graph(server.settings) as graph:
            resolver = tiny_world(graph, folder)  # once: loading the place recognizer takes seconds
        kill = kill_mid_ingest(server, embedder, folder / "kill", resolver=resolver)
        restart = restart_under_client(server, embedder, folder / "restart", resolver=resolver)
    named = kill.pop("not_written")
    kill.pop("transcripts")
    kill["first_named"], kill["last_named"] = (named[0], named[-1]) if named else (None, None)
    return {"kill": kill, "restart": restart, "wall_seconds": round(time.monotonic() - started, 1)}


def format_faults(r: dict[str, Any]) -> str:
    k, s = r["kill"], r["restart"]
    after, rerun = k["after"], k["rerun"]
    killed = (f"the run ended {k['seconds_from_kill_to_end']} s after the kill" if k["killed"]
              else "the server was never killed (fewer batches than the kill point)")
    lines = [
        f"Server killed (SIGKILL) during `georisk ingest`: {k['documents']} documents in batches of {k['batch']}, "
        f"killed at the model's call {k['killed_at_call']}",
        f"  written before the kill:     {k['written_before_kill']} (the run reported {k['reported_written']})",
        f"  named as not written:        {k['named_not_written']}"
        + (f" ({k['first_named']} ... {k['last_named']})" if k["first_named"] else ""),
        f"  {killed}, exit status {k['exit_status']}" + (f"; it crashed: {k['crash']}" if k["crash"] else ""),
        f"  after a restart ({k['restart_seconds']} s), the same command: exit status {rerun['exit_status']}, "
        f"{rerun['ingested']} written, {rerun['skipped']} skipped, in {rerun['seconds']} s",
        f"  in the graph: {after['documents']} documents, {after['chunks']} chunks ({after['expected_chunks']} "
        f"expected), orphan chunks {after['orphan_chunks']}, duplicate chunk ids {after['duplicate_chunk_ids']}, "
        f"documents with another chunk count than their text's {after['documents_with_other_chunk_counts']}, "
        f"documents missing {after['documents_missing']}",
        "Server stopped and started again under a connected GeoRisk:",
        f"  before: {s['before']['decision']}, citing {len(s['before']['chunks'])} passage(s)",
    ]
    error = s["error"]
    lines.append(f"  ask while stopped ({s['stop_seconds']} s to stop): "
                 + ("answered: no error" if error is None else f"{error['type']} after {s['seconds_from_stop_to_error']} s"))
    if error is not None:
        lines.append(f"    {error['first_line']}")
    lines.append(f"  started again in {s['start_seconds']} s; the first ask took {s['first_ask_seconds_after_start']} s"
                 + (f" and failed: {s['after_error']}" if s["after_error"] else ""))
    lines.append(f"  same decision and citations as before: {'yes' if s['same_answer'] else 'NO'}; "
                 f"same answer text: {'yes' if s['same_text'] else 'NO'}")
    lines.append(f"wall time: {r['wall_seconds']} s")
    return "\n".join(lines)
