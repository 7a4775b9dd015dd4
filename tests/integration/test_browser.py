"""Neo4j Browser for analysts on the real server: the guide's server, the local server's Browser settings,
the real Browser driven by headless Chromium over its DevTools protocol, and the Bloom perspective's search
phrases run on the graph (the style sheet and the guide themselves: tests/unit/test_browser.py)."""

from __future__ import annotations

import base64
import itertools
import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

from georisk_graph import browser
from ..cypher import write_cypher
from ..unit.test_browser import BLOOM

CHROMIUM = "/usr/bin/chromium"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


# -- the guide's server and the local server's settings ----------------------------------------
def test_post_connect_command(server_settings):
    command = browser.post_connect_command(server_settings)
    style, play = command.split("; play ")
    assert style.startswith("style {") and json.loads(style[len("style "):])["node.County"]
    assert play == f"http://127.0.0.1:{server_settings.http_port + 2}/guide.html"
    # The Browser splits the setting on ';' outside quotes: the style must hold none.
    assert ";" not in style


def test_guide_server_answers_cross_origin_requests(server_settings):
    served = browser.serve_in_background(server_settings, port=0)
    try:
        port = served.server_address[1]
        preflight = urllib.request.Request(f"http://127.0.0.1:{port}/guide.html", method="OPTIONS",
                                           headers={"Origin": "http://127.0.0.1:7474",
                                                    "Access-Control-Request-Headers": "pragma,cache-control"})
        with urllib.request.urlopen(preflight, timeout=5) as response:
            assert response.status == 204
            assert response.headers["Access-Control-Allow-Origin"] == "*"
            assert "pragma" in response.headers["Access-Control-Allow-Headers"]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/guide.html", timeout=5) as response:
            assert response.headers["Content-Type"].startswith("text/html")
            assert b"<slide" in response.read()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/georisk.grass", timeout=5) as response:
            assert b"node.Place" in response.read()
        with pytest.raises(urllib.error.HTTPError):
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5)
    finally:
        served.shutdown()
        served.server_close()


def test_local_server_conf_has_the_browser_settings(server):
    conf = (server.conf_dir / "neo4j.conf").read_text()
    assert "browser.remote_content_hostname_whitelist=127.0.0.1,localhost,guides.neo4j.com\n" in conf
    assert f"browser.post_connect_cmd={browser.post_connect_command(server.settings)}\n" in conf


def test_server_hands_the_settings_to_the_browser(session_graph):
    config = {r["name"]: r["value"] for r in session_graph.execute_read_only("CALL dbms.clientConfig()")}
    assert config["browser.post_connect_cmd"].startswith("style {")
    assert "127.0.0.1" in config["browser.remote_content_hostname_whitelist"]


# -- the real Browser in headless Chromium -------------------------------------------------------
class DevTools:
    """A page of a headless Chromium, driven over the DevTools protocol (one websocket)."""

    def __init__(self, socket) -> None:
        self.socket = socket
        self.ids = itertools.count(1)

    def send(self, method: str, **params):
        message_id = next(self.ids)
        self.socket.send(json.dumps({"id": message_id, "method": method, "params": params}))
        while True:  # events arrive in between; only our answer counts
            message = json.loads(self.socket.recv(timeout=30))
            if message.get("id") == message_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})

    def evaluate(self, expression: str):
        result = self.send("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        return result.get("result", {}).get("value")

    def wait_for(self, expression: str, timeout: float = 30):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            value = self.evaluate(expression)
            if value:
                return value
            time.sleep(0.2)
        raise AssertionError(f"timed out waiting for {expression}")

    def type_into(self, selector: str, text: str) -> None:
        """Focus an element and type, as a user would (React and the editor see real input)."""
        self.evaluate(f"document.querySelector({json.dumps(selector)}).focus()")
        self.send("Input.insertText", text=text)

    def screenshot(self, path: Path) -> Path:
        path.write_bytes(base64.b64decode(self.send("Page.captureScreenshot", format="png")["data"]))
        return path


@contextmanager
def chromium_page(profile: Path):
    """Start headless Chromium with a fresh profile and yield its first page; stop it afterwards."""
    from websockets.sync.client import connect

    process = subprocess.Popen(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         f"--user-data-dir={profile}", "--remote-debugging-port=0", "--window-size=1400,1000", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        # With port 0 Chromium picks a free port and writes it to this file.
        port_file = profile / "DevToolsActivePort"
        deadline = time.monotonic() + 20
        while not (port_file.exists() and port_file.read_text().strip()):
            if time.monotonic() > deadline or process.poll() is not None:
                raise RuntimeError("Chromium did not open its DevTools port")
            time.sleep(0.1)
        port = port_file.read_text().split()[0]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10) as response:
            target = next(t for t in json.load(response) if t["type"] == "page")
        with connect(target["webSocketDebuggerUrl"], max_size=None, open_timeout=10) as socket_:
            yield DevTools(socket_)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)  # its own process group: the renderers go too
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(10)


