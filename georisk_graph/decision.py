"""Selective answering: answer, warn or abstain from the geographic relation of the best evidence,
and warn when a question about the present has only old evidence.

The policy of docs/design.md §1, as a small function of data with no I/O: given the question's place and
the passages ranked for it (δ first, then the probability the relevance model gives that the passage answers, then cosine; each kept because that probability cleared the model's threshold),
decide and say
why in words a resident can read, naming the places and their levels. Beside it the temporal
decision (:func:`decide_in_time`): a question about the present ("still", "now", "currently", "is
there a burn ban") answered only from evidence older than the freshness window of its kind is
warned, with the evidence's date; a question naming a fire that several incidents share, without a
year, is answered for the most recent and warned that others exist.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import date
from typing import Iterable, Sequence

from .dependence import Dependence
from .evidence import ABSTAIN, ANSWER, WARN, Citation, Decided, PlaceDecision, Ranked
from .geo import COUNTY, PlaceRef
from .messages import gettext as _, speaking
from .question import QueryPlace, Reading

def _distinct(passages: Iterable[Citation], per_document: int = 2) -> tuple[Citation, ...]:
    """Passages in order, without repeated texts (the corpus holds some sections twice) and with at
    most ``per_document`` passages of one document, so citations show different sources."""
    kept: list[Citation] = []
    texts: set[str] = set()
    count: dict[str, int] = {}
    for c in passages:
        if c.text in texts or count.get(c.document_id, 0) >= per_document:
            continue
        texts.add(c.text)
        count[c.document_id] = count.get(c.document_id, 0) + 1
        kept.append(c)
    return tuple(kept)


# The levels of the geography as a reason names them ("Spokane (place)"), each a message of the catalogue.
LEVELS = {"country": _("country"), "state": _("state"), "county": _("county"), "place": _("place"), "cdp": _("cdp"),
          "populated_place": _("populated_place"), "protected_area": _("protected_area"), "tribal_area": _("tribal_area"),
          "territory": _("territory"), "federal_district": _("federal_district"), "event": _("event")}


def _named(place: PlaceRef | None) -> str:
    if place is None:
        return _("an unknown place")
    return "{name} ({level})".format(name=place.name, level=_(place.level)) if place.level else place.name


def _scopes(cited: Sequence[Citation], first: PlaceRef | None) -> str:
    """Every place the cited passages are evidence about, named with its level, in citation order
    ("Texas (state) and New Jersey (state)"): a warning names the scope of each passage it stands
    over, not only the best one's."""
    places: list[PlaceRef] = []
    for p in [first, *(c.evidence_place for c in cited)]:
        if p is not None and all(p.id != q.id for q in places):
            places.append(p)
    names = [_named(p) for p in places] or [_named(first)]
    return names[0] if len(names) == 1 else _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])


