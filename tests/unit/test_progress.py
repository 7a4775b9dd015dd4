"""Progress of long work where no terminal shows a bar: lines in a file, at once, every so often."""

from __future__ import annotations

import io
import time

from georisk_graph.progress import Progress


def test_without_a_terminal_progress_is_a_line_at_the_start_then_every_interval_then_at_the_end():
    out = io.StringIO()
    with Progress(100, desc="ingest", unit="docs", stream=out, every=0.05) as bar:
        assert out.getvalue() == "ingest: started, 100 docs to do\n"  # before any work is done
        bar.update(25, "310 chunks")
        time.sleep(0.3)  # a step slower than the interval: the run still shows it is alive
        during = out.getvalue().splitlines()[1:]
        bar.update(75)
    lines = out.getvalue().splitlines()
    assert len(during) >= 2 and all(line.startswith("ingest: 25/100 docs (25%), ") for line in during)
    assert "left" in during[0] and during[0].endswith("310 chunks") and "docs/s" in during[0]
    assert lines[-1].startswith("ingest: 100/100 docs (100%), ") and "done in" in lines[-1]


def test_a_failure_is_said_in_the_last_line():
    out = io.StringIO()
    try:
        with Progress(None, desc="geography", unit="rows", stream=out, every=60) as bar:
            bar.update(7)
            raise RuntimeError("lost the server")
    except RuntimeError:
        pass
    first, last = out.getvalue().splitlines()
    assert first == "geography: started" and last.startswith("geography: 7 rows, ")
    assert "stopped by an error after" in last


def test_lines_also_go_to_a_second_output_that_is_a_file_but_once_when_both_are_one_file(tmp_path):
    log = tmp_path / "demo.log"
    errors = io.StringIO()
    with log.open("w") as stdout, Progress(3, desc="ingest", unit="docs", stream=errors, also=stdout, every=60) as bar:
        bar.update(3)
        assert log.read_text().startswith("ingest: started")  # written at once, not when the file closes
    assert errors.getvalue() == log.read_text() and len(log.read_text().splitlines()) == 2
    with log.open("w") as both, Progress(3, desc="ingest", unit="docs", stream=both, also=both, every=60) as bar:
        bar.update(3)
    assert len(log.read_text().splitlines()) == 2


def test_disabled_progress_writes_nothing():
    out = io.StringIO()
    with Progress(5, desc="eval", unit="questions", stream=out, every=0.01, enabled=False) as bar:
        bar.update(5)
        time.sleep(0.05)
    assert out.getvalue() == ""
