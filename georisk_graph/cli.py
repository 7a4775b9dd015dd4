"""The ``georisk`` command line. Settings come from ``GEORISK_*`` and ``NEO4J_*`` variables."""

from __future__ import annotations

import json
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any, Callable

import click

from .cli_analyst import browser_group, cypher_group
from .cli_common import connected_graph, friendly, settings
from .cli_eval import eval_command, eval_diff_command, eval_models_command, perturb_command
from .cli_places import place_group
from .exceptions import ConfigurationError
from .ingest.pipeline import BATCH_DOCUMENTS
from .progress import Progress
from .server import LocalServer, find_java, is_installed
from .settings import Settings
from . import vector_health


@click.group(help="GeoRisk-Graph: geography-aware question answering over hazard documents in Neo4j.")
def main() -> None:
    # Written to a file or a pipe, each line of output is there at once, not at the end of the run.
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(line_buffering=True)


# -- neo4j ---------------------------------------------------------------------------------------
@main.group(help="The project's own local Neo4j Community server (not used when NEO4J_URI is set).")
def neo4j() -> None:
    pass


@neo4j.command(help="Resolve the server jars (and Neo4j Browser) from Maven Central; idempotent.")
@friendly
def install() -> None:
    s = settings()
    server = LocalServer(s)
    if not is_installed(s):
        click.echo(f"resolving Neo4j {s.neo4j_version} jars into {s.neo4j_lib} ...", err=True)
    if server.install(quiet=True):
        click.echo(f"installed Neo4j {s.neo4j_version} in {s.neo4j_lib}")
    else:
        click.echo(f"Neo4j {s.neo4j_version} already installed in {s.neo4j_lib}; nothing to do")
    java = find_java(s)
    click.echo(f"Java {java.version} for it: {java.executable} (found by {java.found_by})")


@neo4j.command(help="Start the local server (installing it first if needed) and wait for Bolt.")
@click.option("--timeout", type=float, default=None, help="Seconds to wait for Bolt (default from settings).")
@friendly
def start(timeout: float | None) -> None:
    from .exceptions import GeoRiskError
    from .graph import Graph

    s = settings()
    server = LocalServer(s)
    if server.install(quiet=True):
        click.echo(f"installed Neo4j {s.neo4j_version} in {s.neo4j_lib}", err=True)
    already = server.status().running
    if not already:
        java = find_java(s)
        click.echo(f"starting Neo4j {s.neo4j_version} on bolt://127.0.0.1:{s.bolt_port} with Java "
                   f"{java.version} ({java.executable}, found by {java.found_by}) ...", err=True)
    status = server.start(timeout=timeout)
    click.echo(("already running\n" if already else "") + status.describe())
    if not already:
        _warm(s)
    # the vector index checked on a graph with passages: an index that cannot find its own passages is said
    try:
        with Graph(s) as graph:
            health = vector_health.probe(graph)
    except GeoRiskError as err:
        click.echo(f"warning: the server is up, but checking its vector index failed ({err})", err=True)
        return
    if health is not None:
        click.echo(health.summary() if health.healthy else f"warning: {health.warning()}", err=True)


def _warm(s: Settings) -> None:
    """The local server just started plans the question queries and runs retrieval a few times, so that
    the first questions asked are answered as fast as later ones (README, "The local Neo4j"). The
    server is up either way: a warm-up that fails is said, not raised."""
    from .exceptions import GeoRiskError
    from .graph import Graph
    from . import relevance
    from .retrieval import GraphRetriever

    if not s.uses_local_server:  # NEO4J_URI names another server: not the one this command started
        return
    started = time.perf_counter()
    try:
        with Graph(s) as graph:
            dimension = graph.vector_index_dimension()
            runs = GraphRetriever(graph, relevance.load(s.relevance_model)).warm(dimension) if dimension else 0
    except GeoRiskError as err:
        click.echo(f"warning: the server is up, but warming it failed ({err}); the first questions will "
                   "wait for their plans", err=True)
        return
    if runs:
        click.echo(f"warmed: question queries planned and {runs} retrievals run in "
                   f"{time.perf_counter() - started:.1f} s", err=True)


@neo4j.command(help="Stop the local server.")
@friendly
def stop() -> None:
    click.echo("stopped" if LocalServer(settings()).stop() else "not running")


@neo4j.command(help="Report whether the local server is up; exits 1 when it is not.")
@friendly
def status() -> None:
    current = LocalServer(settings()).status()
    click.echo(current.describe())
    sys.exit(0 if current.running else 1)


@neo4j.command(help="Show the end of the server's log.")
@click.option("-n", "--lines", default=50, show_default=True)
@friendly
def logs(lines: int) -> None:
    click.echo(LocalServer(settings()).logs(lines))


@neo4j.command(help='Print NEO4J_* connection variables: eval "$(georisk neo4j env)".')
@friendly
def env() -> None:
    s = settings()
    if s.neo4j_uri:
        values = {"NEO4J_URI": s.neo4j_uri, "NEO4J_USER": s.neo4j_user,
                  "NEO4J_PASSWORD": s.neo4j_password or ""}
    else:
        values = LocalServer(s).env()
    click.echo(LocalServer.format_env(values))


# -- schema --------------------------------------------------------------------------------------
@main.group(help="The graph schema (cypher/schema.cypher).")
def schema() -> None:
    pass


@schema.command("apply", help="Create missing constraints and indexes; idempotent.")
@friendly
def schema_apply() -> None:
    with connected_graph(apply_schema=False) as graph:
        graph.apply_schema()
        click.echo(f"schema applied; vector index {graph.settings.vector_index} has "
                   f"{graph.vector_index_dimension()} dimensions")
        health = vector_health.probe(graph)
    if health is not None:
        click.echo(health.summary() if health.healthy else f"warning: {health.warning()}",
                   err=not health.healthy)


@schema.command("rebuild-vector-index", help="Drop the whole chunk vector index and build it again from the stored "
                                             "vectors (nothing is embedded again), then check that it finds them.")
