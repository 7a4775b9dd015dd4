"""Start, stop and inspect the project's local Neo4j server.

The server runs as a detached JVM (``org.neo4j.server.Neo4jCommunity``; ``CommunityEntryPoint`` for a
5.x version set in GEORISK_NEO4J_VERSION) on 127.0.0.1, on the Java :func:`find_java` picks, with its
configuration, data, logs and generated password under ``settings.home/neo4j``; ``settings.home``
and every folder of the server are readable by their owner only (0700), the password file too (0600).
A start counts as done only when the server answers a real Bolt handshake and, with authentication
on, accepts the generated password.

The password never appears on a command line, where every local user could read it in ``ps``: the
server starts with Neo4j's default account (neo4j/neo4j, which may do nothing but change its
password), and once Bolt answers, the launcher logs in with the generated password; when the server
refuses it (a first start, or the first start with authentication after starts without it), the
launcher logs in with the default password and sets the generated one through Bolt, as a query
parameter (cypher/server_set_password.cypher, on the system database). That statement carries a time
limit of its own, so a short ``settings.transaction_timeout`` cannot end it on a cold server.

The HTTP API answers cross-origin requests for the server's own origin only, so a web page elsewhere
cannot read from it when authentication is off, and every transaction ends after
``settings.transaction_timeout`` (``db.transaction.timeout``).
"""

from __future__ import annotations

import os
import re
import secrets
import shlex
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from .. import queries
from ..exceptions import (
    ConfigurationError,
    InsufficientMemory,
    NotInstalled,
    PasswordRefused,
    PortInUse,
    ServerError,
    StartTimeout,
)
from ..settings import Settings, parse_size
from .install import find_java, install, is_installed

# The entry point of Neo4j 2025.01 and later, and of the 5.x series.
_MAIN_CLASS = "org.neo4j.server.Neo4jCommunity"
_MAIN_CLASS_5 = "org.neo4j.server.CommunityEntryPoint"


def main_class(neo4j_version: str) -> str:
    return _MAIN_CLASS_5 if neo4j_version.split(".")[0] in {"4", "5"} else _MAIN_CLASS
_JVM_FLAGS = [
    "-XX:+UseG1GC",
    "-XX:-OmitStackTraceInFastThrow",
    "-XX:+AlwaysPreTouch",
    "-XX:+UnlockExperimentalVMOptions",
    "-XX:+TrustFinalNonStaticFields",
    "-XX:+DisableExplicitGC",
    "-Djdk.nio.maxCachedBufferSize=1024",
    "-Dio.netty.tryReflectionSetAccessible=true",
    "-Djdk.tls.ephemeralDHKeySize=2048",
    "-Djdk.tls.rejectClientInitiatedRenegotiation=true",
    "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "--add-opens=java.base/java.io=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
    "--add-opens=java.base/java.lang=ALL-UNNAMED",
    "--enable-native-access=ALL-UNNAMED",
]
# Bolt magic preamble, then four version proposals: 5.0-5.8 and 4.4 (major in the last byte).
_BOLT_HANDSHAKE = bytes.fromhex("6060b017") + bytes([0, 8, 8, 5, 0, 0, 4, 4, 0, 0, 0, 0, 0, 0, 0, 0])
# The account every new Neo4j has: it may log in with this password only to change it.
_DEFAULT_USER, _DEFAULT_PASSWORD = "neo4j", "neo4j"
# The subset of Neo4j's duration syntax we accept: a number with an optional unit (seconds without).
_DURATION = re.compile(r"\d+(ms|s|m|h|d)?")
# A cold server's first statement on the system database takes seconds (1.8 s measured on the 2-core
# test machine), so with GEORISK_TRANSACTION_TIMEOUT=2s (or 10s on a busy machine) the server ended
# the password step and the start failed as if the password were refused. The step sends its own limit,
# which takes precedence over db.transaction.timeout, and is tried again when it still runs past it.
_PASSWORD_STEP_SECONDS = 60.0
_PASSWORD_STEP_TRIES = 3
_TIMED_OUT = "Neo.ClientError.Transaction.TransactionTimedOut"


