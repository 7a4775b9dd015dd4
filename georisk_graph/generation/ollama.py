"""Answers worded by a local LLM through an Ollama server (host and model are settings).

The model words a decision made before it runs: the prompt gives it the decision, the places the
evidence is about, the scope warning to start with, and the sentences the extractive answer would
quote (:func:`georisk_graph.generation.extractive.choose`), so a small model starts from the right
sentences rather than from the first passage.
"""

from __future__ import annotations

from typing import Sequence

from ..evidence import Citation
from ..question import Reading
from ..exceptions import ConfigurationError, GenerationError
from ..models import FittedModel
from ..optional import require
from .base import Worded
from .extractive import choose
from .sentences import Sentence

SYSTEM_PROMPT = (
    "You answer questions about wildfires and other natural hazards for residents. Use only the numbered "
    "passages you are given; cite every statement with its passage number in brackets, like [1]. If the "
    "passages do not contain the answer, say so. Keep the answer short: at most three sentences. The "
    "decision to answer has already been made from the geography of the evidence; do not change it."
)

DECISIONS = {
    "answer": "Answer the question from the passages.",
    "warn": "Answer the question from the passages, and start with the scope caution below: the evidence "
            "does not match the question's place exactly.",
}


def _scope(citations: Sequence[Citation]) -> str:
    names: list[str] = []
    for c in citations:
        for p in (c.evidence_place,) if c.evidence_place else c.places:
            named = f"{p.name} ({p.level})" if p.level else p.name
            if named not in names:
                names.append(named)
    return ", ".join(names) or "no place named"


def build_messages(question: str, citations: Sequence[Citation], warning: str | None, *,
                   decision: str = "answer", sentences: Sequence[Sentence] = ()) -> list[dict[str, str]]:
    """The chat messages sent to the model: the decision, the evidence's scope, the scope warning, the
    sentences chosen to answer with and the numbered passages."""
    lines = [f"Decision: {DECISIONS.get(decision, DECISIONS['answer'])}",
             f"The evidence is about: {_scope(citations)}."]
    if warning:
        lines.append(f"Start the answer with this caution, in your own words: {warning}")
    if sentences:
        lines.append("The sentences that answer it best (use them first, keep their passage numbers):")
        lines += [f"- {s.shown} [{s.passage}]" for s in sentences]
    passages = "\n\n".join(
        f"[{n}] {c.title} ({', '.join(p.name for p in c.places) or 'no place named'})\n{c.text}"
        for n, c in enumerate(citations, start=1)
    )
    user = "\n".join(lines) + f"\n\nPassages:\n{passages}\n\nQuestion: {question}"
    return [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": user}]


class OllamaGenerator:
    """Calls ``/api/chat`` of an Ollama server, with the sentences the sentence model (``sentences``) would
    quote given as the likeliest answer. Construction does no I/O."""

    name = "ollama"

    def __init__(self, host: str | None, model: str | None, sentences: FittedModel, *,
                 timeout: float = 120.0) -> None:
        if not host or not model:
            raise ConfigurationError(
                "the Ollama generator needs a host and a model: set GEORISK_OLLAMA_HOST (e.g. "
                "http://127.0.0.1:11434) and GEORISK_OLLAMA_MODEL (e.g. llama3.2)")
        self.host = host
        self.model = model
        self.timeout = timeout
        self.sentences = sentences

    def generate(self, reading: Reading, citations: Sequence[Citation], warning: str | None, *,
                 decision: str = "answer") -> Worded:
        ollama = require("ollama", "ollama", "the Ollama generator")
        import httpx  # installed with ollama

        choice = choose(reading, citations, self.sentences)
        messages = build_messages(reading.text, citations, warning, decision=decision,
                                  sentences=() if choice.fallback else choice.sentences)
        client = ollama.Client(host=self.host, timeout=self.timeout)
        try:
            reply = client.chat(model=self.model, messages=messages, options={"temperature": 0})
        except (httpx.HTTPError, ollama.ResponseError, ConnectionError) as err:
            raise GenerationError(f"the Ollama server at {self.host} did not answer with model {self.model}: "
                               f"{err}. Check that it runs (ollama serve) and has the model "
                               f"(ollama pull {self.model}).") from err
        return Worded((reply.message.content or "").strip(), choice.scored)