@friendly
def schema_rebuild_vector_index() -> None:
    with connected_graph(apply_schema=False) as graph:
        before = vector_health.probe(graph)
        if before is not None:
            click.echo(f"before: {before.summary()}")
        click.echo(f"rebuilding the vector index {graph.settings.vector_index} from the stored vectors ...", err=True)
        seconds = vector_health.rebuild(graph)
        click.echo(f"rebuilt the vector index {graph.settings.vector_index} from the stored vectors in {seconds:.1f} s")
        after = vector_health.probe(graph)
    if after is not None:
        click.echo(f"after: {after.summary()}" if after.healthy else f"warning: {after.warning()}",
                   err=not after.healthy)


@main.command(help="Counts of places, edges, documents and chunks in the graph.")
@click.option("--digest", is_flag=True,
              help="Instead: per part of what ingestion wrote (documents, scopes, chunks, mentions, incident "
                   "versions, version passages) its count and a SHA-256 of its sorted contents, embeddings "
                   "left out. Equal digests: two ingestions (local, --shard, --ray) wrote the same graph.")
@click.option("--json", "as_json", is_flag=True)
@friendly
def counts(digest: bool, as_json: bool) -> None:
    from .ingest.digest import graph_digest

    with connected_graph(apply_schema=False) as graph:
        if digest:
            parts = graph_digest(graph)
            click.echo(json.dumps([p.to_dict() for p in parts], indent=2) if as_json else
                       "\n".join(f"{p.part:<17} {p.count:>9,}  {p.sha256}" for p in parts))
            return
        values = graph.counts()
    click.echo(json.dumps(values) if as_json else "\n".join(f"{k}: {v:,}" for k, v in values.items()))


# -- geography -----------------------------------------------------------------------------------
@main.group(help="The containment DAG of places.")
def geography() -> None:
    pass


@geography.command("load", help="Load the geography tables (and optionally Wikidata files) into the graph.")
@click.option("--nodes", type=click.Path(path_type=Path), help="us_geo_nodes.csv(.gz) (default: GEORISK_GEO_DIR).")
@click.option("--edges", type=click.Path(path_type=Path), help="us_geo_edges.csv(.gz).")
@click.option("--wikidata-sparql", type=click.Path(path_type=Path),
              help="A SPARQL JSON result of ?item wdt:P131 ?parent rows, loaded after the tables.")
@click.option("--wikidata-dump", type=click.Path(path_type=Path),
              help="A subset of the Wikidata entity JSON dump (.json or .json.gz), loaded after the tables.")
@click.option("--skip-tables", is_flag=True, help="Load only the Wikidata files.")
@friendly
def geography_load(nodes: Path | None, edges: Path | None, wikidata_sparql: Path | None,
                   wikidata_dump: Path | None, skip_tables: bool) -> None:
    from georisk_graph.loaders import geography as loader

    with connected_graph() as graph:
        started = time.monotonic()
        with Progress(None, unit="rows", desc="geography", also=sys.stdout) as bar:
            def progress(kind: str, n: int) -> None:
                bar.update(n, kind)

            if not skip_tables:
                report = loader.load_tables(graph, nodes, edges, progress=progress)
                click.echo(report.describe())
            if wikidata_sparql or wikidata_dump:
                report = loader.load_wikidata(graph, sparql=wikidata_sparql, dump=wikidata_dump,
                                              progress=progress)
                click.echo("wikidata:\n" + report.describe())
        click.echo(f"done in {time.monotonic() - started:.1f} s")


@main.command(help="δ between two places: PLACE_A is the question's place, PLACE_B the evidence's.")
@click.argument("place_a")
@click.argument("place_b")
@click.option("--json", "as_json", is_flag=True)
@click.option("--overlaps", is_flag=True, help="Also follow forest/park/tribal/wildfire links.")
@friendly
def delta(place_a: str, place_b: str, as_json: bool, overlaps: bool) -> None:
    from .delta import delta_many

    with connected_graph(apply_schema=False) as graph:
        result = delta_many(graph, place_a, [place_b], include_overlaps=overlaps)[0]
    if as_json:
        click.echo(json.dumps(result.to_dict(), indent=2))
        return
    shown = "∞" if result.lca is None else str(int(result.delta))
    click.echo(f"δ = {shown} ({result.relation}); i_q = {result.i_q}, i_t = {result.i_t}")
    if result.lca:
        click.echo(f"common ancestor: {result.lca.label()} [{result.lca.id}]")
        click.echo(f"path: {result.path_text()}")


# -- ingestion -----------------------------------------------------------------------------------
@main.command(help="Ingest documents: SOURCE is 'shared' (default), a shared corpus file, a folder of "
                   ".txt/.md/.html/.pdf files, or a JSON Lines file. Ids are namespaced by source "
                   "(file:<absolute path>, jsonl:<id>, statute:<doc_id>, inciweb:, calfire:). A stored "
                   "document of the same id from another file is refused and listed as failed, unless "
                   "--replace-other-origin. Exits 1 when the graph stopped answering mid-run, after "
                   "naming every document not written: run the same command again once it is back.")
@click.argument("sources", nargs=-1)
@click.option("--source-type", type=click.Choice(["auto", "shared", "inciweb", "inciweb_summaries", "calfire",
                                                  "statutes", "folder", "jsonl"]), default="auto",
              show_default=True)
@click.option("--force", is_flag=True, help="Re-ingest documents even when stored unchanged.")
@click.option("--replace-other-origin", is_flag=True,
              help="Replace a stored document of the same id read from another file (listed as replaced).")
@click.option("--batch-size", default=BATCH_DOCUMENTS, show_default=True,
              help="Documents chunked, embedded and resolved together (writes go in transactions of ~1,000 chunks).")
@click.option("--limit", type=int, default=None, help="Only the first N documents.")
@click.option("--shard", default=None, metavar="I/N",
              help="Only slice I (from 0) of N: N runs with 0/N .. N-1/N (Kubernetes jobs, a Slurm array) "
                   "together write the graph of one run. A document's slice is a hash of its id.")