def decide(place: PlaceRef | None, passages: Sequence[Citation], *, k: int = 5, asked: str | None = None) -> PlaceDecision:
    """Decide for one question place from its passages, best first (δ first, then the probability the relevance
    model gives that the passage answers, then cosine). ``asked``: what the question asks (its clause), named when
    no passage answers it."""
    if not passages:
        asked = (asked or "").strip()
        if place is not None:
            reason = (_("No passage about {place} or the places that contain it in the knowledge base answers what "
                        "the question asks ({asked!r}).") if asked else
                      _("No passage about {place} or the places that contain it in the knowledge base answers it."))
        else:
            reason = (_("No passage in the knowledge base answers what the question asks ({asked!r}).") if asked
                      else _("No passage in the knowledge base answers it."))
        return PlaceDecision(place, ABSTAIN, reason.format(place=_named(place), asked=asked))
    if place is None:
        about = sorted({p.name for c in passages[:k] for p in c.places})
        reason = (_("The question names no place, so geography does not limit the answer; the evidence is about "
                    "{places}.").format(places=", ".join(about)) if about else
                  _("The question names no place, so geography does not limit the answer; the evidence names no place."))
        return PlaceDecision(None, ANSWER, reason, citations=_distinct(passages)[:k])

    best = passages[0]
    same = _distinct(c for c in passages if c.relation == best.relation)[:k]
    evidence = best.evidence_place
    if best.relation == "exact":
        return PlaceDecision(place, ANSWER, _("The evidence is about {place} itself.").format(place=_named(place)),
                             relation="exact", citations=same)
    if best.relation == "broader":
        if all(c.doc_type == "incident_report" for c in same):
            # A fire report of the county says what happened there, not what rules hold in the town.
            warning = _("This reports on {scope} as a whole, not specifically on {name}; it may not hold for {name} "
                        "itself.").format(scope=_scopes(same, evidence), name=place.name)
        else:
            warning = _("This applies to {scope} as a whole, not specifically to {name}; {name} may have its own, "
                        "stricter local rules.").format(scope=_scopes(same, evidence), name=place.name)
        reason = _("No passage is about {place} itself; the closest evidence covers {evidence}, which contains it "
                   "({path}).").format(place=_named(place), evidence=_named(evidence), path=best.path_text())
        return PlaceDecision(place, WARN, reason, warning, "broader", same)
    if best.relation == "narrower":
        warning = _("This is specific to {scope}; other parts of {name} may differ.").format(
            scope=_scopes(same, evidence), name=place.name)
        reason = _("No passage is about {place} as a whole; the closest evidence is about {evidence}, inside it "
                   "({path}).").format(place=_named(place), evidence=_named(evidence), path=best.path_text())
        return PlaceDecision(place, WARN, reason, warning, "narrower", same)
    if best.relation == "different":
        reason = _("The only matching guidance is for {evidence}, not for {place}: they share only {lca} "
                   "({path}).").format(evidence=_named(evidence), place=_named(place), lca=_named(best.lca),
                                       path=best.path_text())
        return PlaceDecision(place, ABSTAIN, reason, relation="different", citations=same)
    reason = _("The matching passages are not about any place connected to {place}, so they cannot be said to apply "
               "there.").format(place=_named(place))
    return PlaceDecision(place, ABSTAIN, reason, relation="unrelated", citations=same)


def decide_within(unknown: str, container: PlaceRef | None, passages: Sequence[Citation], *, k: int = 5,
                  incidents: Sequence[str] = ()) -> PlaceDecision:
    """Decide for an unknown place named with a known container ("Xville, Washington"): evidence about
    the container or above it applies with a warning; evidence about other parts of it does not, unless it
    is the report of the incident the question names (the unknown place only says where that fire was)."""
    if not passages:
        return PlaceDecision(container, ABSTAIN, _("{unknown!r} is not a place in the knowledge base, and no relevant "
                                                   "passage about {place} was found.").format(
                                                       unknown=unknown, place=_named(container)))
    best = passages[0]
    same = _distinct(c for c in passages if c.relation == best.relation)[:k]
    if incidents and best.relation == "narrower" and dict(best.features).get("named"):
        reason = _("{unknown!r} is not a place in the knowledge base; it says where the {fire} burned, and the "
                   "evidence is that fire's report, about {evidence} in {place}.").format(
            unknown=unknown, fire=_(" and ").join(incidents), evidence=_named(best.evidence_place), place=_named(container))
        return PlaceDecision(container, ANSWER, reason, relation="exact",
                             citations=tuple(c for c in same if dict(c.features).get("named")))
    if best.relation in ("exact", "broader"):
        scope = best.evidence_place or container
        warning = _("{unknown!r} is not a place in the knowledge base; this applies to {scope} as a whole, and "
                    "{name} may have its own local rules.").format(unknown=unknown, scope=_scopes(same, scope), name=unknown)
        reason = _("{unknown!r} could not be matched to a known place; the question places it in {place}, and the "
                   "evidence covers {evidence}.").format(unknown=unknown, place=_named(container), evidence=_named(scope))
        return PlaceDecision(container, WARN, reason, warning, "broader", same)
    reason = _("{unknown!r} could not be matched to a known place, and the only matching evidence is about "
               "{evidence}, which may not include it.").format(unknown=unknown, evidence=_named(best.evidence_place))
    return PlaceDecision(container, ABSTAIN, reason, relation=best.relation, citations=same)


_RANK = {ANSWER: 0, WARN: 1, ABSTAIN: 2}


def combine(decisions: Sequence[PlaceDecision]) -> str:
    """One decision for a question naming several places: answer only if every place is answered,
    abstain only if every place abstains, otherwise warn."""
    kinds = {d.decision for d in decisions}
    if kinds == {ANSWER}:
        return ANSWER
    if kinds == {ABSTAIN}:
        return ABSTAIN
    return WARN



