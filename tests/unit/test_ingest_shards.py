"""`georisk ingest --shard I/N`: disjoint, deterministic slices, and a bad shard refused. That their runs
together write the graph of one run: tests/integration/test_ingest_shards.py."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from georisk_graph import InputError
from georisk_graph.ingest.shards import Shard, slice_of


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
