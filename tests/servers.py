"""Settings for a throwaway local Neo4j server: its own home and free ports, the user's jar cache. The
integration and corpus tiers start their servers with these; a test may make one of its own."""

from __future__ import annotations

import socket
from pathlib import Path

from georisk_graph import Settings


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def local_settings(home: Path, **changes: object) -> Settings:
    """Settings for a local test server: own home and ports, the user's jar cache."""
    base = Settings.from_env({})  # ignore NEO4J_URI and friends: tests run their own server
    return base.with_(home=home, bolt_port=free_port(), http_port=free_port(), heap="768m",
                      pagecache="128m", **changes)
