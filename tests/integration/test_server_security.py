"""The local server's safety: how its password is set, who can read its files, which web pages may
use its HTTP API, and that no transaction runs forever. Every test runs a real Neo4j."""

from __future__ import annotations

import json
import secrets
import stat
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import neo4j
import pytest

from georisk_graph import Graph, Settings
from georisk_graph import ConfigurationError
from georisk_graph.exceptions import PasswordRefused, StartTimeout
from georisk_graph.server import LocalServer, launcher

from ..servers import local_settings

EVIL_ORIGIN = "http://evil.example"
# Runs about 8 s on a 2-core machine, far beyond the 2 s limit of the server below.
SLOW_QUERY = "UNWIND range(1, 200000000) AS x WITH x WHERE x < 0 RETURN count(*) AS n"


def installed(settings: Settings) -> LocalServer:
    local = LocalServer(settings)
    local.install()
    return local


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def command_lines(local: LocalServer) -> list[bytes]:
    """The command lines of the server's JVM and of the guide server it started, as ``ps`` shows them."""
    pids = [pid for pid in (local.pid(), local._guide_pid()) if pid is not None]
    assert local.pid() is not None
    return [Path(f"/proc/{pid}/cmdline").read_bytes() for pid in pids]


def record_commands(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """Every command the launcher runs, however short-lived, recorded before it runs."""
    seen: list[list[str]] = []
    for name in ("run", "Popen"):
        original = getattr(subprocess, name)

        def recording(command, *args, _original=original, **kwargs):
            seen.append([str(part) for part in command])
            return _original(command, *args, **kwargs)

        monkeypatch.setattr(launcher.subprocess, name, recording)
    return seen


def wait_for_http(settings: Settings, seconds: float = 60) -> None:
    """The HTTP connector opens a moment after Bolt."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            urllib.request.urlopen(f"{settings.http_url}/", timeout=2).close()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.25)


# -- the password ----------------------------------------------------------------------------------
def test_settings_never_print_the_password():
    settings = Settings(neo4j_password="s3cret-Value")
    assert "s3cret-Value" not in repr(settings)
    assert "s3cret-Value" not in str(settings)
    assert "s3cret-Value" not in repr(Settings.from_env({"NEO4J_PASSWORD": "s3cret-Value"}))


def test_generated_password_never_starts_with_a_dash(tmp_path, monkeypatch):
    drawn = iter(["-startsWithADash000000", "goodPassword0000000000"])
    monkeypatch.setattr(secrets, "token_urlsafe", lambda nbytes: next(drawn))
    local = LocalServer(local_settings(tmp_path / "home"))
    assert local.password() == "goodPassword0000000000"
    assert mode(local.settings.password_file) == 0o600
    assert mode(local.settings.server_dir) == 0o700 and mode(local.settings.home) == 0o700


def test_first_start_with_a_dash_password_keeps_it_off_every_command_line(tmp_path, monkeypatch):
    """A password starting with "-" read as an option to the admin tool, and the admin tool's command
    line showed the password to every local user."""
    settings = local_settings(tmp_path / "home")
    local = installed(settings)
    # Folders and a password file as a user's umask would have made them: readable by all.
    settings.server_dir.mkdir(parents=True)
    settings.home.chmod(0o755)
    settings.server_dir.chmod(0o755)
    password = "-" + secrets.token_urlsafe(18)
    settings.password_file.write_text(password + "\n")
    settings.password_file.chmod(0o644)
    commands = record_commands(monkeypatch)

    local.start()
    try:
        with Graph(settings) as graph:
            assert graph.execute_read_only("RETURN 1 AS one") == [{"one": 1}]
        assert commands, "the launcher started no process"
        assert not [c for c in commands if any(password in part for part in c)]
        lines = command_lines(local)
        assert lines and not [line for line in lines if password.encode() in line]
        for log in local.logs_dir.glob("*.log"):
            assert password not in log.read_text(errors="replace"), log

        for folder in (settings.home, settings.server_dir, local.conf_dir, local.data_dir, local.logs_dir,
                       local.run_dir):
            assert mode(folder) == 0o700, folder
        assert mode(settings.password_file) == 0o600
    finally:
        local.stop()

    # The file no longer holds the server's password (it was changed elsewhere): the launcher stops the
    # server rather than leave it running with a password nobody has, and names the file, never a password.
    other = "another" + secrets.token_urlsafe(12)
    settings.password_file.write_text(other + "\n")
    try:
        with pytest.raises(PasswordRefused) as caught:
            local.start()
        assert not launcher.bolt_handshake("127.0.0.1", settings.bolt_port), "the server was left running"
    finally:
        local.stop()  # should a start get through
    message = str(caught.value)
    assert str(settings.password_file) in message
    assert password not in message and other not in message and "neo4j/neo4j" not in message
    assert caught.value.password_file == settings.password_file


def test_auth_turned_on_after_starts_without_it(tmp_path):
    """The admin tool sets an initial password only before the first start, so turning authentication
    on later left a server that refused the generated password."""
    open_settings = local_settings(tmp_path / "home", auth=False)
    local = installed(open_settings)
    local.start()
    local.stop()

    closed = LocalServer(open_settings.with_(auth=True))
    closed.start()
    try:
        with Graph(closed.settings) as graph:
            assert graph.execute_read_only("RETURN 1 AS one") == [{"one": 1}]
        with neo4j.GraphDatabase.driver(closed.settings.bolt_uri, auth=("neo4j", "neo4j")) as driver:
            with pytest.raises(neo4j.exceptions.AuthError):
                driver.verify_connectivity()
    finally:
        closed.stop()


def test_throwaway_benchmark_server_ignores_the_users_password():
    """After `eval "$(georisk neo4j env)"`, NEO4J_PASSWORD is the user's server's password; the
    benchmarks' own server must not try it."""
    from benchmarks.ingest import throwaway_graph

    settings = Settings.from_env({"NEO4J_PASSWORD": "the-users-own-server", "NEO4J_USER": "analyst",
                                  "GEORISK_HEAP": "768m", "GEORISK_PAGECACHE": "128m"})
    with throwaway_graph(settings, geography=False) as graph:
        assert graph.execute_read_only("RETURN 1 AS one") == [{"one": 1}]


def test_wrong_transaction_timeout_is_refused_before_start(tmp_path):
    local = LocalServer(local_settings(tmp_path / "home", transaction_timeout="a quarter hour"))
    try:
        with pytest.raises(ConfigurationError, match="GEORISK_TRANSACTION_TIMEOUT"):
            local.start()
    finally:
        local.stop()  # should a start get through
    assert not (tmp_path / "home").exists()


def test_first_start_with_a_one_second_transaction_limit(tmp_path):
    """On a cold server, setting the password took longer than a short GEORISK_TRANSACTION_TIMEOUT (1 s
    or 2 s; 10 s on a busy machine): the server ended that transaction and the first start failed
    with PasswordRefused. The limit still holds for every other transaction."""
    local = installed(local_settings(tmp_path / "home", transaction_timeout="1s"))
    local.start()
    try:
        with Graph(local.settings) as graph:
            assert graph.execute_read_only("RETURN 1 AS one") == [{"one": 1}]
        with neo4j.GraphDatabase.driver(local.settings.bolt_uri, auth=("neo4j", local.password())) as driver:
            started = time.monotonic()
            with pytest.raises(neo4j.exceptions.ClientError) as caught:
                driver.execute_query(SLOW_QUERY)
            elapsed = time.monotonic() - started
        assert caught.value.code.startswith("Neo.ClientError.Transaction.TransactionTimedOut")
        assert elapsed < 6, f"the 1 s limit ended the query only after {elapsed:.1f} s"
    finally:
        local.stop()


def test_a_password_step_that_keeps_running_out_of_time_says_so(tmp_path, monkeypatch):
    """Should setting the password run past its time limit every time, the start ends with a
    StartTimeout saying so (not a refused password) and the server is stopped. One try of 1 ms: a
    cold server's first statement takes seconds, while tries after it may finish in time."""
    monkeypatch.setattr(launcher, "_PASSWORD_STEP_SECONDS", 0.001)
    monkeypatch.setattr(launcher, "_PASSWORD_STEP_TRIES", 1)
    settings = local_settings(tmp_path / "home", transaction_timeout="2s")
    local = installed(settings)
    try:
        with pytest.raises(StartTimeout) as caught:
            local.start()
        assert not launcher.bolt_handshake("127.0.0.1", settings.bolt_port), "the server was left running"
    finally:
        local.stop()  # should a start get through
    message = str(caught.value)
    assert not isinstance(caught.value, PasswordRefused)
    assert "did not finish setting its password within 0.001 s in 1 try" in message
    assert "GEORISK_TRANSACTION_TIMEOUT (now 2s)" in message and "GEORISK_START_TIMEOUT" in message
    assert local.password() not in message


# -- a server without authentication, with a short transaction limit -------------------------------
@pytest.fixture(scope="module")
def open_server(tmp_path_factory):
    local = installed(local_settings(tmp_path_factory.mktemp("open-home"), auth=False,
                                     transaction_timeout="2s"))
    local.start()
    wait_for_http(local.settings)
    # A cold server's first queries can take longer than the 2 s limit on a busy machine (2026.08.1
    # plans its first statements more slowly than 5.26 did): run them until they fit, a few times at most.
    with neo4j.GraphDatabase.driver(local.settings.bolt_uri, auth=None) as driver:
        for _ in range(10):
            try:
                driver.execute_query("MATCH (n:CrossOrigin) RETURN count(n) AS n")
                break
            except neo4j.exceptions.ClientError:
                time.sleep(1)
    yield local
    local.stop()


def http(settings: Settings, method: str, headers: dict[str, str], body: bytes | None = None):
    request = urllib.request.Request(f"{settings.http_url}/db/neo4j/tx/commit", data=body, method=method,
                                     headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as err:
        return err.code, err.headers, err.read()


def test_http_api_refuses_other_web_pages(open_server):
    """Neo4j answered "Access-Control-Allow-Origin: *": any web page could query a server without
    authentication from the user's browser."""
    settings = open_server.settings
    own_origin = f"http://127.0.0.1:{settings.http_port}"
    write = json.dumps({"statements": [{"statement": "CREATE (:CrossOrigin)"}]}).encode()

    status, headers, _ = http(settings, "OPTIONS", {"Origin": EVIL_ORIGIN,
                                                    "Access-Control-Request-Method": "POST",
                                                    "Access-Control-Request-Headers": "content-type"})
    assert headers.get("Access-Control-Allow-Origin") not in ("*", EVIL_ORIGIN)

    status, headers, _ = http(settings, "POST", {"Origin": EVIL_ORIGIN, "Content-Type": "application/json"},
                              json.dumps({"statements": [{"statement": "RETURN 1"}]}).encode())
    assert headers.get("Access-Control-Allow-Origin") not in ("*", EVIL_ORIGIN)

    # A page may send a "simple" request without asking first; the API takes JSON only.
    status, _, _ = http(settings, "POST", {"Origin": EVIL_ORIGIN, "Content-Type": "text/plain"}, write)
    assert status == 415
    with neo4j.GraphDatabase.driver(settings.bolt_uri, auth=None) as driver:
        assert driver.execute_query("MATCH (n:CrossOrigin) RETURN count(n) AS n").records[0]["n"] == 0

    # Neo4j Browser, served by the same server, keeps its origin.
    status, headers, _ = http(settings, "OPTIONS", {"Origin": own_origin, "Access-Control-Request-Method": "POST",
                                                    "Access-Control-Request-Headers": "content-type"})
    assert status == 200 and headers.get("Access-Control-Allow-Origin") == own_origin


def test_server_ends_transactions_over_the_limit(open_server):
    with neo4j.GraphDatabase.driver(open_server.settings.bolt_uri, auth=None) as driver:
        started = time.monotonic()
        with pytest.raises(neo4j.exceptions.ClientError) as caught:
            driver.execute_query(SLOW_QUERY)
        elapsed = time.monotonic() - started
    assert caught.value.code.startswith("Neo.ClientError.Transaction.TransactionTimedOut")
    assert elapsed < 6, f"the 2 s limit ended the query only after {elapsed:.1f} s"
