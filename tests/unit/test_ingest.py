"""Ingestion without a server: a source that does not exist is refused before any work. What is written,
idempotence, resumability and bad input on the real server: tests/integration/test_ingest.py."""

from __future__ import annotations

import pytest

from georisk_graph import InputError
from georisk_graph.loaders.sources import documents_from


def test_missing_source_is_a_clear_error(tmp_path):
    with pytest.raises(InputError, match="no such file or folder"):
        list(documents_from([str(tmp_path / "nowhere")]))
