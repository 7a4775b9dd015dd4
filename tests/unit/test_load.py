"""The load benchmark without a server: its sizes are checked before any work. Concurrent clients on the
real server: tests/integration/test_load.py."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from georisk_graph.benchmarks import load
from georisk_graph.cli import main
from georisk_graph import ConfigurationError

QUESTIONS = [
    "Do I need a permit for open burning in New Mexico?",
    "Was there a grass fire in Albuquerque?",
    "Were evacuation orders lifted near the river in Bernalillo County?",
    "What is defensible space?",
    "Is there a burn ban in Xqwzville?",
]


def test_sizes_are_checked_before_any_work():
    for sizes in ({"clients": 0}, {"seconds": 0}):
        with pytest.raises(ConfigurationError):
            load.run_load(None, QUESTIONS, **sizes)
    with pytest.raises(ConfigurationError, match="at least one question"):
        load.run_load(None, [])
    result = CliRunner().invoke(main, ["bench", "load", "--clients", "0"])
    assert result.exit_code == 2 and "--clients" in result.output
