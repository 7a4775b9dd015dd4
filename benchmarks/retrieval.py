"""`georisk bench retrieval --chunks N`: GeoRisk retrieval against plain vector search, on synthetic
chunks in a throwaway local server.

Synthetic chunks are random unit vectors of the index's dimension, each attached (document scope and
a mention) to a real place of the DAG: 5% to states, 25% to counties and 70% to cities, each level
weighted by population. As in the shared corpus, one document in ten is a rule (a statute, which
applies to every place inside its jurisdiction) and the rest are incident reports; four chunks
each. Queries are perturbed copies of stored chunks' vectors (so relevant chunks exist) with the
place of that chunk, or a random place at another level. The chunks are written first, and the whole
vector index and each state's own index are built from the stored vectors after them (each timed). Measured
in one run on the store as it stands after the server's first checkpoint (restarted after the build), warm,
p50 and p95 over the same queries:
(a) plain ``db.index.vector.queryNodes`` top-k; (b) langchain-neo4j ``Neo4jVector`` similarity
search; (c) GeoRisk retrieval (candidates + δ + relation + ranking, one query).
"""

from __future__ import annotations

import math
import os
import random
import statistics
import time
from pathlib import Path
from typing import Any, Callable

import numpy as np

from .ingest import throwaway_graph


WARM_PASSES = 3


def _percentile(values: list[float], q: float) -> float:
    return float(np.percentile(np.asarray(values), q))


def _store_bytes(home: Path) -> int:
    total = 0
    for root, _dirs, files in os.walk(home / "neo4j" / "data"):
        total += sum(os.path.getsize(os.path.join(root, f)) for f in files)
    return total


def _vector_index_files(home: Path) -> int:
    """How many files the vector index is stored in (Lucene writes one set per segment)."""
    return sum(len(files) for folder in (home / "neo4j" / "data" / "databases").glob("*/schema/index/vector*")
               for _root, _dirs, files in os.walk(folder))


def _vector_index_bytes(home: Path) -> int:
    """Bytes of the vector index files (every ``schema/index/vector-*`` folder)."""
    total = 0
    for folder in (home / "neo4j" / "data" / "databases").glob("*/schema/index/vector*"):
        for root, _dirs, files in os.walk(folder):
            total += sum(os.path.getsize(os.path.join(root, f)) for f in files)
    return total


def _index_health(graph: Any, vectors: np.ndarray, *, seed: int, sample: int = 200) -> float:
    """The share of a sample of stored chunks that the whole vector index returns among the 10 nearest to
    their own vector: 1.0 for an index that holds every chunk (exact ties aside)."""
    picks = random.Random(seed + 1).sample(range(len(vectors)), min(sample, len(vectors)))
    found = sum(f"syn-{i}" in {r["chunk_id"] for r in graph.run("vector_top_k", vector_index=graph.settings.vector_index,
                                                                k=10, embedding=vectors[i].tolist())}
                for i in picks)
    return round(found / len(picks), 3)


def _vector_index_sizes(home: Path, names: dict[int, str]) -> dict[str, int]:
    """Bytes of each vector index on disk, by name (``names``: index id -> name, from SHOW INDEXES)."""
    sizes: dict[str, int] = {}
    for folder in (home / "neo4j" / "data" / "databases").glob("*/schema/index/vector*/*"):
        name = names.get(int(folder.name)) if folder.name.isdigit() else None
        if name is None:
            continue
        sizes[name] = sizes.get(name, 0) + sum(os.path.getsize(os.path.join(root, f))
                                               for root, _dirs, files in os.walk(folder) for f in files)
    return sizes