@click.option("--ray", "ray_address", is_flag=False, flag_value="", default=None, metavar="[ADDRESS]",
              help="Chunk, embed, resolve and write on a Ray cluster: the one at ADDRESS (host:6379, "
                   "ray://host:10001), else RAY_ADDRESS or the one `ray start --head` runs here, else a new "
                   "one in this process. Put it after the sources. Needs the `ray` extra.")
@click.option("--workers", type=click.IntRange(min=1), default=None,
              help="Ray workers (one model each); default one per CPU of the cluster.")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
@friendly
def ingest(sources: tuple[str, ...], source_type: str, force: bool, replace_other_origin: bool, batch_size: int,
           limit: int | None, shard: str | None, ray_address: str | None, workers: int | None,
           as_json: bool) -> None:
    from itertools import islice

    from .ingest.pipeline import Ingestor
    from .ingest.shards import Shard
    from .ingest.versions import VersionIngestor
    from .loaders.sources import documents_from, versions_from

    part = Shard.parse(shard) if shard is not None else None
    if workers is not None and ray_address is None:
        raise click.UsageError("--workers counts Ray workers: add --ray")
    problems: list = []
    documents = list(islice(documents_from(list(sources), source_type, problems=problems), limit))
    if part is not None:
        documents, problems = list(part.documents(documents)), part.problems(problems)
        click.echo(f"slice {part}: {len(documents):,} documents", err=True)
    with connected_graph() as graph, ExitStack() as stack:
        if ray_address is None:
            click.echo("loading the embedding model and the gazetteer ...", err=True)
            ingestor = Ingestor.load(graph, batch_size=batch_size)
        else:
            from .optional import require

            require("ray", "ray", "georisk ingest --ray")  # a clear error, not a traceback, without it
            from .ingest.on_ray import RayIngestion

            click.echo("starting the Ray workers (each loads the model and the gazetteer) ...", err=True)
            on_ray = stack.enter_context(RayIngestion(graph.settings, address=ray_address, workers=workers,
                                                      batch_size=batch_size))
            where = on_ray.start()
            click.echo(f"{len(where)} Ray workers on {len({w['node'] for w in where})} node(s)", err=True)
        started = time.monotonic()
        with Progress(len(documents), unit="docs", desc="ingest", also=None if as_json else sys.stdout) as bar:
            chunks = 0

            def progress(docs: int, new_chunks: int) -> None:
                nonlocal chunks
                chunks += new_chunks
                elapsed = max(time.monotonic() - started, 1e-9)
                bar.update(docs, f"{chunks:,} chunks, {chunks / elapsed:.0f} chunks/s")

            if ray_address is None:
                report = ingestor.ingest(documents, force=force, replace_other_origin=replace_other_origin,
                                         problems=problems, progress=progress)
            else:
                report = on_ray.documents(documents, force=force, replace_other_origin=replace_other_origin,
                                          problems=problems, progress=progress)
        versions = None
        if report.complete and ray_address is None:
            from .ingest.pipeline import store_sentences, store_statement_kinds

            pending = graph.run("chunk_sentences_missing")[0]["missing"]
            if pending:
                with Progress(pending, unit="passages", desc="passage sentences",
                              also=None if as_json else sys.stdout) as bar:
                    store_sentences(graph, ingestor.embedder, ingestor.statements, progress=bar.update)
            pending = graph.run("sentence_kinds_missing", model=ingestor.statements.version)[0]["missing"]
            if pending:
                with Progress(pending, unit="sentences", desc="what sentences state",
                              also=None if as_json else sys.stdout) as bar:
                    store_statement_kinds(graph, ingestor.statements, progress=bar.update)
        if report.complete:
            # The whole sources' versions, or, for a slice (--limit, --shard), those of its documents.
            taken = {d.id for d in documents} if limit is not None or part is not None else None
            dated = [v for v in versions_from(list(sources), source_type, problems=problems)
                     if taken is None or v.document_id in taken]
            if dated:
                with Progress(len(dated), unit="versions", desc="incident versions",
                              also=None if as_json else sys.stdout) as bar:
                    def advance(n: int) -> None:
                        bar.update(n)

                    if ray_address is None:
                        versions = VersionIngestor(graph, ingestor.embedder).ingest(dated, force=force,
                                                                                    progress=advance)
                    else:
                        versions = on_ray.versions(dated, force=force, progress=advance)
        glossary = None
        if report.complete:
            from .ingest.glossary import build_glossary

            # the acronyms every stored passage spells out, found again over the whole graph (a few seconds)
            glossary = build_glossary(graph)
    if as_json:
        click.echo(json.dumps(report.to_dict() | ({"incident_versions": versions.to_dict()} if versions else {})
                              | ({"glossary_terms": len(glossary)} if glossary is not None else {}), indent=2))
    else:
        click.echo(report.describe())
        if versions:
            click.echo(versions.describe())
        if glossary is not None:
            click.echo(f"glossary: {len(glossary):,} acronyms spelled out in at least two passages")
        elapsed = time.monotonic() - started
        click.echo(f"{len(documents) / elapsed:.1f} docs/s, {report.chunks / elapsed:.1f} chunks/s")
    if not report.complete:
        click.echo(f"error: {len(report.not_written):,} documents were not written: {report.interrupted}", err=True)
        sys.exit(1)


@main.command(help="Rename document ids stored under the scheme before ids were namespaced by source, in "
                   "place: statute ids get 'statute:' (stat-AL-0 -> statute:stat-AL-0), JSON Lines ids "
                   "'jsonl:'; each Document's chunks follow (<id>#<n>, Chunk.document_id); nothing is "
                   "re-embedded. An old file id (file:<path relative to the folder ingested>) cannot know "
                   "that folder: give it as --files-root DIR to re-key those documents as file:<absolute "
                   "path>; without it, or when the file is not under DIR, they keep their ids and are "
                   "listed. Prints every rename. Idempotent: a second run renames nothing and says so.")
@click.option("--files-root", type=click.Path(path_type=Path, exists=True, file_okay=False), default=None,
              help="The folder old file: ids are relative to (the folder given to `georisk ingest`).")
