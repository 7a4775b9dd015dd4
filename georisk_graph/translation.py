"""A question's language, and Spanish read through translation into English.

- :class:`LanguageIdentifier`: English or Spanish, with its confidence, by ``lingua`` (its models ship in its
  wheel), restricted to the two languages the system reads; a question it cannot tell is read as English.
- :class:`Translator`: what the reader needs of a translator, Spanish into English, a batch at a time.
  :class:`ApertiumTranslator` runs Debian's apertium with apertium-eng-spa (rule-based) as one pipeline kept
  running, a question a few milliseconds once warm; :class:`OllamaTranslator` asks a local Ollama model.
  :func:`translator_from_settings` makes the one the settings name (``GEORISK_TRANSLATOR``: apertium, ollama
  or none).

Text between square brackets is kept as it is written: the reader puts the English names of the places a
Spanish question names there ("[New Mexico]"), so that a place is never translated ("Santa Fe" is no "holy
faith"). Nothing here does I/O when it is made; the first translation starts the pipeline.
"""

from __future__ import annotations

import functools
import os
import re
import select
import shlex
import shutil
import subprocess
import threading
import time
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from .exceptions import ConfigurationError, TranslatorMissing

if TYPE_CHECKING:
    from .settings import Settings

ENGLISH, SPANISH = "en", "es"
# Below this confidence that a question is Spanish it is read as English, as it always was (none of the 1,679
# English questions of the labelled sets reaches it; 246 of the 261 Spanish ones do, the rest mostly English fire
# terms in a Spanish frame, which read well enough as English).
SPANISH_AT = 0.6
INSTALL = ("install Debian's apertium and apertium-eng-spa (sudo apt-get install apertium apertium-eng-spa; "
           "`make setup` does it where it may), or set GEORISK_TRANSLATOR=ollama with GEORISK_OLLAMA_HOST and "
           "GEORISK_OLLAMA_MODEL for a local model")


@dataclass(frozen=True)
class Language:
    """The language a question is read in (``code``: en, es) and how sure the identifier is of it (0..1)."""

    code: str
    confidence: float

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "confidence": round(self.confidence, 3)}


# What a text's language is told without: text in square brackets (the places the reader found) and the capitalised
# words inside a sentence, names in any language ("el Sand Drain Fire", "the Rio Grande").
_BRACKETED = re.compile(r"\[[^\]]*\]")
_NAMES_WITHIN = re.compile(r"(?<=[^\s¿¡.!?])(\s+)[A-Z][\w'’-]*")


class LanguageIdentifier:
    """English or Spanish, by lingua's models of the two (loaded on first use, about half a second), told from a
    text's words without its names."""

    def __init__(self) -> None:
        self._detector: Any = None
        self._lock = threading.Lock()

    def identify(self, texts: list[str]) -> list[Language]:
        with self._lock:
            if self._detector is None:
                from lingua import Language as Lingua, LanguageDetectorBuilder

                self._detector = LanguageDetectorBuilder.from_languages(Lingua.ENGLISH, Lingua.SPANISH).build()
            found = []
            for text in texts:
                words = _NAMES_WITHIN.sub(r"\1", _BRACKETED.sub(" ", text))
                values = {v.language.iso_code_639_1.name.lower(): v.value
                          for v in self._detector.compute_language_confidence_values(words)}
                spanish = float(values.get(SPANISH, 0.0))
                found.append(Language(SPANISH, spanish) if spanish >= SPANISH_AT
                             else Language(ENGLISH, float(values.get(ENGLISH, 1.0 - spanish))))
            return found


class Translator(Protocol):
    """Spanish into English, one text per text, in order; text in square brackets kept as written."""

    name: str

    def translate(self, texts: list[str]) -> list[str]: ...


# apertium's stream format: these characters are markup unless escaped
_SPECIAL = re.compile(r"([\\^$@*/<>{}#+~|])")
_MARKS = re.compile(r"(?<!\\)[*#@](?=\w)")  # an unknown word's mark in the output
_ESCAPED = re.compile(r"\\(.)")


