"""Generators. The Ollama backend is tested against a small HTTP server inside this test that speaks
Ollama's /api/chat: a test double for an external service we cannot run here (no Ollama server or
model can be obtained on these machines). Neo4j is not involved."""

from __future__ import annotations

import json
import threading
from dataclasses import replace
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

import pytest

from georisk_graph import Citation, PlaceRef
from georisk_graph import ConfigurationError, GenerationError
from georisk_graph.generation import OllamaGenerator, extractive
from georisk_graph.generation.ollama import build_messages
from georisk_graph.question import Reader

from ..servers import free_port

SENTENCES = extractive.load()

WA = PlaceRef("Q1223", "Washington", "state")
PASSAGES = [
    Citation("c1", "d1", "RCW 76.04.205 Burning permits", "A burning permit is required for outdoor burning "
             "from April 15 to October 15.", "statute", None, 0.71, (WA,)),
    Citation("c2", "d2", "Spokane County burn ban", "Outdoor burning is banned in Spokane County.", "inciweb",
             None, 0.64, (PlaceRef("Q485276", "Spokane County", "county"),)),
]


class FakeOllama(BaseHTTPRequestHandler):
    requests: list[dict] = []

    def do_POST(self):  # noqa: N802
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        FakeOllama.requests.append({"path": self.path, "body": body})
        if body["model"] == "missing":
            self.send_response(404)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            self.wfile.write(json.dumps({"error": "model 'missing' not found"}).encode())
            return
        reply = {"model": body["model"], "created_at": "2026-11-29T00:00:00Z", "done": True,
                 "message": {"role": "assistant", "content": " Permits are required [1]. "}}
        payload = json.dumps(reply).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, *args):
        pass


@pytest.fixture
def ollama_host():
    server = HTTPServer(("127.0.0.1", free_port()), FakeOllama)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    FakeOllama.requests = []
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


def test_ollama_prompt_carries_the_warning_and_numbered_passages(ollama_host):
    generator = OllamaGenerator(ollama_host, "llama3.2", SENTENCES)
    warning = "This applies to Washington (state) as a whole, not specifically to Spokane."
    text = generator.generate(Reader(None, None).read(["Do I need a burn permit in Spokane?"])[0], PASSAGES, warning).text
    assert text == "Permits are required [1]."
    [request] = FakeOllama.requests
    assert request["path"] == "/api/chat" and request["body"]["model"] == "llama3.2"
    user = request["body"]["messages"][-1]["content"]
    assert warning in user
    assert "[1] RCW 76.04.205 Burning permits (Washington)" in user and "[2] Spokane County burn ban" in user
    assert user.rstrip().endswith("Question: Do I need a burn permit in Spokane?")
    assert "cite" in request["body"]["messages"][0]["content"]


def test_ollama_prompt_carries_the_decision_the_scope_and_the_chosen_sentences(ollama_host):
    spokane = PlaceRef("Q187805", "Spokane", "place")
    cited = [replace(PASSAGES[0], relation="broader", evidence_place=WA, path=(spokane, WA)),
             replace(PASSAGES[1], text="Crews patrol the line. Outdoor burning is banned in Spokane County.")]
    warning = "This applies to Washington (state) as a whole, not specifically to Spokane."
    OllamaGenerator(ollama_host, "llama3.2", SENTENCES).generate(Reader(None, None).read(["Do I need a burning permit in Spokane?"])[0], cited, warning,
                                                      decision="warn")
    [request] = FakeOllama.requests
    user = request["body"]["messages"][-1]["content"]
    lines = user.splitlines()
    assert lines[0].startswith("Decision: Answer the question from the passages, and start with the scope")
    assert lines[1] == "The evidence is about: Washington (state), Spokane County (county)."
    assert lines[2] == f"Start the answer with this caution, in your own words: {warning}"
    chosen = lines[lines.index("The sentences that answer it best (use them first, keep their passage "
                               "numbers):") + 1:]
    assert chosen[0] == "- A burning permit is required for outdoor burning from April 15 to October 15. [1]"
    assert "- Crews patrol the line. [2]" not in user  # not an answer, so not offered as one
    assert "do not change it" in request["body"]["messages"][0]["content"]


def test_a_plain_answer_prompt_says_answer_and_offers_no_headings():
    heading = replace(PASSAGES[0], text="Burning permits.", title="RCW 76.04.205 Burning permits")
    messages = build_messages("Do I need a burn permit?", [heading], None, decision="answer")
    assert messages[-1]["content"].startswith("Decision: Answer the question from the passages.\n")
    assert "sentences that answer" not in messages[-1]["content"]


def test_without_a_warning_the_prompt_does_not_ask_for_one():
    messages = build_messages("q?", PASSAGES[:1], None)
    assert "warning" not in messages[-1]["content"].lower()


def test_ollama_errors_are_clear(ollama_host):
    with pytest.raises(GenerationError, match="ollama pull missing"):
        OllamaGenerator(ollama_host, "missing", SENTENCES).generate(Reader(None, None).read(["q?"])[0], PASSAGES, None)
    with pytest.raises(GenerationError, match="did not answer"):
        OllamaGenerator(f"http://127.0.0.1:{free_port()}", "llama3.2", SENTENCES, timeout=5).generate(Reader(None, None).read(["q?"])[0], PASSAGES, None)
    with pytest.raises(ConfigurationError, match="GEORISK_OLLAMA_HOST"):
        OllamaGenerator(None, None, SENTENCES)


def test_the_ollama_compose_files_start_the_same_server():
    import yaml

    docker = Path(__file__).resolve().parents[2] / "docker"
    alone = yaml.safe_load((docker / "ollama.yaml").read_text())
    beside_neo4j = yaml.safe_load((docker / "compose.yaml").read_text())
    assert alone["services"]["ollama"] == beside_neo4j["services"]["ollama"]
    assert "127.0.0.1:11434:11434" in alone["services"]["ollama"]["ports"]