@click.option("--json", "as_json", is_flag=True, help="Print what was renamed and left as JSON.")
@friendly
def migrate(files_root: Path | None, as_json: bool) -> None:
    from .ingest.migration import migrate_document_ids

    with connected_graph() as graph:
        report = migrate_document_ids(graph, files_root=files_root)
    click.echo(json.dumps(report.to_dict(), indent=2) if as_json else report.describe())


@main.command(help="Per state and county: documents and chunks by source type, and the jurisdictions with none.")
@click.option("--level", type=click.Choice(["state", "county"]), default="state", show_default=True)
@click.option("--json", "as_json", is_flag=True)
@click.option("--plot", type=click.Path(path_type=Path), default=None,
              help="Also draw a map (PNG): states and counties by what the graph holds for them.")
@friendly
def coverage(level: str, as_json: bool, plot: Path | None) -> None:
    levels = ["state", "federal_district"] if level == "state" else ["county"]
    with connected_graph(apply_schema=False) as graph:
        rows = graph.run("coverage", levels=levels)
        gaps = graph.run("coverage_gaps", levels=levels)
        if plot:
            from .coverage_map import coverage_map

            click.echo(f"map: {coverage_map(graph, plot)}", err=True)
    if as_json:
        click.echo(json.dumps({"coverage": rows, "gaps": gaps}, indent=2))
        return
    table: dict[tuple[str, str], dict[str, tuple[int, int]]] = {}
    sources = sorted({r["source"] for r in rows})
    for r in rows:
        table.setdefault((r["state"] or "", r["name"]), {})[r["source"]] = (r["documents"], r["chunks"])
    header = f"{'jurisdiction':<34}" + "".join(f"{s[:16]:>18}" for s in sources)
    click.echo(header + "\n" + "-" * len(header))
    for (state, name), by_source in sorted(table.items()):
        cells = "".join(f"{'%d/%d' % by_source[s] if s in by_source else '-':>18}" for s in sources)
        click.echo(f"{(name + (', ' + state if level == 'county' else ''))[:33]:<34}{cells}")
    click.echo("(cells: documents/chunks)")
    click.echo(f"\n{len(table)} {level} jurisdictions have documents; {len(gaps)} have none"
               + (": " + ", ".join(g["name"] + (", " + g["state"] if level == "county" and g["state"] else "")
                                    for g in gaps[:40]) + (" ..." if len(gaps) > 40 else "") if gaps else ""))


# -- asking --------------------------------------------------------------------------------------
def _dated(citation: Any) -> str:
    """When a passage is from: "published 2024-08-03" and the period it describes, when it has one."""
    text = f"published {citation.published}" if citation.published else "undated"
    if citation.valid_from or citation.valid_to:
        text += f", describes {citation.valid_from or '…'} to {citation.valid_to or '…'}"
    return text


def print_answer(answer: Any, explain: bool) -> None:
    label = {"answer": "ANSWER", "warn": "ANSWER WITH WARNING", "abstain": "NO ANSWER"}[answer.decision]
    click.echo(f"{label}")
    reading = getattr(answer, "reading", None)
    if reading is not None and reading.read_as != reading.text:
        click.echo(f"read as: {reading.read_as}")
    if answer.query_places:
        click.echo("place: " + "; ".join(f"{p.surface} -> {p.name} ({p.level}) [{p.id}]" for p in answer.query_places))
    if answer.unplaced:
        click.echo("not placed: " + ", ".join(repr(name) for name in answer.unplaced))
    if answer.place_needed:
        click.echo("place needed: the answer depends on where; ask again with the state, county or town")
    for note in answer.notes:
        click.echo(f"note: {note}")
    if answer.warning:
        click.echo(f"warning: {answer.warning}")
    if answer.answer:
        click.echo(f"\n{answer.answer}\n")
    click.echo(f"why: {answer.reason}")
    if answer.citations:
        click.echo("sources:" if answer.decision != "abstain" else "found but not used:")
    for n, c in enumerate(answer.citations, start=1):
        delta = "-" if c.delta is None else ("∞" if c.delta == float("inf") else int(c.delta))
        click.echo(f"  [{n}] {c.title} ({c.source}) score {c.cosine:.2f}, δ {delta}"
                   + (f", {c.relation}" if c.relation else "") + f", {_dated(c)}" + (f" — {c.url}" if c.url else ""))
        if explain:
            if c.path:
                click.echo(f"       path: {c.path_text()}  (common ancestor: {c.lca.name if c.lca else '-'})")
            click.echo(f"       places: {', '.join(p.name for p in c.places) or 'none'}")
    if explain:
        judged = answer.evidence.dependence
        if judged is not None:
            click.echo(f"depends on where: {'yes' if judged.dependent else 'no'} (dependence model {judged.probability:.2f}, "
                       f"threshold {judged.threshold:.2f}, read from {answer.reading.without_places!r})")
        if reading is not None and reading.answer_types:
            kinds = ", ".join(f"{kind} {share:.2f}" for kind, share in reading.answer_types)
            click.echo(f"asks for: {kinds}" + (f"; a yes/no question of {reading.yes_no}" if reading.yes_no else "")
                       + (f"; the term {' '.join(reading.focus)!r}" if reading.focus else "") + " (answer-type models)")
        for p in answer.query_places:
            click.echo(f"found: {p.surface!r} -> {p.name} ({p.level}) by {p.method}, {p.confidence:.2f}")
        for quoted in getattr(answer, "quoted", ()):
            click.echo(f"quoted [{quoted.sentence.passage}] score {quoted.score:.2f}: {quoted.sentence.text[:100]}"
                       + ("…" if len(quoted.sentence.text) > 100 else ""))
        if reading is not None:
            for note in reading.notes:
                click.echo(f"reading: {note}")
        click.echo(f"as of: {answer.as_of}" + (f" (the question names {answer.asked_day})" if answer.asked_day else ""))
        click.echo("timings: " + ", ".join(f"{k} {v * 1000:.0f} ms" for k, v in answer.timings.items()))


@main.command(help="Ask a question; the answer says how far its evidence is from the question's place.")
@click.argument("question")
@click.option("--json", "as_json", is_flag=True)
@click.option("--explain", is_flag=True, help="Show the DAG paths, places and timings.")
@click.option("--generator", type=click.Choice(["extractive", "ollama"]), default=None,
              help="How answers are worded (default: GEORISK_GENERATOR, else extractive).")
