"""`georisk ingest --shard I/N`: disjoint, deterministic slices whose runs together write the graph of
one run."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from itertools import islice

import pytest

from georisk_graph.exceptions import InputError
from georisk_graph.ingest.digest import graph_digest
from georisk_graph.ingest.shards import Shard, slice_of

from .ingested import assert_same_graph, forget_documents, sample_versions, stored

SAMPLE = 30


def test_slices_are_disjoint_cover_everything_and_do_not_depend_on_order():
    ids = [f"inciweb:{n}" for n in range(3000)] + [f"statute:stat-WA-{n}" for n in range(500)]
    shards = [Shard(i, 3) for i in range(3)]
    slices = [{i for i in ids if s.holds(i)} for s in shards]
    assert sum(len(s) for s in slices) == len(ids) and set().union(*slices) == set(ids)
    assert all(900 < len(s) < 1434 for s in slices), [len(s) for s in slices]  # about a third each
    assert [slice_of(i, 3) for i in reversed(ids)] == [slice_of(i, 3) for i in ids][::-1]
    # A slice must not move between processes, machines or versions (hash() would): these values were
    # computed once, and another process with another hash seed gets them too.
    fixed = [2, 3, 6, 1, 4, 5, 1, 2]
    assert [slice_of(f"doc-{n}", 7) for n in range(8)] == fixed
    done = subprocess.run([sys.executable, "-c", "from georisk_graph.ingest.shards import slice_of;"
                           "print([slice_of(f'doc-{n}', 7) for n in range(8)])"],
                          capture_output=True, text=True, timeout=60, env={**os.environ, "PYTHONHASHSEED": "123"})
    assert done.stdout.strip() == str(fixed), done.stderr


@pytest.mark.parametrize("spec", ["2/2", "-1/2", "0/0", "1", "a/b", ""])
def test_a_bad_shard_says_how_to_write_one(spec):
    with pytest.raises(InputError, match="I/N|0 to N-1"):
        Shard.parse(spec)


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
