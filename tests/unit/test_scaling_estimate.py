"""The paper estimate `georisk bench ingest --ray` prints for 10 million documents, from measured rates."""

from __future__ import annotations

from click.testing import CliRunner

from georisk_graph.benchmarks.ingest import estimate
from georisk_graph.cli import main


def test_the_estimate_scales_the_measured_rates_and_sizes():
    e = estimate(10_000_000, per_worker_docs_per_s=2.0, chunks_per_document=3.0,
                 store_bytes_per_chunk=4096.0, vector_index_bytes_per_chunk=1024.0,
                 fulltext_index_bytes_per_chunk=512.0)
    assert e["chunks"] == 30_000_000
    # 10 M documents at 2 a second a worker: 5 M worker-seconds
    assert e["hours"] == {"10": round(5_000_000 / 10 / 3600, 1), "100": round(5_000_000 / 100 / 3600, 1),
                          "1000": round(5_000_000 / 1000 / 3600, 1)}
    assert e["workers_for_one_hour"] == 1389  # ceil(5,000,000 / 3,600)
    assert e["store_gb"] == round(30_000_000 * 4096 / 2**30, 1)
    assert e["vector_index_gb"] == round(30_000_000 * 1024 / 2**30, 1)
    # the page cache holds what is not in the Lucene indexes (which live in the OS's file cache)
    assert e["page_cache_gb"] == 72  # 30 M × (4,096 - 1,536) bytes = 71.5 GB, rounded up


def test_worker_counts_that_are_not_numbers_are_refused_before_any_work():
    result = CliRunner().invoke(main, ["bench", "ingest", "--ray", "--workers", "one,two"])
    assert result.exit_code == 2 and "--workers" in result.output and "1,2" in result.output