# -- time --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Freshness:
    """How long evidence of each kind stays current (Settings ``fresh_incident_days`` and
    ``fresh_restriction_days``). A statute stands until it is amended: it never goes stale."""

    incident_days: int = 3  # an incident's status or evacuations: a report older than this may be out of date
    restriction_days: int = 14  # a burn ban or restriction that states no period of its own

    def window(self, citation: Citation) -> int | None:
        """Days the evidence stays current after its date; None when it never goes stale."""
        if citation.doc_type == "statute":
            return None
        return self.incident_days if citation.doc_type == "incident_report" else self.restriction_days


def is_stale(citation: Citation, as_of: date, freshness: Freshness = Freshness()) -> bool:
    """The one rule: evidence is stale on ``as_of`` when the period it states has ended (a burn ban's
    ``valid_to``) or, stating none, when it is older than the window of its kind; a statute never.
    Undated evidence (a user's file without a date) is not judged: nothing says how old it is. An
    incident report's ``valid_to`` is the last day its source showed it, so it is dated by that and
    given the incident window."""
    window = freshness.window(citation)
    day = citation.dated()
    if window is None or day is None:
        return False
    if citation.valid_to and citation.doc_type != "incident_report":
        return date.fromisoformat(citation.valid_to) < as_of
    return (as_of - date.fromisoformat(day)).days > window


_TITLE_YEAR = re.compile(r"\((\d{4})\)\s*$")


def incident_year(citation: Citation) -> str | None:
    """The year of the incident a report is about: its title's "(2021)", else the start of the period
    it describes, else its date."""
    found = _TITLE_YEAR.search(citation.title)
    if found:
        return found.group(1)
    day = citation.valid_from or citation.published
    return day[:4] if day else None


def _incident_key(name: str) -> str:
    """An incident's name as titles give it, without the year and the word for the kind of fire:
    "Dixie Fire (2021)", "Dixie Fire" and "Dixie" all give "dixie"."""
    name = _TITLE_YEAR.sub("", name).strip().lower()
    return re.sub(r"\s+(?:fire|complex)$", "", name)


def is_report_on(citation: Citation, incident: str) -> bool:
    """Whether ``citation`` is a report on the incident ``incident`` itself (its title names it), not a
    report on another fire that mentions it."""
    return citation.doc_type == "incident_report" and _incident_key(citation.title) == _incident_key(incident)


def _kind(citation: Citation) -> str:
    return {"incident_report": _("an incident report"), "statute": _("a statute")}.get(citation.doc_type or "",
                                                                                       _("this evidence"))


_NAMESAKES_LISTED = 3  # the other incidents of a shared name a warning names at most


def _namesakes_warning(cited: tuple[Citation, ...], incident: str, namesakes: tuple[str, ...]) -> str | None:
    """For a name several incidents share (``namesakes``, each "Valley Fire (2015, Lake County)"), which one the
    evidence is about and up to three others; None when no cited report is on an incident of the name."""
    report = next((c for c in cited if is_report_on(c, incident)), None)
    if report is None or len(namesakes) < 2:
        return None
    year = incident_year(report)
    places = report.record.places if report.record else tuple(p.name for p in report.places if p.level == COUNTY)
    which = ", ".join([*([year] if year else []), *places[:2]])
    others = [n for n in namesakes if not (year and f"({year}" in n and (not places or any(p in n for p in places)))]
    if len(others) == len(namesakes) or not others:
        return None  # the report cited is none of those listed, or the only one
    listed = "; ".join(others[:_NAMESAKES_LISTED])
    if len(others) > _NAMESAKES_LISTED:
        listed = _("{listed}; and {more} more").format(listed=listed, more=len(others) - _NAMESAKES_LISTED)
    return _("{count} incidents are named {incident}; this is about the one of {which}. Others: {others}. Name the "
             "year or the place to ask about another.").format(count=len(namesakes), incident=incident, which=which,
                                                                others=listed)


def _one_of_namesakes(decisions: tuple[PlaceDecision, ...], incident: str,
                      namesakes: tuple[str, ...]) -> tuple[PlaceDecision, ...]:
    """The decisions for a question naming a fire several incidents share, without a year or a place: when the
    reports cited are on one of them, the first decision citing one says which, and names others (an answer is
    at most a warning)."""
    reports = [c for d in decisions if d.decision != ABSTAIN for c in d.citations if c.doc_type == "incident_report"]
    cited = tuple(c for c in reports if is_report_on(c, incident))
    # only where every report cited is on one incident of the name (not on other fires that mention it)
    if len(cited) != len(reports) or len({incident_year(c) for c in cited}) != 1:
        return decisions
    shared = _namesakes_warning(cited, incident, namesakes)
    if shared is None or any(shared in (d.warning or "") for d in decisions):
        return decisions
    first = next(i for i, d in enumerate(decisions) if d.decision != ABSTAIN and any(c in cited for c in d.citations))
    d = decisions[first]
    reason = _("{count} incidents share the name {incident}, and the question gives neither a year nor a place.").format(
        count=len(namesakes), incident=incident)
    warned = replace(d, decision=WARN, warning=" ".join(filter(None, [d.warning, shared])), reason=f"{d.reason} {reason}")
    return decisions[:first] + (warned,) + decisions[first + 1:]


