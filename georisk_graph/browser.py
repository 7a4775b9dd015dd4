"""Neo4j Browser for analysts: the GeoRisk style sheet, the guide, and the small server of the guide.

How Neo4j Browser 5 takes each of them, and so what the project does:

- the style: ``:style`` accepts a URL *or* the style itself, and the style may be written as JSON,
  which has no semicolons. So the local server's ``browser.post_connect_cmd`` carries the whole
  style sheet (browser/georisk.grass turned into JSON): the Neo4j server hands it to the Browser on
  connect, and no other origin is needed.
- the guide: ``:play URL`` and ``:guide URL`` only fetch guides over HTTP, from hosts named in
  ``browser.remote_content_hostname_whitelist``. A Community server serves static files only from
  the Browser's own jar (its ``/browser`` root is one classpath folder, so adding files there would
  hide the Browser), so the guide comes from :func:`serve`, a tiny HTTP server on 127.0.0.1 beside
  Neo4j (``georisk browser serve``), which also answers the Browser's cross-origin requests.

The guide's port is the local server's HTTP port + 2 (7476 beside the default 7474).
"""

from __future__ import annotations

import json
import threading
from functools import partial
from importlib import resources
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from .exceptions import ConfigurationError
from .settings import Settings

GUIDE_FILE = "guide.html"
STYLE_FILE = "georisk.grass"
# Hosts the Browser may fetch guides and styles from: this machine, plus the Browser's own default.
ALLOWED_HOSTS = ("127.0.0.1", "localhost", "guides.neo4j.com")


def assets_dir() -> Path:
    """The folder holding guide.html and georisk.grass (browser/ at the top of the repository,
    installed as ``georisk_graph.browser_assets``)."""
    return Path(str(resources.files("georisk_graph.browser_assets")))


def guide_port(settings: Settings) -> int:
    return settings.http_port + 2


def guide_url(settings: Settings, port: int | None = None) -> str:
    return f"http://127.0.0.1:{port or guide_port(settings)}/{GUIDE_FILE}"


def style_url(settings: Settings, port: int | None = None) -> str:
    return f"http://127.0.0.1:{port or guide_port(settings)}/{STYLE_FILE}"


def browser_url(settings: Settings) -> str:
    """Neo4j Browser of the local server; an existing server (NEO4J_URI) has its own address."""
    if settings.http_url is None:
        raise ConfigurationError(
            f"NEO4J_URI is set ({settings.neo4j_uri}): open that server's own Browser; "
            "the project's Browser settings apply to its local server only."
        )
    return f"{settings.http_url}/browser/"


def parse_grass(text: str) -> dict[str, dict[str, str]]:
    """A GraSS style sheet (``selector { key: value; ... }``) as ``{selector: {key: value}}``.
    Quotes delimit values (captions such as ``'{name}'`` hold braces) and are dropped, as the
    Browser does."""
    rules: dict[str, dict[str, str]] = {}
    selector, body, quote, inside = "", "", "", False
    for char in text:
        if quote:
            if char == quote:
                quote = ""
            else:
                body += char
        elif char in "'\"":
            quote = char
        elif char == "{":
            inside = True
        elif char == "}":
            props = {}
            for declaration in body.split(";"):
                key, sep, value = declaration.partition(":")
                if sep and key.strip():
                    props[key.strip()] = value.strip()
            rules[selector.strip()] = props
            selector, body, inside = "", "", False
        elif inside:
            body += char
        else:
            selector += char
    return rules


def style_json(path: Path | None = None) -> str:
    """The style sheet as one line of JSON, the form ``:style`` takes inline."""
    path = path or assets_dir() / STYLE_FILE
    return json.dumps(parse_grass(path.read_text()), separators=(",", ":"))


def post_connect_command(settings: Settings) -> str:
    """``browser.post_connect_cmd`` for the local server: apply the style, then play the guide.
    Commands are separated by ';' and written without their leading ':'."""
    commands = []
    style = assets_dir() / STYLE_FILE
    if style.is_file():
        commands.append(f"style {style_json(style)}")
    commands.append(f"play {guide_url(settings)}")
    return "; ".join(commands)


class _AssetHandler(SimpleHTTPRequestHandler):
    """Static files with the headers a cross-origin fetch from Neo4j Browser needs."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".grass": "text/plain",
                      ".html": "text/html; charset=utf-8"}

    def end_headers(self) -> None:
        # The Browser runs on another port (another origin) and sends pragma / cache-control
        # headers, so it asks first (OPTIONS) and needs both answers to allow it.
        self.send_header("Access-Control-Allow-Origin", "*")
        self.send_header("Access-Control-Allow-Methods", "GET, HEAD, OPTIONS")
        self.send_header("Access-Control-Allow-Headers", "pragma, cache-control, content-type")
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def do_OPTIONS(self) -> None:  # noqa: N802 (http.server's naming)
        self.send_response(204)
        self.end_headers()

    def list_directory(self, path):
        self.send_error(404, "no listing")
        return None

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        if getattr(self.server, "verbose", False):
            super().log_message(format, *args)


def serve(settings: Settings, *, port: int | None = None, verbose: bool = False,
          directory: Path | None = None) -> ThreadingHTTPServer:
    """An HTTP server for the guide and the style on 127.0.0.1 (bound, not yet serving): call
    ``serve_forever()``, or :func:`serve_in_background`. ``port=0`` picks a free port."""
    chosen = guide_port(settings) if port is None else port
    handler = partial(_AssetHandler, directory=str(directory or assets_dir()))
    try:
        server = ThreadingHTTPServer(("127.0.0.1", chosen), handler)
    except OSError as err:
        raise ConfigurationError(f"cannot serve the Browser guide on 127.0.0.1:{chosen}: {err.strerror}; "
                                 "another program may hold the port (choose one with --port)") from None
    server.verbose = verbose  # type: ignore[attr-defined]
    server.daemon_threads = True
    return server


def serve_in_background(settings: Settings, **kwargs: object) -> ThreadingHTTPServer:
    """:func:`serve` in a daemon thread; stop it with ``shutdown()`` then ``server_close()``."""
    server = serve(settings, **kwargs)  # type: ignore[arg-type]
    threading.Thread(target=server.serve_forever, name="georisk-browser-guide", daemon=True).start()
    return server
