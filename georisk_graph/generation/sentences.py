"""The sentences of a passage that can be quoted as an answer.

Passages are cut from web pages, reports and statutes, so a "sentence" found between two periods is
often something else: a heading ("Findings, declarations relative to prescribed burns."), a section
label run into its text ("Lake Fire Background: On July 5, ..."), a list item that continues a
lead-in ("6. Is considered to be in the public interest ..."), a statute's subsections run together
("... facilities.(2) For example, ..."), or text cut off by the source ("... to implement the...").
:func:`passage_sentences` splits, cleans and labels them: a :class:`Sentence` that is not ``quotable``
says why, and is never shown as a sentence of an answer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..analysis import STOP_WORDS as STOPWORDS
from ..analysis import sentence_spans
from ..analysis import words as words_of
from ..lexicon import HEADING_LINKS

_ALPHA_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")

@dataclass(frozen=True)
class Sentence:
    """One sentence of passage ``passage`` (1-based, the citation number), ``position`` its place in the
    passage. ``text`` is what an answer shows. ``problem`` is None for a sentence that can be quoted,
    else why it cannot (heading, cut off, fragment, question, link)."""

    text: str
    passage: int
    position: int
    field: bool = False
    problem: str | None = None

    @property
    def quotable(self) -> bool:
        return self.problem is None

    @property
    def shown(self) -> str:
        """``text`` with a full stop when it has no closing punctuation of its own; a lead-in whose
        list the passage does not hold ends in an ellipsis."""
        if self.text.endswith(":"):
            return self.text + " …"
        return self.text if self.text[-1] in ".!?\"'”’)" else self.text + "."


# A statute's numbered subsections run together without a space: "facilities.(2) For example", and a
# definitions section's terms: "from the foundation.(ii) "Firewise" means ...", "76.09 RCW.(2) "Closed
# season" means ...". An item may also follow
# its conjunction glued on: "the department; or(b) Refuse ...".
_RUN_ON_SUBSECTION = re.compile(r"(?:(?<=[A-Za-z0-9)\]][.;:])|(?<=[;,] or)|(?<=[;,] and))\s*"
                                r"(?=\((?:\d{1,3}|[a-z]{1,4}|[A-Z])\)\s*[A-Z(\"“])")
# A section label in the middle of a line: "... 40% contained Background: On July 5, ...".
_SECTION = r"(?:Background|Summary|Overview|Updates?|Current Status|Status|Situation|Highlights|Notes?|" \
           r"Announcements?|Description|Details|Information|Info|Why|What|When|Where)"
_INLINE_SECTION = re.compile(rf"(?<=[a-z0-9.%)])\s+(?=(?:[A-Z][\w'’&-]*\s+){{0,3}}{_SECTION}\s*:)")
_SECTION_LABEL = re.compile(rf"^(?:[A-Za-z][\w'’&-]*\s+){{0,4}}?{_SECTION}\s*:\s*", re.IGNORECASE)
# A list label or bullet at the start: "(e) ", "1. ", "A. ", "(b)(1) ", "• "; or a statute's section
# number run into its text: "81-520.01.Statewide open burning ban".
_LIST_LABEL = re.compile(r"^(?:(?:\((?:\d{1,3}|[A-Za-z]{1,4})\)|\d{1,3}[.)](?!\d)|[a-z][.)]|[A-Z]\.(?= [A-Z][a-z]))"
                         r"\s*)+|^[-*•·▪\uf0b7]+\s*|^(?:§\s*)?\d+[-–.:]\d[\d\-–.:,]*?\.?\s*(?=[A-Z][a-z])")
# A statute's editorial notes, not its rule: "Law reviews.— ...", "The 2021 amendment, effective ...".
_ANNOTATION = re.compile(r"^(?:Law reviews?|Am\. Jur|C\.J\.S|Cross[- ]references?|History|Annotations?|"
                         r"Compiler'?s notes?|Editor'?s notes?|Effect of amendments?|Source|Credits|"
                         r"The \d{4} amendments?)\b")
# "Acres burned: 311", "Administrative unit: CAL FIRE", "Evacuations: All levels lifted": a field name
# in sentence case, then its value.
_FIELD = re.compile(r"^[A-Z][a-z]+(?: [a-z]+){0,3}\s*:\s*\S")
# A heading set before its text: "Area and Road Closures: The ...".
_TITLE_LABEL = re.compile(r"^(?:[A-Z][\w'’&/-]*)(?:\s+(?:[A-Z][\w'’&/-]*|and|of|the|for|&)){0,5}\s*:\s*"
                          r"(?=[A-Z0-9\"“])")
# A list item that continues its lead-in has no subject: "Is considered to be in the public interest".
_NO_SUBJECT = re.compile(r"^(?:Is|Are|Was|Were|Has|Have|Had|Shall|Must|Will|Would|Includes?|Including|Means|"
                         r"Provides?|Requires?)\b")
# A status line of an incident record says what happened in two to five words: "Evacuations Lifted".
_STATUS_LINE = re.compile(r"[A-Z][a-z]+(?: [A-Za-z]+){0,3} (?:[A-Za-z]+ed)")
_CUT = re.compile(r"(?:\.\.\.|…)[\"'”’)]*$")
_ENDS = ".!?\"'”’)"
_FUNCTION_END = re.compile(r"\b(?:the|a|an|of|and|or|to|in|for|with|on|at|by|from|that|which|as|is|are)$",
                           re.IGNORECASE)
_LINK = re.compile(r"https?://|\bwww\.", re.IGNORECASE)
# A sentence that ends by giving a link: "All evacuation levels have been lifted. https://bit.ly/x".
_TRAILING_LINK = re.compile(r"^(.*?[.!?])\s+((?:https?://|www\.)\S+?)[.,;]?$", re.IGNORECASE)
_DOMAIN = re.compile(r"\w\.(?:gov|org|com|net|us|info)\b", re.IGNORECASE)
# An incident record's status line: "17,275 acres and 95% contained".
_MEASURE = re.compile(r"\d[\d,.]*\s*(?:acres?\b|%|percent\b)", re.IGNORECASE)
_MODAL = re.compile(r"\b(?:shall|must|may|is required|are required|is unlawful|is prohibited)\b")
# characters; a longer "sentence" is a run of clauses no one reads as an answer. A statute's single rule
# may be long ("It is unlawful for any person to kindle ... during the months of February, March, April,
# October and November, ... without first having obtained a burning permit ...", 783 characters); one
# statute sentence in twenty is 700 to 1,000 characters long.
LONGEST = 1000


# A heading run into its text without a space: "Governor's authority to executeThe Governor of ...".
_GLUED = re.compile(r"(?<=[a-z]{3})(?=(?:The|A|An|Any|No|Each|Every|This|These|In|If|When|Whenever|Unless)\s)")


def _pieces(text: str) -> list[str]:
    pieces = []
    for start, end in sentence_spans(text):
        for part in _RUN_ON_SUBSECTION.split(text[start:end]):
            for piece in _INLINE_SECTION.split(part):
                pieces += [p.strip() for p in _GLUED.split(piece) if p.strip()]
    return pieces


# A list item's label: "(1) ", "(a) ", "1. ", "a) ".
_ITEM = re.compile(r"^(?:\((?:\d{1,3}|[a-z]{1,4}|[A-Z])\)|\d{1,3}[.)]|[a-z][.)])\s")
_ITEM_GOES_ON = (";", "; and", "; or", ",", ", and", ", or")


def _bullet(piece: str) -> bool:
    """A line of an unlabelled list: short, opening in a capital or digit, with no closing punctuation
    ("Guinn Ridge – 1,462 acres (Pocahontas County)")."""
    return (piece[:1].isupper() or piece[:1].isdigit()) and piece[-1] not in ".!?:;," and \
        1 <= len(_ALPHA_WORD.findall(piece)) <= 15 and not _LINK.search(piece) and not _DOMAIN.search(piece)


_BULLETS = 10  # lines of an unlabelled list joined to its lead-in at most; more are left out ("…")


def _lists(pieces: list[str]) -> list[tuple[str, bool]]:
    """The pieces with each enumerated list joined into one sentence: a lead-in ending in ":" (when
    the passage holds it) and the labelled items after it, each but the last ending in ";" or ",", the
    last in ".": "The manager may: (1) close an area; (2) prohibit any burning." A piece is paired with
    whether it is such a list."""
    out: list[tuple[str, bool]] = []
    i = 0
    while i < len(pieces):
        start = i + 1 if pieces[i].endswith(":") else i
        end = start
        while end < len(pieces) and _ITEM.match(pieces[end]):
            end += 1
            if not pieces[end - 1].endswith(_ITEM_GOES_ON):
                break
        if start > i and end == start:  # a lead-in with unlabelled lines: "... this spring include:"
            while end < len(pieces) and _bullet(pieces[end]):
                end += 1
            lines = pieces[start:end]
            # one line under a label is the label's value: "Smoke Information:" "AirNow - Learn about ..."
            if len(lines) >= 2 or (lines and len(_ALPHA_WORD.findall(pieces[i])) <= 4):
                more = "; …" if len(lines) > _BULLETS else "."
                out.append((pieces[i] + " " + "; ".join(lines[:_BULLETS]) + more, True))
                i = end
                continue
            end = start
        items = pieces[start:end]
        if len(items) >= 2 and items[-1].endswith(".") and all(p.endswith(_ITEM_GOES_ON) for p in items[:-1]):
            # the lead-in's own label goes ("(1) Except ... to burn:"); its items keep theirs
            lead_in = [_LIST_LABEL.sub("", pieces[i], count=1)] if start > i else []
            out.append((" ".join(lead_in + items), True))
            i = end
        else:
            out.append((pieces[i], False))
            i += 1
    return out


def _clean(piece: str, listed: bool = False) -> tuple[str, bool]:
    """The piece without list labels and section labels; and whether it is a field line."""
    piece = re.sub(r"\s+(?=[.,;:!?](?:\s|$))", "", re.sub(r"\s+", " ", piece)).strip()  # "the public ."
    if not listed:  # a list keeps its labels: "(1) close an area; (2) prohibit any burning."
        piece = _LIST_LABEL.sub("", piece, count=1)
    label = _SECTION_LABEL.match(piece)
    if label and _reads_as_sentence(piece[label.end():]):
        piece = piece[label.end():]
    if _FIELD.match(piece):
        return piece, True
    label = _TITLE_LABEL.match(piece)
    if label and piece[label.end():][:1].isdigit():
        return piece, True  # a named figure: "Table Rock Complex Total: 15,973 acres" keeps its name
    if label and _reads_as_sentence(piece[label.end():]):
        piece = piece[label.end():]
    return piece, False


def _reads_as_sentence(text: str) -> bool:
    words = _ALPHA_WORD.findall(text)
    opens = text[:1].isupper() or text[:1].isdigit() or text[:1] in "\"“"
    return bool(text) and opens and len(words) >= 3 and any(w.islower() and len(w) > 3 for w in words)


def _is_heading(text: str, title: str) -> bool:
    words = _ALPHA_WORD.findall(text)
    if not words:
        return True
    parts = [p for p in re.split(r"[;–—]| - ", text) if p.strip()]
    if len(parts) >= 3 and all(len(_ALPHA_WORD.findall(p)) <= 5 for p in parts):
        return True  # a statute's catchline: "Statewide open burning ban; waiver; permit; fee."
    flat = " ".join(w.lower() for w in words)
    if flat and flat in " ".join(w.lower() for w in _ALPHA_WORD.findall(title)):
        return True  # the passage's own title, repeated at its top
    if _starts_with_title(flat, title):
        return True  # the whole heading of which the title is the cut-off start
    capitalised = sum(w[0].isupper() for w in words if w.lower() not in STOPWORDS)
    content = sum(1 for w in words if w.lower() not in STOPWORDS)
    if text[-1] not in _ENDS:
        return len(words) <= 3 or capitalised >= 0.6 * max(content, 1)
    return content >= 2 and all(w[0].isupper() or w.lower() in HEADING_LINKS for w in words)


def _starts_with_title(flat: str, title: str) -> bool:
    """Whether ``flat`` (lower-case words) is the whole heading that ``title`` cuts short: it opens with
    the title's words (at least four, a section number before them aside) and then the longer word whose
    start ends the title: "Burning permits for abating or prevention of forest fire hazards ...—Fees."
    under the title "WA 70A.15.5120 - Burning permits for abating or prevention of f"."""
    title_words = [w.lower() for w in _ALPHA_WORD.findall(title)]
    words = flat.split()
    for i in range(len(title_words)):
        *whole, cut = title_words[i:]
        if len(whole) < 4 or len(words) <= len(whole):
            break
        later = words[len(whole)]
        if words[:len(whole)] == whole and later != cut and later.startswith(cut):
            return True
    return False


def _states_a_rule(lead_in: str) -> bool:
    """A lead-in that is a whole clause with what must or may be done, its list left out: "a person shall
    have a valid written burning permit obtained from the department to burn:"."""
    words = _ALPHA_WORD.findall(lead_in)
    return len(words) >= 10 and bool(_MODAL.search(lead_in)) and lead_in[:1].isupper()