def _geographic_recall(graph: Any, retriever: Any, vectors: np.ndarray, workload: list[tuple[list[float], str]],
                       levels: dict[str, str], *, k: int) -> dict[str, Any]:
    """How many of the passages exact search finds inside each question place's state, county and
    locality (the ``geo_pool`` nearest of each kind of document, numpy over the same vectors and the
    stored filter properties) the geographic searches of retrieve.cypher find too, alone as the
    benchmark times them; over the workload, and for the state searches alone."""
    from georisk_graph.geo import COUNTY, WIDE_LEVELS

    rows = graph.run("bench_chunk_filters")
    index = np.asarray([int(r["id"].split("-")[1]) for r in rows])
    column = {name: np.asarray([r[name] or "" for r in rows]) for name in ("state", "county", "locality", "doc_type")}
    places = {r["id"]: r for r in graph.run("bench_place_filters", ids=sorted({p for _, p in workload}))}
    found_total = exact_total = state_found = state_total = 0
    for vector, place in workload:
        asked = retriever.parameters_for(vector, [place], k=k, wide=levels.get(place) in WIDE_LEVELS)
        partitions = retriever.partitions_for([place])
        found = set(graph.run_partitioned("bench_geographic_searches", partitions, **asked)[0]["found"])
        scores = vectors[index] @ np.asarray(vector, dtype=np.float32)
        info = places[place]
        filters = [("state", s) for s in info["states"]] + [("county", c) for c in info["counties"]]
        if info["level"] not in WIDE_LEVELS and info["level"] != COUNTY:
            filters.append(("locality", place))
        exact: set[str] = set()
        for name, value in filters:
            for types in asked["question"]["doc_kinds"]:
                mask = (column[name] == value) & np.isin(column["doc_type"], types)
                candidates = np.flatnonzero(mask)
                top = candidates[np.argsort(-scores[candidates])[:asked["geo_pool"]]]
                ids = {rows[i]["id"] for i in top}
                exact |= ids
                if name == "state":
                    state_found += len(ids & found)
                    state_total += len(ids)
        found_total += len(exact & found)
        exact_total += len(exact)
    return {"recall": round(found_total / max(1, exact_total), 3),
            "state_recall": round(state_found / max(1, state_total), 3), "exact": exact_total,
            "geo_pool": retriever.settings.geo_pool, "geo_search": retriever.settings.geo_search}


def _exact_top(vectors: np.ndarray, query: list[float], k: int) -> set[str]:
    """The ids of the k stored chunks nearest to ``query`` by exact cosine (vectors are unit length)."""
    scores = vectors @ np.asarray(query, dtype=np.float32)
    top = np.argpartition(-scores, k)[:k]
    return {f"syn-{int(i)}" for i in top}


def memory_for(chunks: int, settings: Any) -> tuple[str, str]:
    """Heap and page cache for a synthetic store of ``chunks``: the page cache holds the whole store
    (at most about 9 KB a chunk with its vector, HNSW graph and edges, plus the geography) when the machine
    has the memory, so the benchmark measures queries, not disk reads."""
    if chunks <= 20_000:
        return settings.heap, settings.pagecache
    heap_gb = 4 if chunks > 200_000 else 1
    total_gb = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    store_gb = chunks * 9 / 2**20 + 0.5
    return f"{heap_gb}g", f"{max(1, min(math.ceil(store_gb), int(total_gb * 0.75) - heap_gb))}g"