@dataclass(frozen=True)
class ServerStatus:
    """What ``georisk neo4j status`` reports."""

    running: bool
    pid: int | None
    bolt_uri: str
    http_url: str
    home: Path
    log: Path
    version: str

    def describe(self) -> str:
        if not self.running:
            return f"Neo4j {self.version} is not running (home {self.home}); start it with `georisk neo4j start`"
        return (f"Neo4j {self.version} is running (pid {self.pid})\n  bolt: {self.bolt_uri}\n"
                f"  http: {self.http_url}/browser/\n  home: {self.home}\n  log:  {self.log}")


def bolt_handshake(host: str, port: int, timeout: float = 2.0) -> bool:
    """True when something on host:port completes a Bolt version handshake."""
    try:
        with socket.create_connection((host, port), timeout=timeout) as sock:
            sock.sendall(_BOLT_HANDSHAKE)
            reply = b""
            while len(reply) < 4:
                chunk = sock.recv(4 - len(reply))
                if not chunk:
                    return False
                reply += chunk
            return reply != b"\x00\x00\x00\x00"
    except OSError:
        return False


def _port_free(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        # As the server binds: a port left in TIME_WAIT by a previous run is free for it.
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def _private_folder(path: Path) -> None:
    """Create ``path`` readable by its owner only, tightening it when it exists: it holds the graph's
    data, its logs and the password."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    os.chmod(path, 0o700)


def _new_password() -> str:
    # A password that starts with "-" reads as an option to command-line tools (cypher-shell -p).
    while True:
        password = secrets.token_urlsafe(18)
        if not password.startswith("-"):
            return password


def _physical_memory() -> int:
    with open("/proc/meminfo") as meminfo:
        for line in meminfo:
            if line.startswith("MemTotal:"):
                return int(line.split()[1]) * 1024
    return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")


class LocalServer:
    """The local Neo4j of one ``Settings``. Constructing it does no I/O."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        root = settings.server_dir
        self.conf_dir = root / "conf"
        self.data_dir = root / "data"
        self.logs_dir = root / "logs"
        self.run_dir = root / "run"
        self.plugins_dir = root / "plugins"
        self.import_dir = root / "import"
        self.log_file = self.logs_dir / "neo4j.log"
        self.pid_file = self.run_dir / "georisk-neo4j.pid"
        self.guide_pid_file = self.run_dir / "georisk-guide.pid"

    # -- install ---------------------------------------------------------------------------------
    def install(self, *, quiet: bool = True) -> bool:
        """Resolve the server jars if needed; False when they were already installed."""
        return install(self.settings, quiet=quiet)

    # -- status ----------------------------------------------------------------------------------
    def pid(self) -> int | None:
        """The server's pid if its process is alive."""
        try:
            pid = int(self.pid_file.read_text().strip())
        except (OSError, ValueError):
            return None
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            return None
        return pid if main_class(self.settings.neo4j_version).encode() in cmdline else None

    def status(self) -> ServerStatus:
        pid = self.pid()
        running = pid is not None and bolt_handshake("127.0.0.1", self.settings.bolt_port)
        return ServerStatus(
            running=running,
            pid=pid,
            bolt_uri=f"bolt://127.0.0.1:{self.settings.bolt_port}",
            http_url=f"http://127.0.0.1:{self.settings.http_port}",
            home=self.settings.server_dir,
            log=self.log_file,
            version=self.settings.neo4j_version,
        )

    def env(self) -> dict[str, str]:
        """Connection variables for shells, cypher-shell, scripts and Browser users."""
        values = {
            "NEO4J_URI": f"bolt://127.0.0.1:{self.settings.bolt_port}",
            "NEO4J_USER": "neo4j",
            "NEO4J_USERNAME": "neo4j",
            "NEO4J_PASSWORD": self.password() if self.settings.auth else "",
            "NEO4J_HTTP_URL": f"http://127.0.0.1:{self.settings.http_port}",
        }
        return values

    @staticmethod
    def format_env(values: dict[str, str]) -> str:
        return "\n".join(f"export {key}={shlex.quote(value)}" for key, value in values.items())

    def password(self) -> str:
        """The generated password, created (0600, in 0700 folders) on first use."""
        path = self.settings.password_file
        if not path.exists():
            _private_folder(self.settings.home)
            _private_folder(path.parent)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w") as handle:
                handle.write(_new_password() + "\n")
        os.chmod(path, 0o600)
        return path.read_text().strip()

    def logs(self, lines: int = 50) -> str:
        try:
            text = self.log_file.read_text(errors="replace")
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])

    # -- start / stop ----------------------------------------------------------------------------
    def start(self, *, timeout: float | None = None) -> ServerStatus:
        """Start the server and wait for a Bolt handshake. A running server is left as it is."""
        s = self.settings
        if s.neo4j_uri:
            raise ConfigurationError(
                f"NEO4J_URI is set ({s.neo4j_uri}): the project uses that server and does not start "
                "its own. Unset NEO4J_URI to use the local server."
            )
        current = self.status()
        if current.running:
            return current
        if not _DURATION.fullmatch(s.transaction_timeout.strip()):
            raise ConfigurationError(
                f"GEORISK_TRANSACTION_TIMEOUT is {s.transaction_timeout!r}, not a duration: write e.g. 15m, "
                "900s or 2h (0 turns the server's transaction time limit off)."
            )
        java = find_java(s)
        if not is_installed(s):
            raise NotInstalled(f"Neo4j {s.neo4j_version} is not installed yet: run `georisk neo4j install`.")
        heap, pagecache = parse_size(s.heap), parse_size(s.pagecache)
        total = _physical_memory()
        if heap + pagecache > total:
            raise InsufficientMemory(
                f"heap {s.heap} + page cache {s.pagecache} = {(heap + pagecache) >> 20} MiB exceed this "
                f"machine's {total >> 20} MiB of memory; lower GEORISK_HEAP / GEORISK_PAGECACHE.",
                requested_bytes=heap + pagecache,
                available_bytes=total,
            )
        for port, purpose in ((s.bolt_port, "Bolt"), (s.http_port, "HTTP")):
            if not _port_free(port):
                variable = "GEORISK_BOLT_PORT" if purpose == "Bolt" else "GEORISK_HTTP_PORT"
                raise PortInUse(
                    f"port {port} ({purpose}) on 127.0.0.1 is already taken by another program; stop it "
                    f"or choose another port with {variable}.",
                    port=port,
                    purpose=purpose,
                )
        for folder in (s.home, s.server_dir, self.conf_dir, self.data_dir, self.logs_dir, self.run_dir,
                       self.plugins_dir, self.import_dir):
            _private_folder(folder)
        self._write_conf()
        command = [java.executable, f"-Xms{s.heap}", f"-Xmx{s.heap}", *_JVM_FLAGS, *java.flags,
                   "-cp", self._classpath(), main_class(s.neo4j_version), f"--home-dir={s.server_dir}", f"--config-dir={self.conf_dir}",
                   "--console-mode"]
        with open(self.log_file, "ab") as log:
            process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT,
                                       stdin=subprocess.DEVNULL, start_new_session=True,
                                       cwd=s.server_dir)
        self.pid_file.write_text(str(process.pid))
        limit = s.start_timeout if timeout is None else timeout
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise ServerError(
                    f"Neo4j exited during start (code {process.returncode}); see {self.log_file}:\n"
                    + self.logs(20)
                )
            if bolt_handshake("127.0.0.1", s.bolt_port, timeout=1.0):
                if s.auth:
                    try:
                        self._set_password(deadline, limit)
                    except BaseException:
                        # A server whose password is not the generated one is nobody's to use.
                        self._terminate(process.pid, grace=15)
                        self.pid_file.unlink(missing_ok=True)
                        raise
                self._start_guide_server()
                return self.status()
            time.sleep(0.25)
        self._terminate(process.pid, grace=15)
        raise StartTimeout(
            f"Neo4j did not answer on bolt://127.0.0.1:{s.bolt_port} within {limit:.0f} s and was "
            f"stopped. Look at the log {self.log_file}; a cold first start on a small machine can be "
            "slow, so GEORISK_START_TIMEOUT may need raising.",
            log=self.log_file,
            seconds=limit,
        )

    def stop(self, *, grace: float = 60.0) -> bool:
        """Stop the server (SIGTERM, then SIGKILL after ``grace`` s). False when it was not running."""
        pid = self.pid()
        if pid is None:
            return False
        self._terminate(pid, grace=grace)
        self.pid_file.unlink(missing_ok=True)
        guide = self._guide_pid()
        if guide is not None:
            self._terminate(guide, grace=5)
        self.guide_pid_file.unlink(missing_ok=True)
        return True

    # -- internals -------------------------------------------------------------------------------
    def _guide_pid(self) -> int | None:
        try:
            pid = int(self.guide_pid_file.read_text().strip())
            return pid if b"browser" in Path(f"/proc/{pid}/cmdline").read_bytes() else None
        except (OSError, ValueError):
            return None

    def _start_guide_server(self) -> None:
        """Serve the analysts' Browser guide beside the server (``georisk browser serve``), which the
        Browser plays on connect; skipped when its port is taken."""
        from ..browser import guide_port

        if self._guide_pid() is not None or not _port_free(guide_port(self.settings)):
            return
        s = self.settings
        env = {k: v for k, v in os.environ.items() if not k.startswith("NEO4J_")}
        env.update(GEORISK_HOME=str(s.home), GEORISK_HTTP_PORT=str(s.http_port), GEORISK_BOLT_PORT=str(s.bolt_port))
        with open(self.logs_dir / "guide.log", "ab") as log:
            process = subprocess.Popen([sys.executable, "-m", "georisk_graph.cli", "browser", "serve"], env=env,
                                       stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                       start_new_session=True)
        self.guide_pid_file.write_text(str(process.pid))

    def _classpath(self) -> str:
        return f"{self.plugins_dir}/*:{self.conf_dir}:{self.settings.neo4j_lib}/*"

    def _terminate(self, pid: int, *, grace: float) -> None:
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            return
        deadline = time.monotonic() + grace
        while time.monotonic() < deadline:
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                return
            try:  # reap it if it is our child
                os.waitpid(pid, os.WNOHANG)
            except ChildProcessError:
                pass
            time.sleep(0.2)
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass

    def _write_conf(self) -> None:
        from ..browser import ALLOWED_HOSTS, post_connect_command

        s = self.settings
        lines = {
            "server.default_listen_address": "127.0.0.1",
            "server.default_advertised_address": "127.0.0.1",
            "server.bolt.listen_address": f"127.0.0.1:{s.bolt_port}",
            "server.bolt.advertised_address": f"127.0.0.1:{s.bolt_port}",
            "server.http.enabled": "true",
            "server.http.listen_address": f"127.0.0.1:{s.http_port}",
            "server.http.advertised_address": f"127.0.0.1:{s.http_port}",
            "server.https.enabled": "false",
            "server.directories.data": str(self.data_dir),
            "server.directories.logs": str(self.logs_dir),
            "server.directories.run": str(self.run_dir),
            "server.directories.plugins": str(self.plugins_dir),
            "server.directories.import": str(self.import_dir),
            "server.memory.pagecache.size": s.pagecache,
            "dbms.security.auth_enabled": "true" if s.auth else "false",
            # Neo4j answers "Access-Control-Allow-Origin: *" by default, which lets any web page read
            # the HTTP API when authentication is off; its own Browser is same-origin.
            "dbms.security.http_access_control_allow_origin": f"http://127.0.0.1:{s.http_port}",
            "db.transaction.timeout": s.transaction_timeout.strip(),
            "dbms.usage_report.enabled": "false",
            "db.tx_log.preallocate": "false",
            "db.tx_log.rotation.retention_policy": "1G size",
            "db.memory.pagecache.warmup.enable": "false",
            # Neo4j Browser: fetch guides from this machine (the guide server of `georisk browser
            # serve`), and on connect apply the GeoRisk style sheet and play the analysts' guide.
            "browser.remote_content_hostname_whitelist": ",".join(ALLOWED_HOSTS),
            "browser.post_connect_cmd": post_connect_command(s),
            "client.allow_telemetry": "false",  # like dbms.usage_report: nothing leaves the machine
        }
        text = "# Written by georisk on every start from its settings; edit those, not this file.\n"
        text += "".join(f"{key}={value}\n" for key, value in lines.items())
        (self.conf_dir / "neo4j.conf").write_text(text)

    def _set_password(self, deadline: float, limit: float) -> None:
        """Make the server accept the generated password, setting it through Bolt when the neo4j user
        still has Neo4j's default one."""
        from neo4j import GraphDatabase, Query
        from neo4j.exceptions import AuthError, ClientError, ServiceUnavailable, SessionExpired, TransientError

        s = self.settings
        uri = f"bolt://127.0.0.1:{s.bolt_port}"
        password = self.password()
        if password == _DEFAULT_PASSWORD:
            raise PasswordRefused(
                f"the password in {s.password_file} is Neo4j's default one, which Neo4j makes the user "
                "change before anything else; write another one (at least 8 characters) into that file, "
                "or delete the file to have one generated.",
                password_file=s.password_file,
            )
        changed = False
        timed_out = 0
        while True:
            try:
                with GraphDatabase.driver(uri, auth=(_DEFAULT_USER, password)) as driver:
                    driver.verify_connectivity()
                return
            except AuthError:
                if changed:
                    raise PasswordRefused(
                        f"the local Neo4j took the password in {s.password_file} and then refused it; it "
                        f"was stopped. See {self.logs_dir / 'security.log'}.",
                        password_file=s.password_file,
                    ) from None
            except (ServiceUnavailable, SessionExpired, TransientError):
                # Bolt answers a moment before the databases take logins.
                if time.monotonic() > deadline:
                    raise StartTimeout(
                        f"Neo4j answered Bolt on {uri} but took no login in time and was stopped. Look at "
                        f"the log {self.log_file}; GEORISK_START_TIMEOUT may need raising.",
                        log=self.log_file,
                        seconds=limit,
                    ) from None
                time.sleep(0.5)
                continue
            step_seconds = min(_PASSWORD_STEP_SECONDS, max(deadline - time.monotonic(), 0.001))
            try:
                with GraphDatabase.driver(uri, auth=(_DEFAULT_USER, _DEFAULT_PASSWORD)) as driver:
                    driver.execute_query(Query(queries.load("server_set_password").text, timeout=step_seconds),
                                         {"old": _DEFAULT_PASSWORD, "new": password}, database_="system")
            except AuthError:
                raise PasswordRefused(
                    f"the local Neo4j refused the password in {s.password_file}, and the neo4j user no "
                    "longer has Neo4j's default one either, so its password was changed outside georisk; "
                    f"the server was stopped. Write the neo4j user's current password into "
                    f"{s.password_file} (one line, mode 0600) and start again.",
                    password_file=s.password_file,
                ) from None
            except ClientError as err:
                if (err.code or "").startswith(_TIMED_OUT):
                    # Ended unfinished, so nothing changed: the loop logs in afresh and tries again.
                    timed_out += 1
                    if timed_out < _PASSWORD_STEP_TRIES and time.monotonic() < deadline:
                        continue
                    raise StartTimeout(
                        f"Neo4j on {uri} did not finish setting its password within {step_seconds:.3g} s "
                        f"in {timed_out} {'try' if timed_out == 1 else 'tries'} and was stopped: a cold server "
                        "on a busy machine can be this slow. The step has its own time limit, so "
                        f"GEORISK_TRANSACTION_TIMEOUT (now {s.transaction_timeout.strip()}) neither causes nor "
                        "cures this; start again when the machine is less busy, or raise GEORISK_START_TIMEOUT. "
                        f"See the log {self.log_file}.",
                        log=self.log_file,
                        seconds=limit,
                    ) from None
                raise PasswordRefused(
                    f"the local Neo4j refused the password in {s.password_file} as the new password of "
                    f"the neo4j user ({err.message}); the server was stopped. Write another one into "
                    "that file, or delete the file to have one generated, and start again.",
                    password_file=s.password_file,
                ) from None
            changed = True