def _outermost(text: str) -> str:
    """``text`` with its outermost square brackets kept and any other bracket escaped: apertium reads a bracket as
    the start or end of text it keeps, and waits for ever on one left open."""
    out, depth = [], 0
    for ch in text:
        if ch == "[":
            out.append("[" if depth == 0 else "\\[")
            depth += 1
        elif ch == "]":
            out.append("]" if depth == 1 else "\\]")
            depth = max(depth - 1, 0)
        else:
            out.append(ch)
    if depth:  # left open: nothing is kept, every bracket escaped
        return text.replace("[", "\\[").replace("]", "\\]")
    return "".join(out)


class ApertiumTranslator:
    """Debian's apertium, direction spa-eng (package apertium-eng-spa): the programs of its mode file run as one
    pipeline with null-flush, kept running, so each text costs milliseconds once the pipeline is up."""

    name = "apertium"

    def __init__(self, mode: Path, *, timeout: float = 10.0) -> None:
        self.mode = mode
        self.timeout = timeout
        self._process: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()

    @classmethod
    def find(cls, direction: str = "spa-eng", *, roots: tuple[str, ...] = ("/usr/share/apertium", "/usr/local/share/apertium")
             ) -> "ApertiumTranslator":
        """The translator of ``direction``, or :class:`TranslatorMissing` naming what to install."""
        for root in roots:
            mode = Path(root) / "modes" / f"{direction}.mode"
            if mode.is_file() and shutil.which("lt-proc"):
                return cls(mode)
        raise TranslatorMissing(f"no apertium translator from Spanish to English is installed ({direction}): {INSTALL}")

    def _pipeline(self) -> str:
        """The mode file's programs, each told to flush at a null character."""
        stages = [stage.strip() for stage in self.mode.read_text().split("|")]
        flagged = []
        for stage in stages:
            words = shlex.split(stage.replace("$1", "-g").replace("$2", ""))
            flagged.append(" ".join(shlex.quote(w) for w in [words[0], "-z", *words[1:]])
                           if words[0].startswith(("lt-proc", "lrx-proc", "apertium-")) else stage)
        return " | ".join(flagged)

    def _start(self) -> subprocess.Popen[bytes]:
        if self._process is None or self._process.poll() is not None:
            self._process = subprocess.Popen(self._pipeline(), shell=True, stdin=subprocess.PIPE,
                                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        return self._process

    def translate(self, texts: list[str]) -> list[str]:
        with self._lock:
            return [self._one(text) for text in texts]

    def _one(self, text: str) -> str:
        process = self._start()
        assert process.stdin is not None and process.stdout is not None
        # escape the stream's markup but keep the brackets that hold what is not to be translated
        line = _outermost(_SPECIAL.sub(r"\\\1", " ".join(text.split())))
        process.stdin.write(line.encode() + b"\n\0")
        process.stdin.flush()
        out = b""
        deadline = time.monotonic() + self.timeout
        while not out.endswith(b"\0"):
            left = deadline - time.monotonic()
            ready, _, _ = select.select([process.stdout], [], [], max(left, 0))
            if not ready:
                process.kill()
                raise TranslatorMissing(f"apertium did not translate {text[:60]!r} within {self.timeout:.0f} s; "
                                        f"check the installation: {INSTALL}")
            chunk = os.read(process.stdout.fileno(), 65536)
            if not chunk:
                raise TranslatorMissing(f"apertium stopped while translating {text[:60]!r}: {INSTALL}")
            out += chunk
        translated = out[:-1].decode("utf-8", "replace").strip()
        return _ESCAPED.sub(r"\1", _MARKS.sub("", translated))

    def close(self) -> None:
        if self._process is not None:
            self._process.kill()
            self._process = None


class OllamaTranslator:
    """A local model served by Ollama, asked to translate each question into English, keeping bracketed text."""

    name = "ollama"

    def __init__(self, host: str | None, model: str | None, *, timeout: float = 60.0) -> None:
        if not host or not model:
            raise ConfigurationError("the Ollama translator needs a host and a model: set GEORISK_OLLAMA_HOST and "
                                     "GEORISK_OLLAMA_MODEL")
        self.host, self.model, self.timeout = host, model, timeout

    def translate(self, texts: list[str]) -> list[str]:
        from .optional import require

        ollama = require("ollama", "ollama", "the Ollama translator")
        client = ollama.Client(host=self.host, timeout=self.timeout)
        out = []
        for text in texts:
            reply = client.chat(model=self.model, options={"temperature": 0}, messages=[
                {"role": "system", "content": "Translate the user's question from Spanish into English. Keep text "
                                              "in square brackets exactly as written. Answer with the translation only."},
                {"role": "user", "content": text}])
            out.append((reply.message.content or "").strip())
        return out


@functools.lru_cache(maxsize=1)
def glossary() -> dict[tuple[str, ...], str]:
    """The wildfire terms of Spanish and what a translation keeps of each (``spanish_terms.tsv``): the English
    term in square brackets, or the Spanish a shortened word stands for; keyed by the term's folded words."""
    from .places.gazetteer import tokenize
    from .places.spanish import fold

    text = resources.files(__package__).joinpath("spanish_terms.tsv").read_text(encoding="utf-8")
    terms: dict[tuple[str, ...], str] = {}
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            spanish, english = line.split("\t", 1)
            start = ("^",) if spanish.startswith("^") else ()  # only where a question starts
            terms[start + tuple(fold(t) for t, _, _ in tokenize(spanish.lstrip("^")))] = (
                english[1:] if english.startswith("=") else f"[{english}]")
    return terms


def with_terms(text: str) -> str:
    """``text`` with each wildfire term of the glossary (:func:`glossary`) written as a translation keeps it."""
    from .places.gazetteer import tokenize
    from .places.spanish import fold

    terms = glossary()
    longest = max((len(k) for k in terms), default=1)
    tokens = tokenize(text)
    # "^" marks where a question starts: the text's start, and after "¿" or the end of a sentence
    folded = [("^" + fold(t)) if i == 0 or tokens[i - 1][0] in ("¿", ".", "?", "!", ":") else fold(t)
              for i, (t, _, _) in enumerate(tokens)]
    folded = [w if not w.startswith("^") or ("^", w[1:]) in terms else w[1:] for w in folded]
    out, at, i = [], 0, 0
    inside = 0
    while i < len(tokens):
        inside += (tokens[i][0] == "[") - (tokens[i][0] == "]")
        found = None if inside else next(((n, terms[_key(folded[i:i + n])]) for n in range(min(longest, len(tokens) - i), 0, -1)
                                          if _key(folded[i:i + n]) in terms), None)
        if found is None:
            i += 1
            continue
        n, written = found
        out.append(text[at:tokens[i][1]] + written)
        at = tokens[i + n - 1][2]
        i += n
    return "".join(out) + text[at:]


def _key(words: list[str]) -> tuple[str, ...]:
    """Folded words as a glossary key: a question's opening word marked "^" is looked up as ("^", word)."""
    return ("^", words[0][1:], *words[1:]) if words and words[0].startswith("^") else tuple(words)


def translator_from_settings(settings: "Settings") -> Translator | None:
    """The translator the settings name (``translator``: apertium, ollama, none); None for none. An apertium
    that is not installed is None too: a Spanish question then gets the message saying what to install."""
    if settings.translator == "none":
        return None
    if settings.translator == "ollama":
        return OllamaTranslator(settings.ollama_host, settings.ollama_model)
    if settings.translator != "apertium":
        raise ConfigurationError(f"unknown translator {settings.translator!r}: use apertium, ollama or none")
    try:
        return ApertiumTranslator.find()
    except TranslatorMissing:
        return None
