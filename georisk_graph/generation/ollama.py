"""Answers worded by a local LLM through an Ollama server (host and model are settings)."""

from __future__ import annotations

from typing import Sequence

from ..decision import Citation
from ..exceptions import ConfigurationError, GenerationError

SYSTEM_PROMPT = (
    "You answer questions about wildfires and other natural hazards for residents. Use only the numbered "
    "passages you are given; cite every statement with its passage number in brackets, like [1]. If the "
    "passages do not contain the answer, say so. Keep the answer short."
)


def build_messages(question: str, citations: Sequence[Citation], warning: str | None) -> list[dict[str, str]]:
    """The chat messages sent to the model: the decision's scope warning and the numbered passages."""
    passages = "\n\n".join(
        f"[{n}] {c.title} ({', '.join(p.name for p in c.places) or 'no place named'})\n{c.text}"
        for n, c in enumerate(citations, start=1)
    )
    instructions = ""
    if warning:
        instructions = ("The evidence does not match the question's place exactly. Start the answer with "
                        f"this warning, in your own words: {warning}\n\n")
    user = f"{instructions}Passages:\n{passages}\n\nQuestion: {question}"
    return [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": user}]


class OllamaGenerator:
    """Calls ``/api/chat`` of an Ollama server. Construction does no I/O."""

    name = "ollama"

    def __init__(self, host: str | None, model: str | None, *, timeout: float = 120.0) -> None:
        if not host or not model:
            raise ConfigurationError(
                "the Ollama generator needs a host and a model: set GEORISK_OLLAMA_HOST (e.g. "
                "http://127.0.0.1:11434) and GEORISK_OLLAMA_MODEL (e.g. llama3.2)")
        self.host = host
        self.model = model
        self.timeout = timeout

    def generate(self, question: str, citations: Sequence[Citation], warning: str | None) -> str:
        import httpx
        import ollama

        client = ollama.Client(host=self.host, timeout=self.timeout)
        try:
            reply = client.chat(model=self.model, messages=build_messages(question, citations, warning),
                                options={"temperature": 0})
        except (httpx.HTTPError, ollama.ResponseError, ConnectionError) as err:
            raise GenerationError(f"the Ollama server at {self.host} did not answer with model {self.model}: "
                               f"{err}. Check that it runs (ollama serve) and has the model "
                               f"(ollama pull {self.model}).") from err
        return reply.message.content.strip()