@click.option("--timeout", type=click.FloatRange(min=0), default=None, metavar="SECONDS",
              help="Stop any query running longer (default: GEORISK_QUERY_TIMEOUT, else 120; 0: no limit).")
@click.option("--as-of", "as_of", default=None, metavar="YYYY-MM-DD",
              help="Answer as on this day (default today): later evidence is not used, and a question about "
                   "the present is warned when its evidence is older than its freshness window.")
@friendly
def ask(question: str, as_json: bool, explain: bool, generator: str | None, timeout: float | None,
        as_of: str | None) -> None:
    from .client import GeoRisk, check_questions
    from .question import as_of_date

    check_questions([question])  # before loading the models: a blank question fails at once
    day = as_of_date(as_of)
    limit = {} if timeout is None else {"query_timeout": timeout}
    with GeoRisk.connect(settings(), **limit) as georisk:
        answer = georisk.ask(question, generator=generator, as_of=day)
    if as_json:
        click.echo(json.dumps(answer.to_dict(), indent=2, ensure_ascii=False))
    else:
        print_answer(answer, explain)


# -- benchmarks ----------------------------------------------------------------------------------
@main.group(help="Benchmarks: each prints its numbers beside a baseline measured in the same run.")
def bench() -> None:
    pass


@bench.command("places", help="Place recognition and resolution vs spaCy NER alone; DAG load time.")
@click.option("--json", "as_json", is_flag=True)
@click.option("--skip-load", is_flag=True, help="Skip timing the DAG load in a throwaway server.")
@click.option("--dag-copies", type=click.IntRange(min=1), default=1, show_default=True,
              help="Also load this many copies of the DAG under new ids, to show how the load grows.")
@friendly
def bench_places(as_json: bool, skip_load: bool, dag_copies: int) -> None:
    from .benchmarks import places as bench_module
    from .places import Gazetteer

    s = settings()
    with connected_graph(apply_schema=False) as graph:
        gazetteer = Gazetteer.from_graph(graph)
    results: dict[str, Any] = {"places": bench_module.run_places(gazetteer, s.spacy_model)}
    if not skip_load:
        click.echo("timing the DAG load in a throwaway local server ...", err=True)
        results["geography_load"] = bench_module.run_geography_load(s, copies=dag_copies)
    if as_json:
        click.echo(json.dumps(results, indent=2))
        return
    click.echo(bench_module.format_places(results["places"]))
    if "geography_load" in results:
        load = results["geography_load"]
        click.echo(f"\nDAG load: {load['places']:,.0f} places and {load['edges']:,.0f} edges into an empty "
                   f"database in {load['cold_seconds']:.1f} s (target <= 60 s); a second load found nothing "
                   f"to change in {load['reload_seconds']:.1f} s")
        for more in load["more_copies"]:
            click.echo(f"  another copy under new ids, {more['places_in_graph']:,} places in the graph after it: "
                       f"{more['seconds']:.1f} s")


@bench.command("ingest", help="Ingest the shared corpus into a throwaway local server; stages vs raw encoding.")
@click.option("--limit", type=int, default=None, help="Only the first N documents of the corpus.")
@click.option("--repeat", type=click.IntRange(min=1), default=1, show_default=True,
              help="Ingest the corpus this many times under new ids (scaling).")
@click.option("--ray", "ray_address", is_flag=False, flag_value="", default=None, metavar="[ADDRESS]",
              help="Instead: the same documents (default the first 400) by the local pipeline, then on the Ray "
                   "cluster (as for `georisk ingest --ray`) with each count of --workers; per-worker rates, the "
                   "store's growth, and the estimate for 10 million documents. Needs the `ray` extra.")
@click.option("--workers", default="1,2", show_default=True, help="With --ray: comma-separated worker counts.")
@click.option("--sizes", is_flag=False, flag_value="0.1,0.5,2,8", default=None, metavar="[MB,...]",
              help="Instead: one synthetic document of each size in MB (default 0.1,0.5,2,8) ingested alone; "
                   "seconds per MB for each, by stage, and the largest's against the smallest's.")
@click.option("--json", "as_json", is_flag=True)
@friendly
def bench_ingest(limit: int | None, repeat: int, ray_address: str | None, workers: str, sizes: str | None,
                 as_json: bool) -> None:
    from .benchmarks import ingest as bench_module

    if sizes is not None:
        try:
            megabytes = tuple(float(n) for n in sizes.split(",") if n.strip())
        except ValueError:
            raise click.BadParameter(f"{sizes!r}: give sizes in MB such as 0.1,2", param_hint="--sizes") from None
        if len(megabytes) < 2 or min(megabytes) <= 0 or max(megabytes) > 20:
            raise click.BadParameter(f"{sizes!r}: give two or more sizes above 0 and at most 20 MB",
                                     param_hint="--sizes")
        swept = bench_module.run_size_sweep(settings(), sizes=megabytes, size_done=lambda row: click.echo(
            f"{row['megabytes']:.2f} MB: {row['seconds']:.1f} s, {row['seconds_per_mb']:.1f} s/MB", err=True))
        click.echo(json.dumps(swept, indent=2) if as_json else bench_module.format_size_sweep(swept))
        return
    if ray_address is not None:
        from .optional import require

        require("ray", "ray", "georisk bench ingest --ray")
        try:
            counts = [int(n) for n in workers.split(",") if n.strip()]
        except ValueError:
            raise click.BadParameter(f"{workers!r}: give worker counts such as 1,2", param_hint="--workers") from None
        if not counts or min(counts) < 1:
            raise click.BadParameter(f"{workers!r}: give worker counts of 1 or more", param_hint="--workers")
        with Progress(None, unit="docs", desc="ingest", also=None if as_json else sys.stdout) as bar:
            result = bench_module.run_ray_scaling(
                settings(), workers=counts, address=ray_address or None, limit=limit or 400,
                progress=lambda docs, chunks: bar.update(docs),
                step_done=lambda s: click.echo(f"{s['run']} {s['workers'] or ''}: {s['documents']:,} documents in "
                                               f"{s['wall_seconds']:.1f} s", err=True))
        click.echo(json.dumps(result, indent=2) if as_json else bench_module.format_ray_scaling(result))
        return
    with Progress(None, unit="docs", desc="ingest", also=None if as_json else sys.stdout) as bar:
        result = bench_module.run_ingest(
            settings(), limit=limit, repeat=repeat, progress=lambda docs, chunks: bar.update(docs),
            copy_done=lambda c: click.echo(f"copy {c['copy']}: {c['documents']:,} documents in {c['wall_seconds']:.1f} s "
                                           f"({c['chunks_in_graph']:,} chunks in the graph)", err=True))
    click.echo(json.dumps(result, indent=2) if as_json else bench_module.format_ingest(result))