def decide_in_time(decision: PlaceDecision, *, present: bool, as_of: date, freshness: Freshness = Freshness(),
                   incident: str | None = None, namesakes: tuple[str, ...] = ()) -> PlaceDecision:
    """The temporal decision beside the geographic one, for one place's decision.

    ``incident`` is a fire the question names without a year: when its evidence is about several
    incidents of that name (different years), only the most recent one's is kept and the warning
    names the years (or, with the ``namesakes`` the reports know, the incident kept and up to three others). ``present``: the question asks about the present (and names no past day); when
    every passage it would be answered from is stale on ``as_of`` (:func:`is_stale`), an answer
    becomes a warning that gives the newest evidence's date: "As of 2021-10-25, ...; this may have
    changed." An abstention stays one."""
    if decision.decision == ABSTAIN or not decision.citations:
        return decision
    warnings = [decision.warning] if decision.warning else []
    reasons = [decision.reason]
    cited = decision.citations
    if incident:
        # the incidents of that name are the reports titled by it: a report on another fire that
        # mentions it ("crews from the Carr Fire") is no incident of the name
        years = sorted({y for c in cited if is_report_on(c, incident) and (y := incident_year(c))})
        if len(years) > 1:
            latest = years[-1]
            cited = tuple(c for c in cited if not is_report_on(c, incident) or incident_year(c) == latest)
            listed = _("{first} and {last}").format(first=", ".join(years[:-1]), last=latest)
            warnings.append(_namesakes_warning(cited, incident, namesakes) or _(
                "{count} incidents are named {incident} ({listed}); this is about the {latest} one. Name the year to ask "
                "about another.").format(count=len(years), incident=incident, listed=listed, latest=latest))
            reasons.append(_("The evidence names {count} incidents called {incident}; the most recent, of {latest}, "
                             "was kept.").format(count=len(years), incident=incident, latest=latest))
    if present and cited and all(is_stale(c, as_of, freshness) for c in cited):
        newest = max(cited, key=lambda c: c.dated() or "")
        day = newest.dated()
        window = freshness.window(newest)
        warnings.append(_("As of {day}, the date of the newest evidence ({title}), this was the situation; this may "
                          "have changed.").format(day=day, title=newest.title))
        reasons.append((_("The question asks about the present ({today}), and the newest evidence, {kind} of {day}, is "
                          "for a period that ended on {day}.")
                        if newest.valid_to and newest.doc_type != "incident_report" else
                        _("The question asks about the present ({today}), and the newest evidence, {kind} of {day}, is "
                          "older than the {window} days such evidence stays current.")).format(
            today=as_of.isoformat(), kind=_kind(newest), day=day, window=window))
    if len(reasons) == 1:
        return decision
    return replace(decision, decision=WARN, warning=" ".join(warnings), reason=" ".join(reasons), citations=cited)


# -- one question ------------------------------------------------------------------------------------
def decide_question(reading: Reading, ranked: Ranked, *, k: int, as_of: date,
                    freshness: Freshness = Freshness(), dependence: Dependence | None = None) -> Decided:
    """Decide a question from its reading (:class:`~georisk_graph.question.Reading`) and its ranked passages
    per question place. A question that names no place the system knows (nor an incident) and whose answer depends
    on where (its ``dependence``; without one, a question naming an unknown place) is abstained on, and the place
    is asked for, naming the words that could not be placed; otherwise each place is decided (:func:`decide`, or
    :func:`decide_within` for an unknown place a known one qualifies), then in time (:func:`decide_in_time`), and
    combined."""
    with speaking(reading.language):
        return _decided(reading, ranked, k=k, as_of=as_of, freshness=freshness, dependence=dependence)