def _problem(text: str, field: bool, title: str, last: bool) -> str | None:
    if not words_of(text):
        return "empty"
    if _CUT.search(text):
        return "cut off"
    if text[0].islower() or re.match(r"\d[\d.,]*[,)] ", text):
        return "cut off"  # the rest of a sentence that began before the passage: "30, or s. 23.33 ..."
    if text.endswith("?"):
        return "question"
    if text.endswith(":") and not _states_a_rule(text):
        return "heading"
    if " | " in text:
        return "heading"
    if len(text) > LONGEST:
        return "too long"
    if _LINK.search(text):
        return "link"
    if field:
        return None
    if _STATUS_LINE.fullmatch(text) or (_MEASURE.search(text) and not _FUNCTION_END.search(text)
                                        and len(_ALPHA_WORD.findall(text)) >= 2):
        return None
    if _NO_SUBJECT.match(text) or text[-1] in ";,":
        return "fragment"  # a list item, or a lead-in with its first item
    if _ANNOTATION.match(text):
        return "annotation"
    if _is_heading(text, title):
        return "heading"
    if text[-1] not in _ENDS and (_FUNCTION_END.search(text) or (last and len(text) > 250)):
        return "cut off"
    if len(_ALPHA_WORD.findall(text)) < 3:
        return "fragment"
    return None


def passage_sentences(number: int, text: str, title: str = "") -> list[Sentence]:
    """The sentences of passage ``number`` (its text and title), cleaned and labelled."""
    pieces = _lists(_pieces(text))
    out = []
    for position, (piece, listed) in enumerate(pieces):
        cleaned, field = _clean(piece, listed)
        linked = _TRAILING_LINK.match(cleaned)
        if linked and not _LINK.search(linked.group(1)):
            # the statement is quoted without its link; the link stays a sentence of its own (for a
            # question on where to look)
            statement = linked.group(1)
            out.append(Sentence(statement, number, position, field,
                                _problem(statement, field, title, position == len(pieces) - 1)))
        problem = _problem(cleaned, field, title, position == len(pieces) - 1)
        if cleaned:
            out.append(Sentence(cleaned, number, position, field, problem))
    return out