@bench.command("retrieval", help="GeoRisk retrieval vs plain vector search on N synthetic chunks, before and after a "
                                  "restart of the server, with the vector index's health.")
@click.option("--chunks", "chunk_counts", type=click.IntRange(min=1000), multiple=True, default=[10_000],
              show_default=True,
              help="Synthetic corpus size; repeat the option for several sizes.")
@click.option("--queries", default=60, show_default=True)
@click.option("--quantization", "quantizations", multiple=True,
              type=click.Choice(["BINARY", "SCALAR", "NONE"], case_sensitive=False),
              help="Vector index quantization (Neo4j 2026); repeat it to compare (default: the configured one).")
@click.option("--vectors", type=click.Choice(["realistic", "random"]), default="realistic", show_default=True,
              help="realistic: mixes of the shared corpus's real chunk vectors (embedded once, then cached), queried "
                   "with the real questions; random: uniform unit vectors, the worst case for the index.")
@click.option("--index-fill", type=click.Choice(["written", "built"]), default="written", show_default=True,
              help="written: the whole vector index in place while the chunks are written, as ingestion fills it; "
                   "built: dropped first and built from the stored vectors after the writes.")
@click.option("--json", "as_json", is_flag=True)
@friendly
def bench_retrieval(chunk_counts: tuple[int, ...], queries: int, quantizations: tuple[str, ...], vectors: str,
                    index_fill: str, as_json: bool) -> None:
    from .benchmarks import retrieval as bench_module

    results = []
    for count in chunk_counts:
        for quantization in quantizations or (None,):
            label = f"synthetic {count:,} {vectors}" + (f" {quantization.upper()}" if quantization else "")
            with Progress(count, unit="chunks", desc=label, also=None if as_json else sys.stdout) as bar:
                def progress(_kind: str, n: int) -> None:
                    bar.update(n - bar.done)

                result = bench_module.run_retrieval(settings(), count, queries=queries, quantization=quantization,
                                                    vectors=vectors, index_fill=index_fill, progress=progress,
                                                    say=lambda line: click.echo(line, err=True))
            results.append(result)
            if not as_json:
                click.echo(bench_module.format_retrieval(result) + "\n")
    if len(results) > 1 and not as_json:
        click.echo(bench_module.format_quantization(results))
    if as_json:
        click.echo(json.dumps(results[0] if len(results) == 1 else results, indent=2))


@bench.command("delta", help="δ for random place pairs: one batched Cypher call vs the Python reference.")
@click.option("--pairs", default=1000, show_default=True)
@click.option("--json", "as_json", is_flag=True)
@friendly
def bench_delta(pairs: int, as_json: bool) -> None:
    from .benchmarks import delta as bench_module

    with connected_graph(apply_schema=False) as graph:
        result = bench_module.run_delta(graph, pairs=pairs)
    click.echo(json.dumps(result, indent=2) if as_json else bench_module.format_delta(result))


@bench.command("ask", help="Warm ask() latency without an LLM on the configured graph, p50 and p95.")
@click.option("--questions", default=100, show_default=True)
@click.option("--spanish", is_flag=True, help="The Spanish set's questions beside their English twins, asked in turn.")
@click.option("--json", "as_json", is_flag=True)
@friendly
def bench_ask(questions: int, spanish: bool, as_json: bool) -> None:
    from .benchmarks import ask as bench_module
    from .client import GeoRisk

    with GeoRisk.connect(settings()) as georisk:
        if spanish:
            result = bench_module.run_spanish(georisk, questions=questions)
            click.echo(json.dumps(result, indent=2) if as_json else bench_module.format_spanish(result))
            return
        result = bench_module.run_ask(georisk, questions=questions)
    click.echo(json.dumps(result, indent=2) if as_json else bench_module.format_ask(result))


@bench.command("relevance", help="The relevance designs compared on the labelled questions' calibrate part: the "
                                    "shipped logistic model, gradient boosting over the same features and, with "
                                    "--cross-encoder, a cross-encoder alone and as a feature; each decides every "
                                    "calibrate question end to end at its own thresholds (benchmarks/relevance.py).")
@click.option("--cross-encoder", "cross_encoder", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="A folder holding a cross-encoder in ONNX (model.onnx) and its tokenizer.")
@click.option("--fit-cross-encoder", "fit_cross", is_flag=True,
              help="Fit the cross-encoder into --cross-encoder first (torch and transformers; about 50 min on 2 cores).")
@click.option("--json", "as_json", is_flag=True)
@friendly
def bench_relevance(cross_encoder: Path | None, fit_cross: bool, as_json: bool) -> None:
    from .benchmarks import relevance as bench_module
    from .client import GeoRisk

    if fit_cross and cross_encoder is None:
        raise click.UsageError("--fit-cross-encoder needs --cross-encoder DIR, the folder to write it to")
    with GeoRisk.connect(settings()) as georisk:
        result = bench_module.run(georisk, cross_encoder=cross_encoder, fit_cross=fit_cross,
                                  say=lambda line: click.echo(line, err=True))
    click.echo(json.dumps(result, indent=2) if as_json else bench_module.format_table(result))


@bench.command("load", help="Concurrent clients sharing one connected GeoRisk on the configured graph: "
                            "asks/s, errors, p50/p95, and answers that differ from a sequential run.")
