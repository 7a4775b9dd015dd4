"""`georisk ingest --shard I/N` on the real server: the runs of the slices together write the graph of one
run (the slices themselves: tests/unit/test_ingest_shards.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from itertools import islice

from georisk_graph.ingest.digest import graph_digest
from georisk_graph.ingest.shards import Shard

from ..ingested import assert_same_graph, forget_documents, sample_versions, stored

SAMPLE = 30


def test_two_shards_into_one_server_equal_one_unsharded_run(real_geography, server, tmp_path):
    from georisk_graph.ingest.pipeline import Ingestor
    from georisk_graph.ingest.versions import VersionIngestor
    from georisk_graph.loaders.corpus import shared_corpus

    graph = real_geography
    documents = list(islice(shared_corpus(), SAMPLE))
    ids = [d.id for d in documents]
    forget_documents(graph)
    ingestor = Ingestor.load(graph, batch_size=8)
    whole = ingestor.ingest(documents)
    assert whole.documents == SAMPLE and not whole.failed
    dated = sample_versions(ids)
    assert VersionIngestor(graph, ingestor.embedder).ingest(dated).versions == len(dated) > 0
    expected = stored(graph, ids)
    digest = [part.to_dict() for part in graph_digest(graph)]

    forget_documents(graph)
    first = ingestor.ingest(Shard(0, 2).documents(documents))
    mine = [v for v in dated if Shard(0, 2).holds(v.document_id)]
    VersionIngestor(graph, ingestor.embedder).ingest(mine)
    # the second slice through the command, as a second machine's job would run it
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NEO4J_", "GEORISK_"))}
    env.update(GEORISK_HOME=str(server.settings.home), GEORISK_BOLT_PORT=str(server.settings.bolt_port))
    imported = tmp_path / "ray-modules"
    # the command as `georisk` runs it, noting afterwards which Ray modules the process had imported
    script = ("import sys\nfrom georisk_graph.cli import main\ntry:\n    main()\nfinally:\n"
              f"    open({str(imported)!r}, 'w').write(repr(sorted(m for m in sys.modules if m.split('.')[0] == 'ray')))")
    done = subprocess.run([sys.executable, "-c", script, "ingest", "shared", "--limit", str(SAMPLE),
                           "--shard", "1/2", "--batch-size", "8", "--json"],
                          env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert imported.read_text() == "[]"  # without --ray nothing of Ray is loaded
    second = json.loads(done.stdout)
    in_second = [d.id for d in documents if Shard(1, 2).holds(d.id)]
    assert 0 < first.documents < SAMPLE and second["documents"] == len(in_second) == SAMPLE - first.documents
    assert first.chunks + second["chunks"] == whole.chunks
    assert first.mentions + second["mentions"] == whole.mentions
    # the command writes the versions of its slice's documents only
    assert second["incident_versions"]["versions"] == len(dated) - len(mine)
    assert_same_graph(expected, stored(graph, ids))
    counted = subprocess.run([sys.executable, "-m", "georisk_graph.cli", "counts", "--digest", "--json"],
                             env=env, capture_output=True, text=True, timeout=120)
    assert counted.returncode == 0, counted.stderr
    assert json.loads(counted.stdout) == digest