def _synthesize(graph: Any, chunks: int, dimension: int, rng: np.random.Generator,
                progress: Callable[[int], None] | None) -> np.ndarray:
    places = graph.run("bench_places")
    by_level: dict[str, tuple[list[str], np.ndarray]] = {}
    for level in ("state", "county", "place"):
        rows = [p for p in places if p["level"] == level]
        weights = np.asarray([p["population"] for p in rows], dtype=np.float64)
        by_level[level] = ([p["id"] for p in rows], weights / weights.sum())
    per_doc = 4
    vectors = rng.standard_normal((chunks, dimension)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    rows: list[dict[str, Any]] = []
    written = 0
    for start in range(0, chunks, per_doc):
        level = rng.choice(["state", "county", "place"], p=[0.05, 0.25, 0.70])
        ids, weights = by_level[level]
        place = ids[int(rng.choice(len(ids), p=weights))]
        doc = f"syn-doc-{start // per_doc}"
        doc_type = "statute" if rng.random() < 0.10 else "incident_report"
        rows.append({"doc": doc, "place": place, "doc_type": doc_type, "chunks": [
            {"id": f"syn-{k}", "index": k - start, "embedding": vectors[k].tolist()}
            for k in range(start, min(start + per_doc, chunks))]})
        if len(rows) * per_doc >= 2000:
            graph.run_in_transaction("bench_synthetic_chunks", "chunk_filters", rows=rows,
                                     document_ids=[r["doc"] for r in rows])
            written += sum(len(r["chunks"]) for r in rows)
            rows = []
            if progress:
                progress(written)
    if rows:
        graph.run_in_transaction("bench_synthetic_chunks", "chunk_filters", rows=rows,
                                 document_ids=[r["doc"] for r in rows])
        if progress:
            progress(chunks)
    graph.run("await_indexes", seconds=7200)
    return vectors


def run_retrieval(settings: Any, chunks: int, *, queries: int = 60, k: int = 5, seed: int = 7,
                  quantization: str | None = None,
                  progress: Callable[[str, int], None] | None = None) -> dict[str, Any]:
    """Build the synthetic corpus and time (a), (b) and (c) on the same queries; with ``quantization``
    (BINARY, SCALAR, NONE) the vector index is made with it instead of the configured one. Recall@k
    is (a)'s top k against the exact top k (numpy over the same vectors)."""
    if quantization:
        settings = settings.with_(vector_quantization=quantization.upper())
    from georisk_graph.evaluation.baselines import open_vector_search

    from georisk_graph import relevance
    from georisk_graph import queries as named_queries
    from georisk_graph.retrieval import GraphRetriever
    from georisk_graph.server import LocalServer

    rng = np.random.default_rng(seed)
    heap, pagecache = memory_for(chunks, settings)
    # building a vector index of a million stored vectors takes longer than the server's usual 15 minutes
    # a transaction (db.awaitIndexes waits in one)
    with throwaway_graph(settings.with_(pagecache=pagecache, transaction_timeout="4h"), heap=heap) as graph:
        # The chunks are written with no vector index, and the indexes are then built from the stored
        # vectors, each timed: Neo4j 2026.08 loses entries of a vector index filled chunk by chunk when
        # the server restarts (at 100,000 synthetic chunks, 0.44 of the chunks found by their own vector
        # after a restart, against all of them before), and the timings below are taken after a restart.
        s = graph.settings
        graph.run("drop_vector_index", vector_index=s.vector_index)
        started = time.perf_counter()
        vectors = _synthesize(graph, chunks, s.embedding_dimension, rng,
                              (lambda n: progress("chunks", n)) if progress else None)
        build_seconds = time.perf_counter() - started
        started = time.perf_counter()
        graph.driver.execute_query(named_queries.load("vector_index").statements[0],
                                   {"vector_index": s.vector_index, "dimensions": s.embedding_dimension,
                                    "quantization": s.vector_quantization}, database_=s.neo4j_database)
        graph.run("await_indexes", seconds=7200)
        index_seconds = time.perf_counter() - started
        # each state's own vector index, as `georisk schema apply` builds them for a stored graph
        started = time.perf_counter()
        partitions = graph.index_partitions()
        partition_seconds = time.perf_counter() - started

        # Queries: a stored chunk's vector plus noise (cosine about 0.8 to it), with its place or,
        # for a third of them, a random place of another level.
        stored = graph.run("bench_stored_chunks", limit=20000)
        named = {p["id"]: {"name": p["name"], "level": p["level"]} for p in graph.run("bench_places")}
        places = list(named)
        picks = random.Random(seed).sample(stored, min(queries, len(stored)))
        workload = []
        for n, pick in enumerate(picks):
            base = vectors[int(pick["chunk"].split("-")[1])]
            noisy = base + rng.standard_normal(base.shape).astype(np.float32) * 0.03
            noisy /= np.linalg.norm(noisy)
            place = pick["place"] if n % 3 else random.Random(seed + n).choice(places)
            workload.append((noisy.tolist(), place))

        def vector(v: list[float], _place: str) -> Any:
            return graph.run("vector_top_k", vector_index=graph.settings.vector_index, k=k, embedding=v)

        # A graph just written is not yet checkpointed (a live server checkpoints every 15 minutes, and
        # when it stops). Plain search is timed on the store as the build leaves it; then the server is
        # restarted and everything is measured on the store as a user's graph stands after a checkpoint.
        for _ in range(WARM_PASSES):  # warmed as below, so only the index differs
            _timed(vector, workload)
        fresh = _timed(vector, workload)
        files = {"after_build": _vector_index_files(graph.settings.home)}
        graph.close()
        # a long grace: a server killed before its stop's checkpoint ends would recover on start instead
        LocalServer(graph.settings).stop(grace=1800)
        LocalServer(graph.settings).start()
        graph.connect()
        graph.run("await_indexes", seconds=7200)
        files["after_restart"] = _vector_index_files(graph.settings.home)

        health = _index_health(graph, vectors, seed=seed)
        retriever = GraphRetriever(graph, relevance.load(graph.settings.relevance_model))
        langchain_search = open_vector_search(graph, embeddings=_FixedEmbeddings(graph.settings.embedding_dimension))
        store = langchain_search.store

        def langchain(v: list[float], _place: str) -> Any:
            return store.similarity_search_by_vector(v, k=k)

        from georisk_graph.geo import WIDE_LEVELS

        levels = {row["id"]: row["level"] for row in graph.run("places_by_id", ids=sorted({p for _, p in workload}))}

        def geo(v: list[float], place: str) -> Any:
            return retriever.ranked(retriever.parameters_for(v, [place], k=k, wide=levels.get(place) in WIDE_LEVELS))

        systems = {"vector": vector, "langchain": langchain, "georisk": geo}
        timings: dict[str, list[float]] = {name: [] for name in systems}
        # warm-up after the restart: plans compiled, the pages the workload reads cached, the server's code
        # compiled by its JIT (each system's time a question falls for the first few passes)
        for _ in range(WARM_PASSES):
            for call in systems.values():
                _timed(call, workload)
        for v, place in workload:  # interleaved, so drift in machine load hits all three alike
            for name, call in systems.items():
                t0 = time.perf_counter()
                call(v, place)
                timings[name].append((time.perf_counter() - t0) * 1000)
        hits = [len({r["chunk_id"] for r in vector(v, place)} & _exact_top(vectors, v, k)) for v, place in workload]
        recall = sum(hits) / (k * len(workload))
        slowest = max(range(len(workload)), key=lambda n: timings["georisk"][n])
        profile = {**_profile(graph, retriever, *workload[slowest], k=k), **named[workload[slowest][1]]}
        profile["ms"] = round(timings["georisk"][slowest], 2)
        breakdown = _breakdown(graph, retriever, workload, levels, k=k)
        geographic = _geographic_recall(graph, retriever, vectors, workload, levels, k=k)
        index_names = {r["id"]: r["name"] for r in graph.run("vector_index_ids")}
        memory = graph.run("server_memory")[0]
        server = graph.server
        found = graph.run("vector_index_filters", vector_index=graph.settings.vector_index)
        quantization = found[0]["quantization"] if found else None
        langchain_search.close()
        graph.close()
        # Neo4j writes its store out when it stops (2026 has no db.checkpoint), so the sizes on disk
        # are measured on a stopped server.
        LocalServer(graph.settings).stop()
        store_size = _store_bytes(graph.settings.home)
        index_size = _vector_index_bytes(graph.settings.home)
        sizes = _vector_index_sizes(graph.settings.home, index_names)

    p50 = {n: statistics.median(t) for n, t in timings.items()}
    p95 = {n: _percentile(t, 95) for n, t in timings.items()}
    return {
        "server": {"version": server.version, "edition": server.edition},
        "quantization": quantization,
        "chunks": chunks, "queries": len(workload), "k": k, "build_seconds": round(build_seconds, 1),
        "p50_ms": {n: round(v, 2) for n, v in p50.items()}, "p95_ms": {n: round(v, 2) for n, v in p95.items()},
        "ratio_p50_georisk_vs_vector": round(p50["georisk"] / p50["vector"], 2),
        "ratio_p95_georisk_vs_vector": round(p95["georisk"] / p95["vector"], 2),
        "vector_index_files": files,
        "vector_before_checkpoint_ms": {"p50": round(statistics.median(fresh), 2),
                                        "p95": round(_percentile(fresh, 95), 2)},
        "ratio_p50_langchain_vs_vector": round(p50["langchain"] / p50["vector"], 2),
        "heap_used_mb": round(memory["heap_used"] / 2**20), "heap_max_mb": round(memory["heap_max"] / 2**20),
        "pagecache": graph.settings.pagecache, "store_mb": round(store_size / 2**20),
        "vector_index_mb": round(index_size / 2**20), "recall_at_k_vector_vs_exact": round(recall, 3),
        "partitions": len(partitions), "partition_build_seconds": round(partition_seconds, 1),
        "index_build_seconds": round(index_seconds, 1), "index_health_after_restart": health,
        "whole_index_mb": round(sizes.get(graph.settings.vector_index, 0) / 2**20),
        "partition_indexes_mb": round(sum(v for n, v in sizes.items() if n.startswith("chunk_embedding_in_")) / 2**20),
        "geographic_recall": geographic,
        "slowest_georisk_query": profile, "breakdown_ms": breakdown,
    }


def _timed(call: Callable[[list[float], str], Any], workload: list[tuple[list[float], str]]) -> list[float]:
    """Milliseconds of ``call`` on each question of the workload, from the client."""
    times = []
    for v, place in workload:
        started = time.perf_counter()
        call(v, place)
        times.append((time.perf_counter() - started) * 1000)
    return times


def _breakdown(graph: Any, retriever: Any, workload: list[tuple[list[float], str]], levels: dict[str, str], *,
               k: int) -> dict[str, Any]:
    """Where a GeoRisk retrieval's time goes, medians over the workload: the server's (planning found in
    the cache, the query, streaming the result: the driver's result_available_after plus
    result_consumed_after), the driver's and the wire's (the rest of the call), and Python's (rows to
    typed citations); with the rows, passages and bytes (the JSON of the records) it returns. On Neo4j
    2026, beside it on each question, the parts of the query alone: the unfiltered search of the pool,
    the geographic searches (in the state's own index, or filters of the whole one), and the plain
    top-k, each in the server and from the client."""
    import json

    from georisk_graph import queries
    from georisk_graph.graph import parameters_of
    from georisk_graph.geo import WIDE_LEVELS
    from georisk_graph.retrieval import citations_from_rows

    retrieve = queries.load(graph.query_name("retrieve"))
    # On Neo4j 2026 (SEARCH), the server's time of the query's two kinds of vector search, each run alone
    # on the same question: the unfiltered search of `pool` (what one pass over the whole index costs)
    # and the filtered searches of the question place's state, county and locality.
    searches = graph.query_name("retrieve") == "retrieve"
    unfiltered = queries.load("vector_top_k").statements[0]
    parts: dict[str, list[float]] = {"total": [], "server": [], "driver_and_wire": [], "python": [],
                                     "rows": [], "passages": [], "bytes": []}
    if searches:
        parts |= {"unfiltered_search": [], "unfiltered_search_client": [],
                  "geographic_searches": [], "geographic_searches_client": [],
                  "vector": [], "vector_client": []}

    def server_ms(query: str, params: dict[str, Any]) -> tuple[list[Any], float]:
        records, summary, _ = graph.driver.execute_query(query, params, database_=graph.settings.neo4j_database)
        return records, (summary.result_available_after or 0) + (summary.result_consumed_after or 0)

    def alone(name: str, query: str, params: dict[str, Any]) -> None:
        started = time.perf_counter()
        parts[name].append(server_ms(query, params)[1])
        parts[name + "_client"].append((time.perf_counter() - started) * 1000)

    for vector, place in workload:
        # the query's text names the own vector index of the place's state (Graph.run_partitioned)
        partitions = retriever.partitions_for([place])
        asked = {**retriever.parameters_for(vector, [place], k=k, wide=levels.get(place) in WIDE_LEVELS),
                 "partitions": partitions}
        statement = retrieve.for_partitions(partitions).statements[0]
        geographic = queries.load("bench_geographic_searches").for_partitions(partitions).statements[0]
        params = parameters_of(statement, asked)
        started = time.perf_counter()
        records, server = server_ms(statement, params)
        fetched = time.perf_counter()
        rows = [r.data() for r in records]
        for row in rows:
            citations_from_rows(row["passages"])
        done = time.perf_counter()
        if searches:
            # retrieve.cypher searches the wider pool for a question about the country
            pool = asked["wide_pool"] if levels.get(place) == "country" else asked["pool"]
            alone("unfiltered_search", unfiltered, {"embedding": vector, "k": pool})
            server_ms(geographic, parameters_of(geographic, asked))  # each state's text planned before it is timed
            alone("geographic_searches", geographic, parameters_of(geographic, asked))
            alone("vector", unfiltered, {"embedding": vector, "k": k})
        parts["total"].append((done - started) * 1000)
        parts["server"].append(server)
        parts["driver_and_wire"].append((fetched - started) * 1000 - server)
        parts["python"].append((done - fetched) * 1000)
        parts["rows"].append(len(rows))
        parts["passages"].append(sum(len(r["passages"]) for r in rows))
        parts["bytes"].append(len(json.dumps(rows, default=str).encode()))
    return {name: round(statistics.median(values), 2) for name, values in parts.items()}


def _profile(graph: Any, retriever: Any, vector: list[float], place: str, *, k: int) -> dict[str, Any]:
    """PROFILE of one GeoRisk retrieval: the question place, how many candidate passages had their
    cosine computed, and the operators with the most database hits."""
    from georisk_graph import queries
    from georisk_graph.geo import WIDE_LEVELS
    from georisk_graph.graph import parameters_of

    partitions = retriever.partitions_for([place])
    statement = queries.load(graph.query_name("retrieve")).for_partitions(partitions).statements[0]
    level = graph.run("places_by_id", ids=[place])[0]["level"]
    params = parameters_of(statement, {**retriever.parameters_for(vector, [place], k=k, wide=level in WIDE_LEVELS),
                                       "partitions": partitions})
    with graph.driver.session(database=graph.settings.neo4j_database) as session:
        plan = session.run("PROFILE " + statement, params).consume().profile  # type: ignore[arg-type]
    operators: list[dict[str, Any]] = []

    def walk(op: dict[str, Any]) -> None:
        operators.append({"operator": op["operatorType"].split("@")[0], "db_hits": op.get("dbHits", 0),
                          "rows": op.get("rows", 0), "details": op.get("args", {}).get("Details", "")[:90]})
        for child in op.get("children", []):
            walk(child)

    walk(plan)
    scored = max((o["rows"] for o in operators if "vector.similarity.cosine" in o["details"]), default=0)
    return {"place": place, "candidates_scored": scored,
            "db_hits": sum(o["db_hits"] for o in operators),
            "top_operators": sorted(operators, key=lambda o: -o["db_hits"])[:4]}


class _FixedEmbeddings:
    """Neo4jVector wants an Embeddings object; the benchmark passes vectors directly, so this one
    only answers the store's probe for the dimension."""

    def __init__(self, dimension: int) -> None:
        self.dimension = dimension

    def embed_query(self, text: str) -> list[float]:
        return [0.0] * self.dimension

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        raise NotImplementedError("the retrieval benchmark searches by vector")


def format_retrieval(r: dict[str, Any]) -> str:
    lines = [f"Neo4j {r['server']['version']} {r['server']['edition']}, vector index quantization "
             f"{r['quantization'] or 'n/a'}",
             f"{r['chunks']:,} synthetic chunks (built in {r['build_seconds']} s), {r['queries']} queries, k = {r['k']}",
             f"{'':<34}{'p50 ms':>10}{'p95 ms':>10}{'p50 / vector':>14}{'p95 / vector':>14}"]
    names = {"vector": "(a) vector index top-k", "langchain": "(b) langchain Neo4jVector",
             "georisk": "(c) GeoRisk retrieval"}
    for key, label in names.items():
        ratio = r["p50_ms"][key] / r["p50_ms"]["vector"]
        ratio95 = r["p95_ms"][key] / r["p95_ms"]["vector"]
        lines.append(f"{label:<34}{r['p50_ms'][key]:>10.2f}{r['p95_ms'][key]:>10.2f}{ratio:>14.2f}{ratio95:>14.2f}")
    lines.append("targets: (c) p50 <= 1.5 x (a) p50 and p95 <= 2 x (a) p95 at 100,000 chunks; <= 2 x and <= 3 x at 1,000,000")
    geo = r.get("geographic_recall")
    if geo:
        lines.append(f"geographic candidates (state, county, locality searches) against exact search of the same "
                     f"jurisdiction: recall {geo['recall']:.3f} (state searches alone {geo['state_recall']:.3f}; "
                     f"{geo['exact']:,} exact candidates; geo_pool {geo['geo_pool']}, geo_search {geo['geo_search']}; "
                     f"target 0.99)")
        lines.append(f"index build from the stored vectors: the whole index {r['index_build_seconds']} s, the "
                     f"{r['partitions']} states' own indexes {r['partition_build_seconds']} s (the writes before them "
                     f"{r['build_seconds']} s); on disk: the whole index {r['whole_index_mb']:,} MB, the states' "
                     f"indexes {r['partition_indexes_mb']:,} MB; after the restart the whole index returns "
                     f"{r['index_health_after_restart']:.3f} of sampled chunks among the 10 nearest to their own vector")
    lines.append(f"Neo4j heap used {r['heap_used_mb']} of {r['heap_max_mb']} MB, page cache {r['pagecache']}, "
                 f"store {r['store_mb']} MB (vector index {r['vector_index_mb']} MB); (a) recall@{r['k']} against "
                 f"exact search {r['recall_at_k_vector_vs_exact']:.3f}")
    slow = r["slowest_georisk_query"]
    lines.append(f"slowest GeoRisk query ({slow['ms']} ms): {slow.get('name')} ({slow.get('level')}, {slow['place']}), "
                 f"{slow['candidates_scored']:,} candidate passages scored, {slow['db_hits']:,} db hits; most hits:")
    lines += [f"  {o['operator']:<22}{o['db_hits']:>10,} hits {o['rows']:>8,} rows  {o['details']}"
              for o in slow["top_operators"]]
    b = r.get("breakdown_ms")
    if b:
        lines.append(f"(c) where the time goes (medians): {b['total']:.2f} ms a call = server {b['server']:.2f} "
                     f"(query and streaming) + driver and wire {b['driver_and_wire']:.2f} + Python "
                     f"{b['python']:.2f}; {b['rows']:.0f} row(s), {b['passages']:.0f} passages, "
                     f"{b['bytes'] / 1024:.1f} KB returned")
        if "unfiltered_search" in b:
            lines.append(f"    each alone, in the server (from the client): the unfiltered search of the pool "
                         f"{b['unfiltered_search']:.2f} ({b['unfiltered_search_client']:.2f}) ms, the filtered "
                         f"searches of the place's state, county and locality {b['geographic_searches']:.2f} "
                         f"({b['geographic_searches_client']:.2f}) ms")
            lines.append(f"    plain top-{r['k']} timed beside them: {b['vector']:.2f} ({b['vector_client']:.2f}) ms")
    fresh = r.get("vector_before_checkpoint_ms")
    if fresh:
        lines.append(f"(a) on the index as the build left it, before the server's first checkpoint: p50 "
                     f"{fresh['p50']:.2f} ms, p95 {fresh['p95']:.2f} ms (vector index files: "
                     f"{r['vector_index_files']['after_build']} after the build, "
                     f"{r['vector_index_files']['after_restart']} after the restart)")
    return "\n".join(lines)


def format_quantization(results: list[dict[str, Any]]) -> str:
    """One row per corpus size and quantization: recall@k of the plain search against exact search,
    p50 / p95 of (a) and (c), and the store and vector index sizes."""
    lines = [f"{'chunks':>10} {'quantization':<13}{'recall@k':>9}{'(a) p50':>9}{'(a) p95':>9}{'(c) p50':>9}"
             f"{'(c) p95':>9}{'(c)/(a)':>9}{'store MB':>10}{'index MB':>10}"]
    for r in results:
        lines.append(f"{r['chunks']:>10,} {str(r['quantization']):<13}{r['recall_at_k_vector_vs_exact']:>9.3f}"
                     f"{r['p50_ms']['vector']:>9.2f}{r['p95_ms']['vector']:>9.2f}{r['p50_ms']['georisk']:>9.2f}"
                     f"{r['p95_ms']['georisk']:>9.2f}{r['ratio_p50_georisk_vs_vector']:>9.2f}"
                     f"{r['store_mb']:>10,}{r['vector_index_mb']:>10,}")
    return "\n".join(lines)