@click.option("--clients", type=click.IntRange(min=1), default=32, show_default=True,
              help="Threads asking at once through the one client.")
@click.option("--seconds", type=click.FloatRange(min=0, min_open=True), default=120.0, show_default=True,
              help="How long the clients ask; asks under way then finish.")
@click.option("--questions", type=click.IntRange(min=1), default=50, show_default=True,
              help="QA benchmark questions asked in turn (the sample of bench ask).")
@click.option("--json", "as_json", is_flag=True)
@friendly
def bench_load(clients: int, seconds: float, questions: int, as_json: bool) -> None:
    from .benchmarks import ask as ask_module
    from .benchmarks import load as bench_module
    from .client import GeoRisk

    sample = [item["question"] for item in ask_module.sample_questions(questions)]
    with GeoRisk.connect(settings()) as georisk:
        result = bench_module.run_load(georisk, sample, clients=clients, seconds=seconds)
    click.echo(json.dumps(result, indent=2) if as_json else bench_module.format_load(result))


@bench.command("faults", help="On a throwaway local server with a tiny geography: its JVM killed in the middle of "
                              "`georisk ingest` (what the run names, how it ends, what a re-run leaves), and the "
                              "server stopped and started under a connected client (the error, its delay, the "
                              "answer after). Never touches the configured server.")
@click.option("--json", "as_json", is_flag=True)
@friendly
def bench_faults(as_json: bool) -> None:
    from .benchmarks import faults as bench_module

    click.echo("killing and restarting a throwaway local server (under two minutes) ...", err=True)
    result = bench_module.run_faults(settings())
    click.echo(json.dumps(result, indent=2) if as_json else bench_module.format_faults(result))


DEMO_QUESTIONS = (
    ("the evidence is about the place itself", "How many acres did the 2018 Camp Fire burn in Butte County?"),
    ("a city with no passage of its own: state evidence, with a warning", "Can I burn brush in Tallahassee, Florida?"),
    ("only narrower evidence: specific to one state", "Who can conduct prescribed burns in the U.S.?"),
    ("the only matching evidence is about the neighbouring county", "How many acres did the 2018 Lions Fire burn in Merced County?"),
    ("no place in the question", "What is pile burning?"),
    ("a place the system does not know", "Is there a burn ban in Xqwzville?"),
    ("typed as people type: lower case, a postal code, no verb", "burn ban spokane county wa"),
    ("a name several places share: the answer depends on which, so the state is asked for",
     "Is there a burn ban in Springfield?"),
)
# The decision each section shows (checked by a test on the shared corpus).
DEMO_DECISIONS = ("answer", "warn", "warn", "abstain", "answer", "abstain", "warn", "abstain")


@main.group(help="Refit the models shipped in the package on the labelled questions and the stored corpus.")
def fit() -> None:
    pass


def _refit(task: str, out: Path | None, **models: Path) -> None:
    """Refit one shipped model with ``georisk_graph.training.<task>`` on the configured graph (the other models
    from the package, or the files ``models`` names by setting) and write it to ``out`` (default: the package's
    ``georisk_graph/models/<task>.json``)."""
    from importlib import import_module

    from .client import GeoRisk
    from .models import load, shipped, unfitted

    fitting = import_module(f"georisk_graph.training.{task}")
    started = time.perf_counter()
    setting = dict(FITTED_IN_TURN)[task]
    with tempfile.TemporaryDirectory(prefix="georisk-fit-") as scratch:
        configured = settings().with_(**models)
        try:
            # a model whose features its fitting chooses (the dependence model's words) is read as it is
            load(task, getattr(configured, setting), features=None if fitting.CHOSEN_FEATURES else fitting.FEATURES)
        except ConfigurationError as err:
            # the model being replaced cannot be read or was fitted on other features: candidates are gathered
            # without it (δ, then similarity), and the refit writes one this version reads
            start = Path(scratch) / f"{task}.json"
            unfitted(task, fitting.FEATURES).save(start)
            configured = configured.with_(**{setting: start})
            click.echo(f"{err}; starting from an unfitted {task} model", err=True)
        with GeoRisk.connect(configured) as georisk:
            fitting.run(georisk, out or shipped(task), say=lambda line: click.echo(line, err=True))
    click.echo(f"fitted the {task} model in {time.perf_counter() - started:.0f} s", err=True)


# The models in the order they are fitted, each on what the ones before it read, with the setting naming its file.
FITTED_IN_TURN = (("names", "names_model"), ("dependence", "dependence_model"), ("places", "place_model"),
                  ("relevance", "relevance_model"), ("sentences", "sentence_model"))


@fit.command("all", help="Refit every shipped model in turn (names, answer types, dependence, places, relevance, sentences), each on what the ones "
                         "before it read, from the labelled questions' fit and calibrate parts; each prints its "
                         "figures on the calibrate part, and the time it took.")
@click.option("--out-dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Write every model into this folder instead of into the package.")
@friendly
def fit_all(out_dir: Path | None) -> None:
    started = time.perf_counter()
    written: dict[str, Path] = {}
    if out_dir:
        out_dir.mkdir(parents=True, exist_ok=True)
    for task, setting in FITTED_IN_TURN:
        if task == "dependence":  # what a question asks for is read before whether it depends on where
            kinds = _refit_kinds(out_dir, **written)
            if out_dir:
                written.update(kinds)
        out = out_dir / f"{task}.json" if out_dir else None
        _refit(task, out, **written)
        if out:
            written[setting] = out
    click.echo(f"fitted every model in {time.perf_counter() - started:.0f} s", err=True)


