"""Faithfulness judged by an LLM on an Ollama server the user runs (GEORISK_OLLAMA_HOST / _MODEL).

The judge is asked one yes/no question per answer: is every statement of the answer supported by the
passages? "yes" scores 1.0, anything else 0.0. Construction does no I/O.
"""

from __future__ import annotations

from typing import Sequence

from ..exceptions import ConfigurationError, GenerationError
from ..optional import require

JUDGE_PROMPT = (
    "You check answers against their sources. Below are numbered passages, a question and an answer. "
    "Is every statement of the answer supported by the passages? Reply with one word: yes or no.\n\n"
    "Passages:\n{passages}\n\nQuestion: {question}\n\nAnswer: {answer}"
)


class OllamaJudge:
    """Scores an answer 1.0 when the model says every statement is supported, else 0.0."""

    def __init__(self, host: str | None, model: str | None, *, timeout: float = 120.0) -> None:
        if not host or not model:
            raise ConfigurationError("the LLM judge needs GEORISK_OLLAMA_HOST and GEORISK_OLLAMA_MODEL")
        self.host = host
        self.model = model
        self.timeout = timeout

    @property
    def label(self) -> str:
        return f"LLM judge ({self.model})"

    def __call__(self, question: str, answer: str, passages: Sequence[str]) -> float:
        ollama = require("ollama", "ollama", "the Ollama judge")
        import httpx  # installed with ollama

        numbered = "\n\n".join(f"[{n}] {text}" for n, text in enumerate(passages, start=1))
        prompt = JUDGE_PROMPT.format(passages=numbered, question=question, answer=answer)
        client = ollama.Client(host=self.host, timeout=self.timeout)
        try:
            reply = client.chat(model=self.model, messages=[{"role": "user", "content": prompt}],
                                options={"temperature": 0})
        except (httpx.HTTPError, ollama.ResponseError, ConnectionError) as err:
            raise GenerationError(f"the Ollama judge at {self.host} did not answer with model {self.model}: "
                                  f"{err}") from err
        words = (reply.message.content or "").strip().lower().split()
        return 1.0 if words and words[0].strip(".,!:") == "yes" else 0.0