def _at_most_warned(decision: PlaceDecision, unknown: str) -> PlaceDecision:
    """A state's answer for a question naming a smaller place beside it that nothing places: a warning naming it."""
    if decision.decision != ANSWER:
        return decision
    warning = _("I could not place {unknown!r}: this is about {place} as a whole, and {unknown} may have its own "
                "rules.").format(unknown=unknown, place=_named(decision.place))
    return replace(decision, decision=WARN, warning=" ".join(filter(None, [warning, decision.warning])),
                   reason=f"{decision.reason} {warning}")


def needs_place(reading: Reading, dependence: Dependence | None, passages: Sequence[Citation] = ()) -> bool:
    """Whether the answer to a question depends on where and nothing it names places it: no known place, no
    incident (one the reading found, or a fire a report among its ``passages`` is about, named in the question as
    "<name> fire": "ant park fire acres?"). Without a dependence model's judgement, a question naming only
    unknown places."""
    if reading.places or reading.incidents or any(names_report(reading, c) for c in passages):
        return False
    return dependence.dependent if dependence is not None else bool(reading.unresolved)


def names_report(reading: Reading, citation: Citation) -> bool:
    """Whether the question names the fire an incident report is about, followed by "fire" or "complex", in any
    case ("the greer fire", "tunnel creek fire")."""
    if citation.doc_type != "incident_report":
        return False
    key = _incident_key(citation.title).split()
    asked = "".join(ch if ch.isalnum() else " " for ch in reading.read_as.lower()).split()
    n = len(key)
    return bool(key) and any(asked[i:i + n] == key and asked[i + n] in ("fire", "complex")
                             for i in range(len(asked) - n))


def _place_needed(reading: Reading) -> str:
    asked = (reading.clause or reading.read_as).strip()
    names = _(" and ").join(repr(name) for name in reading.unplaced)
    if names:
        return _("What the question asks ({asked!r}) depends on where, and I could not place {names}: which place do "
                 "you mean? Name the state, county or town, or a ZIP code.").format(asked=asked, names=names)
    return _("What the question asks ({asked!r}) depends on where, and it names no place: which place do you mean? "
             "Name the state, county or town, or a ZIP code.").format(asked=asked)


# The languages a question may be written in, as a reason names them.
LANGUAGES = {"es": _("Spanish"), "en": _("English")}


def _decided(reading: Reading, ranked: Ranked, *, k: int, as_of: date, freshness: Freshness,
             dependence: Dependence | None) -> Decided:
    decisions: tuple[PlaceDecision, ...]
    place_needed = False
    if reading.untranslated:
        decisions = (PlaceDecision(None, ABSTAIN, _(
            "The question is in {language}, and no translator that reads it is installed: install Debian's apertium "
            "and apertium-eng-spa (sudo apt-get install apertium apertium-eng-spa), or set GEORISK_TRANSLATOR=ollama "
            "for a local model. Nothing was looked up.").format(language=_(LANGUAGES.get(reading.language,
                                                                                          reading.language)))),)
    elif needs_place(reading, dependence, ranked.get(None, ())[:k]):
        place_needed = True
        decisions = (PlaceDecision(None, ABSTAIN, _place_needed(reading)),)
    elif reading.places:
        each = {p.id: decide_within(unknown, p.ref(), ranked.get(p.id, []), k=k, incidents=reading.incidents)
                if (unknown := reading.unknown_within(p.id)) else decide_shared(p, ranked, k=k, incidents=reading.incidents,
                                                asked=reading.clause or reading.read_as)
                for p in reading.places}
        # places named inside one another are one location: the evidence that applies best to any of them
        groups = reading.chains or tuple((p.id,) for p in reading.places if p.id)
        decisions = tuple(min((each[i] for i in group if i in each), key=lambda d: _RANK[d.decision])
                          for group in groups if any(i in each for i in group))
    else:
        decisions = (decide(None, ranked.get(None, []), k=k, asked=reading.clause or reading.read_as),)
    # a state asked about with a smaller place beside it that nothing places is answered at most with a warning
    smaller = dict(reading.beside)
    decisions = tuple(_at_most_warned(d, smaller[d.place.id]) if d.place and d.place.id in smaller else d
                      for d in decisions)
    incidents = reading.incidents
    unnamed_year = incidents[0] if len(incidents) == 1 and reading.year is None and not reading.day else None
    decisions = tuple(decide_in_time(d, present=reading.present, as_of=as_of, freshness=freshness,
                                     incident=unnamed_year, namesakes=reading.namesakes) for d in decisions)
    if unnamed_year and reading.namesakes:
        decisions = _one_of_namesakes(decisions, unnamed_year, reading.namesakes)
    if reading.unsure:
        # a question read with doubt is never answered without a word of it
        doubt = " ".join(f"{u[:1].upper()}{u[1:]}." for u in reading.unsure)
        decisions = tuple(replace(d, decision=WARN, warning=" ".join(filter(None, [doubt, d.warning])),
                                  reason=f"{d.reason} {doubt}") if d.decision == ANSWER else d for d in decisions)
    citations: list[Citation] = []
    for d in decisions:
        if d.decision != ABSTAIN:
            citations += [c for c in d.citations if c.chunk_id not in {x.chunk_id for x in citations}]
    decision, reason = combine(decisions), " ".join(d.reason for d in decisions)
    if decision == ABSTAIN and reading.unplaced:
        # an abstention names what it could not place, whatever it abstains for
        reason += " " + _("I could not place {names}.").format(names=_(" and ").join(repr(n) for n in reading.unplaced))
    return Decided(decision, decisions, tuple(citations), joined_warnings([d.warning for d in decisions if d.warning]),
                   reason, place_needed=place_needed)