def _out_option(file: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    return click.option("--out", type=click.Path(path_type=Path), default=None,
                        help=f"Where to write the model (default: the package's georisk_graph/models/{file}).")


@fit.command("relevance", help="Fit the relevance model on the labelled questions' candidate passages, calibrate it "
                               "and choose its threshold on questions apart (georisk_graph/training/relevance.py).")
@_out_option("relevance.json")
@friendly
def fit_relevance(out: Path | None) -> None:
    _refit("relevance", out)


@fit.command("places", help="Fit the model that tells the places a question asks about from those that only locate "
                            "or contrast them (georisk_graph/training/places.py).")
@_out_option("places.json")
@friendly
def fit_places(out: Path | None) -> None:
    _refit("places", out)


@fit.command("names", help="Fit the model that tells whether a name written otherwise than the gazetteer writes it "
                           "(another name, a ZIP code, lower case) means a place (georisk_graph/training/names.py).")
@_out_option("names.json")
@friendly
def fit_names(out: Path | None) -> None:
    _refit("names", out)


@fit.command("dependence", help="Fit the model that tells whether what a question asks depends on where, from the "
                                "question with its places left out (georisk_graph/training/dependence.py).")
@_out_option("dependence.json")
@friendly
def fit_dependence(out: Path | None) -> None:
    _refit("dependence", out)


@fit.command("answer-types", help="Fit the models that tell what kind of answer a question asks for and which yes/no "
                                  "question it is, from its clause that asks (georisk_graph/training/answer_types.py).")
@click.option("--out-dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Write answer_types.json and yes_no.json into this folder instead of into the package.")
@friendly
def fit_answer_types(out_dir: Path | None) -> None:
    _refit_kinds(out_dir)


def _refit_kinds(out_dir: Path | None, **models: Path) -> dict[str, Path]:
    """Refit the answer-type and yes/no models on the configured graph and write them to ``out_dir`` (default: the
    package's models folder); the settings naming the files written."""
    from .client import GeoRisk
    from .models import FittedClasses, shipped
    from .question.kinds import ANSWER_TYPES, YES_NO_CLASSES, KindReader
    from .training import answer_types

    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="georisk-fit-") as scratch:
        configured = settings().with_(**models)
        try:
            KindReader.load(configured.answer_type_model, configured.yes_no_model)
        except ConfigurationError as err:
            # the models being replaced cannot be read: the questions are read without them
            start = Path(scratch)
            FittedClasses.unfitted("answer_types", ANSWER_TYPES).save(start / "answer_types.json")
            FittedClasses.unfitted("yes_no", YES_NO_CLASSES).save(start / "yes_no.json")
            configured = configured.with_(answer_type_model=start / "answer_types.json",
                                          yes_no_model=start / "yes_no.json")
            click.echo(f"{err}; starting from unfitted answer-type models", err=True)
        folder = out_dir or shipped("answer_types").parent
        with GeoRisk.connect(configured) as georisk:
            answer_types.run(georisk, folder, say=lambda line: click.echo(line, err=True))
    click.echo(f"fitted the answer-type models in {time.perf_counter() - started:.0f} s", err=True)
    return {"answer_type_model": folder / "answer_types.json", "yes_no_model": folder / "yes_no.json"}


@fit.command("statement-kinds", help="Fit the model that tells what kind of statement a sentence of the corpus makes "
                                     "(a definition, a rule, an event, a figure, ...) from the labelled sentences "
                                     "(georisk_graph/training/statement_kinds.py). Needs no graph; `georisk ingest` "
                                     "then reads the stored sentences again with it.")
@click.option("--out-dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Write statement_kinds.json into this folder instead of into the package.")
@friendly
def fit_statement_kinds(out_dir: Path | None) -> None:
    from .embeddings import embedder_from_settings
    from .loaders.sources import documents_from, versions_from
    from .models import shipped
    from .training import statement_kinds

    started = time.perf_counter()
    corpus = [*documents_from(["shared"]), *versions_from(["shared"])]
    statement_kinds.run(embedder_from_settings(settings()), corpus, out_dir or shipped("statement_kinds").parent,
                        say=lambda line: click.echo(line, err=True))
    click.echo(f"fitted the statement-kind model in {time.perf_counter() - started:.0f} s", err=True)


@fit.command("sentences", help="Fit the model that picks the sentence of the cited passages that holds the answer "
                               "(georisk_graph/training/sentences.py).")
@_out_option("sentences.json")
@friendly
def fit_sentences(out: Path | None) -> None:
    _refit("sentences", out)


@main.command(help="The main job: start the local Neo4j, load the geography, ingest the shared corpus "
                   "(skipping what is stored), and answer questions that show every decision.")
@click.option("--skip-ingest", is_flag=True, help="Only answer the questions.")
@click.pass_context
@friendly
def demo(ctx: click.Context, skip_ingest: bool) -> None:
    from .client import GeoRisk

    s = settings()
    if s.uses_local_server:
        ctx.invoke(start, timeout=None)
    if not skip_ingest:
        ctx.invoke(geography_load, nodes=None, edges=None, wikidata_sparql=None, wikidata_dump=None,
                   skip_tables=False)
        ctx.invoke(ingest, sources=(), source_type="auto", force=False, batch_size=BATCH_DOCUMENTS, limit=None,
                   shard=None, ray_address=None, workers=None, as_json=False)
    with GeoRisk.connect(s) as georisk:
        for case, question in DEMO_QUESTIONS:
            answer = georisk.ask(question)
            click.echo(f"\n=== {case}\nQ: {question}")
            print_answer(answer, explain=False)
    click.echo("\nNeo4j Browser: " + (f"{s.http_url}/browser/ (credentials: georisk neo4j env)"
                                        if s.http_url else "your server's own Browser"))


@main.command("mcp", help="Serve GeoRisk's tools to MCP clients (desktop assistants, IDEs): ask, explain_passage, "
                          "delta, find_places and run_analyst_query; over stdio, or over streamable HTTP on "
                          "127.0.0.1 with --http.")
@click.option("--http", "http_port", type=click.IntRange(1, 65535), default=None, metavar="PORT",
              help="Serve streamable HTTP on http://127.0.0.1:PORT/mcp instead of stdio.")
@friendly
def mcp(http_port: int | None) -> None:
    from .optional import require

    require("mcp", "mcp", "`georisk mcp`")
    from .mcp_server import serve

    serve(settings(), http_port=http_port)


main.add_command(place_group)
main.add_command(cypher_group)
main.add_command(browser_group)
main.add_command(eval_command)
main.add_command(perturb_command)
main.add_command(eval_diff_command)
main.add_command(eval_models_command)

if __name__ == "__main__":
    main()
