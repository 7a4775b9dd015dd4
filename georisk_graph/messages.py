"""The words the system writes for a person, in the language the question was asked in.

A decision's reason and warning are written from message templates (``_("... {place} ...").format(...)``)
whose translations live in a gettext catalogue, ``georisk_graph/locale/<language>/LC_MESSAGES/georisk.po``,
read with Babel when first needed; English is the templates themselves. :func:`speaking` sets the language
for the code inside it (a context variable: each thread or task its own), so the decision is written once and
worded in the asker's language. A message the catalogue lacks stays in English.
"""

from __future__ import annotations

import functools
import gettext as translations
import io
from contextlib import contextmanager
from contextvars import ContextVar
from importlib import resources
from typing import Iterator

DOMAIN = "georisk"
_SPEAKING: ContextVar[str] = ContextVar("speaking", default="en")


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """Write the messages inside in ``language`` (en, es)."""
    token = _SPEAKING.set(language)
    try:
        yield
    finally:
        _SPEAKING.reset(token)


def language() -> str:
    """The language messages are written in now."""
    return _SPEAKING.get()


def gettext(message: str) -> str:
    """``message`` in the language spoken now (:func:`speaking`), from the catalogue; as it is in English. Callers
    import it as ``_``, gettext's convention, which extraction (and tests/unit/test_spanish.py) looks for."""
    spoken = _SPEAKING.get()
    return message if spoken == "en" else catalogue(spoken).gettext(message)


@functools.lru_cache(maxsize=8)
def catalogue(language: str) -> translations.NullTranslations:
    """The translations of ``language``, compiled from its .po file when first asked for; none (English) when
    the package holds no catalogue of it."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    source = resources.files(__package__).joinpath("locale", language, "LC_MESSAGES", f"{DOMAIN}.po")
    if not source.is_file():
        return translations.NullTranslations()
    with source.open("rb") as po:
        compiled = io.BytesIO()
        write_mo(compiled, read_po(po, locale=language, domain=DOMAIN))
    compiled.seek(0)
    return translations.GNUTranslations(compiled)