def decide_shared(place: QueryPlace, ranked: Ranked, *, k: int,
                  incidents: Sequence[str] = (), asked: str | None = None) -> PlaceDecision:
    """Decide for a question place (:class:`~georisk_graph.question.QueryPlace`). For a name several places
    share whose choice is no likelier than not ("Springfield"), the other places of the name are decided
    too: when any of them would be decided otherwise, the question is asked back (abstain, naming them and
    asking for the state), unless the question names an incident (``incidents``) whose evidence ties it to
    the chosen place alone ("the 2024 Line Fire north of Highland"). Otherwise the decision is the chosen
    place's (the answer's notes name the choice and the others, :attr:`Reading.caveats`)."""
    decision = decide(place.ref(), ranked.get(place.id, []), k=k, asked=asked)
    if not place.uncertain:
        return decision
    others = [(a, decide(PlaceRef(a["id"], a["name"], a["level"]), ranked.get(a["id"], []), k=k))
              for a in place.alternatives]
    if incidents and decision.decision != ABSTAIN and all(d.decision == ABSTAIN for _, d in others):
        return decision  # the fire the question names is reported on near this one alone: it is this one
    if any(d.decision != decision.decision for _, d in others):
        chosen_state = place.candidates[0].get("state") if place.candidates else None
        shown = "; ".join(_("for {place} it would {verb}").format(place=_place_in(a["name"], a.get("state")),
                                                                  verb=_(_VERB[d.decision])) for a, d in others)
        reason = _("{count} places are named {surface!r}, and the answer depends on which: for {chosen}, the most "
                   "populous, it would {verb}; {shown}. Name the state, for example {example!r}.").format(
            count=place.sharing, surface=place.surface, chosen=_place_in(place.name, chosen_state),
            verb=_(_VERB[decision.decision]), shown=shown,
            example=_place_in(place.surface, place.alternatives[0].get("state")))
        return PlaceDecision(place.ref(), ABSTAIN, reason, relation=decision.relation, citations=decision.citations)
    return decision


def _place_in(name: str | None, state: str | None) -> str:
    return f"{name}, {state}" if state else str(name)


_VERB = {ANSWER: _("be answered"), WARN: _("be answered with a warning"), ABSTAIN: _("find no evidence that applies")}


_SENTENCE_END = re.compile(r"(?<=\.)\s+(?=[A-Z0-9ÁÉÍÓÚÑ])")
_AS_OF = re.compile(r"^\D{0,20}(\d{4}-\d{2}-\d{2}),")  # "As of 2021-10-25, ...", in any language


def joined_warnings(warnings: Sequence[str]) -> str | None:
    """The places' warnings as one text: each sentence once (one per distinct scope), and of the
    sentences giving the evidence's date ("As of 2021-10-25, ...") only the newest."""
    sentences = list(dict.fromkeys(part for w in warnings for part in _SENTENCE_END.split(w) if part))
    dated = [s for s in sentences if _AS_OF.match(s)]
    if len(dated) > 1:
        newest = max(dated, key=lambda s: _AS_OF.match(s).group(1))  # type: ignore[union-attr]
        sentences = [s for s in sentences if s == newest or not _AS_OF.match(s)]
    return " ".join(sentences) or None