def _port_free(port: int) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


SEED = """
CREATE (wa:Place:State {id: $washington, name: 'Washington', level: 'state'}),
       (county:Place:County {id: $county, name: 'Spokane County', level: 'county'}),
       (city:Place:City {id: $city, name: 'Spokane', level: 'place'}),
       (city)-[:LOCATED_IN {administrative: true}]->(county),
       (county)-[:LOCATED_IN {administrative: true}]->(wa)
"""


@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"Chromium is not installed ({CHROMIUM}); "
                    "install Debian's chromium package to run the Neo4j Browser test")
def test_neo4j_browser_connects_runs_a_query_with_the_style_and_plays_the_guide(graph, server, tmp_path):
    write_cypher(graph, SEED, {"washington": "Q1223", "county": "Q485276", "city": "Q187805"})
    # The server plays the guide from the HTTP port + 2 on connect; serve it there when that is free.
    guide = (browser.serve_in_background(server.settings)
             if _port_free(browser.guide_port(server.settings)) else None)
    profile = Path(tempfile.mkdtemp(prefix="georisk-chromium-"))
    try:
        with chromium_page(profile) as page:
            drive_the_browser(page, server, guide is not None, tmp_path)
    finally:
        if guide is not None:
            guide.shutdown()
            guide.server_close()
        shutil.rmtree(profile, ignore_errors=True)


def drive_the_browser(page: DevTools, server, guide_served: bool, tmp_path: Path) -> None:
    """Log in, see the style and the guide arrive, run a query, check its picture, save a screenshot."""
    settings = server.settings
    page.send("Page.enable")
    page.send("Page.navigate", url=browser.browser_url(settings))
    page.wait_for("!!document.querySelector('[data-testid=password]')")
    page.type_into("[data-testid=username]", "neo4j")
    page.type_into("[data-testid=password]", server.password())
    page.evaluate("document.querySelector('[data-testid=connect]').click()")
    page.wait_for("!document.querySelector('[data-testid=password]')")

    frames = "Array.from(document.querySelectorAll('[data-testid=frame]'))"
    page.wait_for(f"{frames}.some(f => f.textContent.includes(':style {{'))")
    if guide_served:
        page.wait_for(f"{frames}.some(f => f.textContent.includes('GeoRisk-Graph for analysts'))")

    page.type_into("[data-testid=activeEditor] textarea",
                   "MATCH path = (:Place {name: 'Spokane'})-[:LOCATED_IN*]->(:Place) RETURN path")
    page.evaluate("document.querySelector('[data-testid=editor-Run]').click()")
    page.wait_for("document.querySelectorAll('svg .node').length >= 3")
    time.sleep(1.5)  # let the force layout settle for the picture
    nodes = page.evaluate("Array.from(document.querySelectorAll('svg .node')).map(n => "
                          "[n.textContent.trim(), n.querySelector('circle[fill]').getAttribute('fill')])")
    colours = dict(nodes)
    style = json.loads(browser.style_json())
    assert colours == {"Spokane": style["node.City"]["color"],
                       "Spokane County": style["node.County"]["color"],
                       "Washington": style["node.State"]["color"]}
    shot = page.screenshot(tmp_path / "neo4j-browser.png")
    assert shot.read_bytes().startswith(PNG_SIGNATURE) and shot.stat().st_size > 20_000
    print(f"screenshot: {shot}")


# -- the Bloom perspective -----------------------------------------------------------------------
def test_bloom_search_phrases_run_on_the_graph(world):
    perspective = json.loads(BLOOM.read_text())
    values = {"state": "Washington", "county": "Spokane County", "place": "Spokane", "name": "Springfield",
              "document": "spokane-county-burn-ban"}
    results = {}
    for template in perspective["templates"]:
        params = {p["name"][1:]: values[p["name"][1:]] for p in template["params"]}
        results[template["name"]] = world.execute_read_only(template["cypher"], params)
    assert len(results["places in $state"]) >= 39
    assert any(n.get("name") == "Spokane" for r in results["places in county $county"] for n in r["path"]
               if isinstance(n, dict))
    [why] = results["why $place for $document"]
    assert [n["name"] for n in why["path"] if isinstance(n, dict) and "name" in n] == ["Spokane", "Spokane County"]
    assert len(results["places named $name"]) >= 5
    counties = {r["c"]["name"] for r in results["counties without guidance in $state"]}
    assert "King County" in counties and "Spokane County" not in counties and "Stevens County" not in counties
