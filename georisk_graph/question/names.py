"""Patterns for the names a question gives, as Cypher's ``=~`` and the full-text index take them: an
incident in a passage's text or a report's title, a named thing in any case. Retrieval builds its
parameters from them; they hold nothing of the question but literal words."""

from __future__ import annotations

import re


def incident_pattern(name: str) -> str:
    """A regular expression (Java syntax, as Cypher's ``=~`` takes it) matching a whole text that names
    the incident ``name``, not a longer name ending in it: "the Springs Fire" but not "Sheep Springs
    Fire". Any letters of the name are escaped, so the pattern holds nothing of the question but
    literal words."""
    body = _literal(name.split(), r"\s+")
    return (r"(?s).*(?:^|(?<=\b[Tt]he\s)|(?<![A-Z][\w'.-]{0,30}\s))(?i:" + body + r")\b.*")


def incident_title_pattern(name: str) -> str:
    """A regular expression matching a whole document title that is the incident ``name`` itself, with or
    without the word "Fire" and a year: InciWeb titles its reports "Reevas Basin" for the Reevas Basin
    Fire, CAL FIRE "Lions Fire (2018)". Such a report's passages are about the incident even where they
    say only "the fire"."""
    body = _literal(bare_name(name).split(), r"\s+")
    return r"(?i)\s*" + body + r"(?:\s+Fires?)?(?:\s*\(\d{4}\))?\s*"


def without_year(title: str) -> str:
    """A report's title without the year CAL FIRE adds to it: "Delta Fire (2018)" -> "Delta Fire"."""
    title = title.strip()
    if title.endswith(")") and " (" in title and title[title.rindex(" (") + 2:-1].isdigit():
        return title[:title.rindex(" (")].rstrip()
    return title


def bare_name(name: str, last: tuple[str, ...] = ("fire",)) -> str:
    """``name`` without its last word when that is one of ``last`` (lower case), or its plural, and not the whole
    name: "Dixie Fire" -> "Dixie"; with ``last=("fire", "complex")``, "August Complex" -> "August"."""
    words = name.split()
    return " ".join(words[:-1]) if len(words) > 1 and words[-1].lower().removesuffix("s") in last else name


def name_forms(name: str) -> list[str]:
    """A name with its last word as written and in its other number: "teams" and "team"."""
    *head, last = name.split()
    other = last[:-1] if last.endswith("s") and not last.endswith("ss") else last + "s"
    return [name, " ".join([*head, other])]


def name_pattern(name: str) -> str:
    """A regular expression matching a whole text that names ``name`` (lower-case words, as
    :func:`names_asked` gives them) in any case and with any punctuation between its words."""
    return r"(?is).*\b" + _literal(name.split(), r"\W+") + r"\b.*"


def _literal(words: list[str], between: str) -> str:
    """``words`` as a Java regular expression matching them literally, ``between`` (a pattern) between each two:
    every character but a letter or a digit is escaped, so nothing of a question is read as a pattern."""
    return between.join(re.sub(r"([^A-Za-z0-9])", r"\\\1", word) for word in words)
