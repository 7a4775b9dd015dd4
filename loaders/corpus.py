"""Loaders for the shared wildfire corpus (data/corpus/*.jsonl.gz) and the place lookup they need.

Each loader reads its whole file when called (the files are small), so a missing or damaged file raises
:class:`~georisk_graph.exceptions.InputError` at once, and returns an iterator of
:class:`SourceDocument`. A record that cannot be used is reported through ``problems`` and skipped.
"""

from __future__ import annotations

import csv
import gzip
import html
import re
import unicodedata
import zlib
from collections import defaultdict
from collections.abc import Iterator
from datetime import datetime, timedelta
from itertools import chain
from pathlib import Path
from typing import TYPE_CHECKING

from georisk_graph.exceptions import InputError
from georisk_graph.settings import default_corpus_dir, default_geo_dir

from georisk_graph.documents import DocumentProblem, IncidentVersion, SourceDocument, document_id, report

from .files import json_lines
from .geography import GEO_NODES_FILE

if TYPE_CHECKING:
    from .counties import CountyLocator

# The shared data's files (their folders: settings.default_geo_dir and default_corpus_dir).
INCIWEB_UPDATES_FILE = "inciweb_incident_updates_2024_2026.jsonl.gz"
INCIWEB_SUMMARIES_FILE = "inciweb_incident_summaries_2021_2022.jsonl.gz"
CALFIRE_FILE = "calfire_incidents_2013_2026.jsonl.gz"
STATUTES_FILE = "state_statutes_wildfire_sections.jsonl.gz"

# The statutes are a snapshot of the codes taken on this day (SOURCES.md: the us-statutes commit of
# 2026-02-15); a section is dated by it. A statute stands until amended, so its date never makes it stale.
STATUTES_SNAPSHOT = "2026-02-15"

# CAL FIRE dates before this year are placeholders (1969-12-31 is the Unix epoch in Pacific time).
FIRST_PLAUSIBLE_YEAR = 2000


# -- place ids ------------------------------------------------------------------------------------

# Longest first, so "city and borough" is removed whole rather than leaving "... city and".
_COUNTY_SUFFIXES = (" city and borough", " census area", " municipality", " municipio", " county",
                    " parish", " borough", " city")


def name_key(name: str) -> str:
    """A county name reduced for lookup: no accents, case, periods or extra spaces; Saint -> St."""
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    text = re.sub(r"\s+", " ", text.lower().replace(".", " ").replace("’", "'")).strip()
    return re.sub(r"^saint ", "st ", text)


def _base_name(key: str) -> str:
    for suffix in _COUNTY_SUFFIXES:
        if key.endswith(suffix) and len(key) > len(suffix):
            return key[: -len(suffix)]
    return key


class PlaceDirectory:
    """State and county node ids of the geography table, by USPS code and county name.

    A county is found by its full name ("Butte County", "Acadia Parish", "Richmond city") or its bare
    name ("Butte"); where a bare name is both a county and an independent city (Richmond, VA) it means
    the county. ``place_id in directory`` checks any node id of the table.
    """

    def __init__(self, states: dict[str, str], counties: dict[tuple[str, str], str], node_ids: set[str],
                 state_names: dict[str, str] | None = None) -> None:
        self._states = dict(states)
        self._state_names = {name_key(n): usps for n, usps in (state_names or {}).items()}
        self._counties = dict(counties)
        self._node_ids = frozenset(node_ids)
        self._county_states: dict[str, set[str]] = defaultdict(set)
        for usps, key in self._counties:
            self._county_states[key].add(usps)

    @classmethod
    def from_csv(cls, path: str | Path | None = None) -> "PlaceDirectory":
        """Read ``us_geo_nodes.csv.gz`` (default: in :func:`default_geo_dir`) once."""
        path = Path(path) if path is not None else default_geo_dir() / GEO_NODES_FILE
        if not path.is_file():
            raise InputError(f"geography table not found: {path}. Set GEORISK_GEO_DIR to the folder holding "
                             f"{GEO_NODES_FILE}, or pass its path.", source=str(path))
        states: dict[str, str] = {}
        state_names: dict[str, str] = {}
        full: dict[tuple[str, str], str] = {}
        bare: dict[tuple[str, str], tuple[bool, str]] = {}
        node_ids: set[str] = set()
        try:
            with gzip.open(path, "rt", encoding="utf-8", newline="") as handle:
                for row in csv.DictReader(handle):
                    node_ids.add(row["node_id"])
                    usps = row["state_usps"]
                    if row["level"] in ("state", "federal_district", "territory"):
                        states[usps] = row["node_id"]
                        state_names[row["label"]] = usps
                    elif row["level"] == "county":
                        key = name_key(row["label"])
                        full[(usps, key)] = row["node_id"]
                        # A bare name goes to a true county before an independent city of the same name.
                        is_city = key.endswith(" city")
                        current = bare.get((usps, _base_name(key)))
                        if current is None or (current[0] and not is_city):
                            bare[(usps, _base_name(key))] = (is_city, row["node_id"])
        except (OSError, EOFError, zlib.error, KeyError, csv.Error, UnicodeDecodeError) as error:
            raise InputError(f"cannot read the geography table {path} ({type(error).__name__}: {error}). "
                             "Rebuild it with data/geo/build_geo_tables.py or restore the file.",
                             source=str(path)) from None
        counties = {k: node_id for k, (_, node_id) in bare.items()}
        counties.update(full)
        return cls(states, counties, node_ids, state_names)

    def state(self, usps: str) -> str | None:
        """Node id of a state, DC or territory by its USPS code ("WA" -> "Q1223"), or None."""
        return self._states.get(usps.strip().upper())

    def state_named(self, name: str) -> str | None:
        """The USPS code of a state by its name ("Wyoming" -> "WY"), or None."""
        return self._state_names.get(name_key(name))

    def county(self, usps: str, name: str) -> str | None:
        """Node id of a county-level place of a state by name ("CA", "Butte County"), or None."""
        usps = usps.strip().upper()
        key = name_key(name)
        return self._counties.get((usps, key)) or self._counties.get((usps, _base_name(key)))

    def county_states(self, name: str) -> set[str]:
        """USPS codes of the states that have a county of this name."""
        key = name_key(name)
        return self._county_states.get(key, set()) | self._county_states.get(_base_name(key), set())

    def __contains__(self, place_id: object) -> bool:
        return place_id in self._node_ids

    def __len__(self) -> int:
        return len(self._node_ids)


# -- shared helpers -------------------------------------------------------------------------------


def _read_records(path: str | Path, problems: list[DocumentProblem] | None) -> list[tuple[int, dict]]:
    path = Path(path)
    if not path.is_file():
        raise InputError(f"corpus file not found: {path}. Set GEORISK_CORPUS_DIR to the folder holding the "
                         "shared corpus, or pass the file's path.", source=str(path))
    return list(json_lines(path, problems))


def _text(value: object) -> str:
    """A field as clean one-line-per-paragraph text: HTML entities decoded, stray <br>/<p> made newlines."""
    text = html.unescape(str(value or ""))
    text = re.sub(r"<\s*/?\s*(?:br|p)\s*/?\s*>", "\n", text, flags=re.IGNORECASE)
    return re.sub(r"[ \t]+", " ", text).strip()


def _timestamp(value: object) -> datetime | None:
    try:
        return datetime.fromisoformat(str(value).replace("Z", "+00:00"))
    except ValueError:
        return None


def _number(value: object) -> float | None:
    match = re.search(r"\d[\d,]*(?:\.\d+)?", str(value or ""))
    return float(match.group(0).replace(",", "")) if match else None


def _float(value: object) -> float | None:
    try:
        return float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None


def _scalars(**values: object) -> dict[str, str | int | float | bool]:
    """The values worth keeping as metadata: not None, not empty strings."""
    return {k: v for k, v in values.items() if v is not None and v != ""}


# -- InciWeb --------------------------------------------------------------------------------------

# "Boulder County", "Lewis and Clark County", "Acadia Parish", "St. Louis County"; at most four words,
# none of them County itself, so "Spokane County and King County" is two phrases, not one.
_COUNTY_PHRASE = re.compile(
    r"((?:(?:(?!(?:County|Parish|Borough)\b)[A-Z][\w'’.-]*|and|of|de|la|du)\s+){1,4})(County|Parish|Borough)\b"
)


def stated_county(text: str, usps: str, places: PlaceDirectory) -> str | None:
    """The county a text names, when it names exactly one and that county is in the state ``usps``.

    A second county, or a county that exists only in another state, makes the answer None: the text
    then speaks of a wider area, and the state alone is the honest scope.
    """
    in_state: set[str] = set()
    elsewhere = False
    for match in _COUNTY_PHRASE.finditer(text):
        words = match.group(1).split()
        suffix = match.group(2)
        found = None
        # The phrase may start with an ordinary capitalised word ("The Boulder County"): try shorter tails.
        for start in range(len(words)):
            if not words[start][0].isupper():
                continue
            name = " ".join(words[start:]) + " " + suffix
            found = places.county(usps, name)
            if found:
                break
            if places.county_states(name):
                elsewhere = True
                break
        if found:
            in_state.add(found)
    if len(in_state) == 1 and not elsewhere:
        return next(iter(in_state))
    return None


# "The fires are burning in Gilliam, Sherman and Wasco counties": where a report says its fire burns,
# a list of county names before the plural "counties" (or parishes, boroughs).
_BURNING_IN = re.compile(
    r"\b(?:burning|burned|burns|spreading|spread)\s+(?:\w+\s+){0,2}?in\s+(?:the\s+)?"
    r"((?:[A-Z][\w'’.-]*\s+){0,3}?[A-Z][\w'’.-]*(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*)"
    r"(?:[A-Z][\w'’.-]*\s+){0,3}?[A-Z][\w'’.-]*)+)\s+(?:counties|parishes|boroughs)\b", re.IGNORECASE)
_LIST_SEPARATOR = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*")
# "A wildfire started in Morrill County", "it quickly ran 17 miles southward and burned into Morrill
# County", "started in the southeast corner of Lincoln County": one county where the fire burns.
_BURNING_IN_ONE = re.compile(
    r"\b(?:burning|burned|burns|spreading|spread|started|starting|began|ignited|broke out)\s+(?:\w+\s+){0,2}?"
    r"(?:in|into)\s+(?:the\s+)?(?:(?:[a-z]+\s+){1,3}of\s+(?:the\s+)?)?"
    r"((?:[A-Z][\w'’.-]*\s+){0,3}?[A-Z][\w'’.-]*)\s+(?:County|Parish|Borough)\b")


_STATE_AFTER = re.compile(r",\s*([A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)")


def _same_state(after: str, usps: str, places: PlaceDirectory) -> bool:
    """False when the county just named is followed by another state's name ("started in Sheridan
    County, Wyoming" in a Montana report): it is that state's county, not one of ``usps``."""
    named = _STATE_AFTER.match(after)
    if named is None:
        return True
    state = places.state_named(named.group(1)) or places.state_named(named.group(1).split()[0])
    return state is None or state == usps.strip().upper()


def burning_counties(text: str, usps: str, places: PlaceDirectory) -> tuple[str, ...]:
    """The counties of the state ``usps`` a report says its fire burns in, in the order named ("burning
    in Gilliam, Sherman and Wasco counties", "started in Morrill County", "burned into Morrill County");
    () when it says none or names one this state lacks."""
    matches = sorted([(m.start(), m.group(1)) for m in _BURNING_IN.finditer(text)]
                     + [(m.start(), m.group(1)) for m in _BURNING_IN_ONE.finditer(text)
                        if _same_state(text[m.end():], usps, places)])
    found: list[str] = []
    for _, listed in matches:
        names = [n.strip() for n in _LIST_SEPARATOR.split(listed) if n.strip()]
        if not all(n[0].isupper() for n in names):
            continue
        ids = [places.county(usps, f"{n} County") or places.county(usps, f"{n} Parish") for n in names]
        if all(ids):
            found += [i for i in ids if i and i not in found]
    return tuple(found)


def _incident_histories(records: list[tuple[int, dict]], path: Path, problems) -> dict[str, list[dict]]:
    """Each incident's versions, oldest first (by version_first_seen, then version_last_seen)."""
    histories: dict[str, list[tuple[datetime, datetime, dict]]] = defaultdict(list)
    for number, record in records:
        incident = str(record.get("inciweb_id") or "").strip()
        first = _timestamp(record.get("version_first_seen"))
        seen = _timestamp(record.get("version_last_seen"))
        if not incident or seen is None:
            report(problems, f"{path}:{number}", "record lacks inciweb_id or a valid version_last_seen; skipped")
            continue
        histories[incident].append((first or seen, seen, record))
    return {incident: [r for _, _, r in sorted(versions, key=lambda v: (v[0], v[1]))]
            for incident, versions in histories.items()}


def _latest_versions(records: list[tuple[int, dict]], path: Path, problems) -> list[tuple[dict, int]]:
    """The newest version (by version_last_seen) of each incident, with how many versions it had."""
    latest = []
    for versions in _incident_histories(records, path, problems).values():
        newest = max(versions, key=lambda r: _timestamp(r["version_last_seen"]))  # type: ignore[arg-type,return-value]
        latest.append((newest, len(versions)))
    return latest


def version_periods(versions: list[dict]) -> list[tuple[str, str]]:
    """(valid_from, valid_to) of each version of one incident, oldest first: a version is valid from
    the day it was first seen until the day before the next version was first seen (at least its own
    day); the newest until the day it was last seen."""
    days = [((_timestamp(v.get("version_first_seen")) or _timestamp(v["version_last_seen"])).date(),  # type: ignore[union-attr]
             _timestamp(v["version_last_seen"]).date()) for v in versions]  # type: ignore[union-attr]
    periods = []
    for n, (first, last) in enumerate(days):
        first = min(first, last)
        if n + 1 < len(days):
            end = max(first, days[n + 1][0] - timedelta(days=1))
        else:
            end = max(first, last)
        periods.append((first.isoformat(), end.isoformat()))
    return periods


def _incident_scope(record: dict, text: str, usps: str, places: PlaceDirectory,
                    locator: "CountyLocator | None") -> tuple[tuple[str, ...], str]:
    """The counties an incident burns in: the one its coordinates lie in, with those its text says it
    burns in ("burning in Gilliam, Sherman and Wasco counties"); without coordinates, those, else the
    one county its text names when it names exactly one of its state's. Its state contains it but is not its
    scope, or a report about one fire would count as evidence about the whole state. Other counties a
    report names (crews from elsewhere, evacuation centres) stay mentions of the passages naming them."""
    lon, lat = _float(record.get("lon")), _float(record.get("lat"))
    listed = burning_counties(text, usps, places)
    if locator is not None and lon is not None and lat is not None:
        located = locator.locate(lon, lat)
        if located is not None and located in places:
            more = tuple(c for c in listed if c != located)
            if more:
                return (located, *more), ("its coordinates lie in the first county; its text says it burns in "
                                          f"{len(listed) if located in listed else len(listed) + 1} counties")
            return (located,), "its coordinates lie in the county"
    state_id = places.state(usps)
    if state_id is None:
        return (), f"InciWeb state field is {usps or 'empty'}, not a U.S. state, and no coordinates in a county; no scope"
    if listed:
        return listed, "no coordinates in a county; its text says which counties it burns in"
    named = stated_county(text, usps, places)
    if named is not None:
        return (named,), "no coordinates in a county; its text names one county of its state"
    return (state_id,), (f"InciWeb state field {usps}; no coordinates in a county and no single county named, "
                         "so the state is the narrowest place known")


def _inciweb(path, source: str, places: PlaceDirectory | None, problems,
             locator: "CountyLocator | None" = None) -> Iterator[SourceDocument]:
    path = Path(path)
    records = _read_records(path, problems)
    places = places if places is not None else PlaceDirectory.from_csv()
    if locator is None:
        from .counties import CountyLocator

        locator = CountyLocator.from_files()
    documents = []
    for record, version_count in _latest_versions(records, path, problems):
        incident = str(record["inciweb_id"]).strip()
        title = _text(record.get("title")) or f"InciWeb incident {incident}"
        text = _text(record.get("text"))
        if not text:
            report(problems, f"{path}: inciweb_id {incident}", "latest version has no text; skipped")
            continue
        usps = str(record.get("state") or "").strip().upper()
        scope, basis = _incident_scope(record, f"{title}\n{text}", usps, places, locator)
        size = record.get("size")
        unit = str(record.get("size_unit") or "")
        acres = _number(size) if "acre" in f"{size} {unit}".lower() else None
        documents.append(SourceDocument(
            id=document_id(source, incident),
            title=title,
            text=text,
            source=source,
            doc_type="incident_report",
            url=record.get("url") or None,
            published=_timestamp(record["version_last_seen"]).date().isoformat(),
            # the period this latest version describes: from the day it was first seen to the day it
            # was last seen (older versions are kept as IncidentVersion, see incident_versions)
            valid_from=version_periods([record])[0][0],
            valid_to=version_periods([record])[0][1],
            scope=scope,
            scope_basis=basis,
            metadata=_scalars(
                incident_id=incident, state=usps, unit_code=record.get("unit_code"),
                incident_type=record.get("incident_type"), acres=acres,
                percent_contained=_number(record.get("percent_contained")),
                latitude=record.get("lat"), longitude=record.get("lon"),
                incident_created=record.get("incident_created"),
                version_first_seen=record.get("version_first_seen"),
                version_last_seen=record.get("version_last_seen"),
                versions=version_count, record_id=record.get("doc_id"),
            ),
            loaded_from=path.name,
        ))
    return iter(documents)


def inciweb_updates(
    path: str | Path | None = None,
    *,
    places: PlaceDirectory | None = None,
    problems: list[DocumentProblem] | None = None,
) -> Iterator[SourceDocument]:
    """InciWeb incident updates 2024-2026: the latest version of each incident, id ``inciweb:<inciweb_id>``."""
    path = path if path is not None else default_corpus_dir() / INCIWEB_UPDATES_FILE
    return _inciweb(path, "inciweb", places, problems)


def inciweb_summaries(
    path: str | Path | None = None,
    *,
    places: PlaceDirectory | None = None,
    problems: list[DocumentProblem] | None = None,
) -> Iterator[SourceDocument]:
    """InciWeb summaries 2021-22: the latest version of each incident, id ``inciweb_summary:<inciweb_id>``."""
    path = path if path is not None else default_corpus_dir() / INCIWEB_SUMMARIES_FILE
    return _inciweb(path, "inciweb_summary", places, problems)


def _status_line(title: str, day: str, acres: float | None, contained: float | None) -> str:
    """The size and containment a version's structured fields give, as one sentence of its text
    (the page's prose often leaves them out): "Status of the Caribou Fire on 2024-08-03 (InciWeb):
    1,400 acres, 35% contained." Empty when neither is given."""
    parts = []
    if acres:
        parts.append(f"{acres:,.0f} acres")
    if contained is not None and (acres or contained):
        parts.append(f"{contained:g}% contained")
    return f"Status of the {title} on {day} (InciWeb): {', '.join(parts)}." if parts else ""


def incident_versions(
    path: str | Path | None = None,
    *,
    source: str = "inciweb",
    problems: list[DocumentProblem] | None = None,
) -> Iterator[IncidentVersion]:
    """Every dated version of every InciWeb incident of ``path`` (default: the 2024-26 updates; pass
    ``source="inciweb_summary"`` with the 2021-22 file), oldest first within an incident, each valid
    from the day it was first seen until the next version (see :func:`version_periods`). A version's
    text is its page's text after a line with the size and containment its fields give."""
    path = Path(path) if path is not None else default_corpus_dir() / INCIWEB_UPDATES_FILE
    records = _read_records(path, problems)
    out = []
    for incident, versions in _incident_histories(records, path, problems).items():
        document = document_id(source, incident)
        for n, (record, (start, end)) in enumerate(zip(versions, version_periods(versions)), 1):
            title = _text(record.get("title")) or f"InciWeb incident {incident}"
            text = _text(record.get("text"))
            if not text:
                continue  # a version without text is no evidence; its period falls to its neighbours
            size, unit = record.get("size"), str(record.get("size_unit") or "")
            acres = _number(size) if "acre" in f"{size} {unit}".lower() else None
            contained = _number(record.get("percent_contained"))
            status = _status_line(title, start, acres, contained)
            out.append(IncidentVersion(
                id=f"{document}@v{n}", document_id=document, incident_id=incident, version=n, title=title,
                text=f"{status}\n{text}" if status else text, source=source,
                published=_timestamp(record["version_last_seen"]).date().isoformat(),  # type: ignore[union-attr]
                valid_from=start, valid_to=end, url=record.get("url") or None, acres=acres,
                percent_contained=contained, record_id=record.get("doc_id"), loaded_from=path.name))
    return iter(out)


def shared_incident_versions(corpus_dir: str | Path | None = None, *,
                             problems: list[DocumentProblem] | None = None) -> Iterator[IncidentVersion]:
    """The dated versions of both InciWeb files of the shared corpus."""
    corpus_dir = Path(corpus_dir) if corpus_dir is not None else default_corpus_dir()
    return chain(incident_versions(corpus_dir / INCIWEB_UPDATES_FILE, source="inciweb", problems=problems),
                 incident_versions(corpus_dir / INCIWEB_SUMMARIES_FILE, source="inciweb_summary",
                                   problems=problems))


# -- CAL FIRE -------------------------------------------------------------------------------------

# Values of the CAL FIRE counties field that are not California counties.
_CALFIRE_STATES = {"state of nevada": "NV", "state of oregon": "OR"}
_CALFIRE_IGNORED = {"mexico"}  # outside the United States: no place in the graph


def _plausible_date(value: object) -> str | None:
    moment = _timestamp(value) if value else None
    if moment is None or moment.year < FIRST_PLAUSIBLE_YEAR:
        return None
    return moment.date().isoformat()


def _period_end(started: str | None, record: dict) -> str | None:
    """The last day a CAL FIRE record describes: its last update, else when the fire was out; never
    before it started."""
    end = _plausible_date(record.get("updated")) or _plausible_date(record.get("extinguished"))
    if end and started and end < started:
        return started
    return end


def calfire_incidents(
    path: str | Path | None = None,
    *,
    places: PlaceDirectory | None = None,
    problems: list[DocumentProblem] | None = None,
) -> Iterator[SourceDocument]:
    """CAL FIRE incidents 2013-2026, id ``calfire:<incident_id>``, scoped to the counties CAL FIRE lists."""
    path = Path(path) if path is not None else default_corpus_dir() / CALFIRE_FILE
    records = _read_records(path, problems)
    places = places if places is not None else PlaceDirectory.from_csv()
    documents = []
    for number, record in records:
        where = f"{path}:{number}"
        incident = str(record.get("incident_id") or "").strip()
        text = _text(record.get("text"))
        if not incident or not text:
            report(problems, where, "record lacks incident_id or text; skipped")
            continue
        usps = str(record.get("state") or "CA").strip().upper()
        counties = [str(c).strip() for c in record.get("counties") or [] if str(c).strip()]
        scope: list[str] = []
        notes: list[str] = []
        for name in counties:
            key = name_key(name)
            if key in _CALFIRE_IGNORED:
                notes.append(f"{name} ignored")
                continue
            place_id = places.state(_CALFIRE_STATES[key]) if key in _CALFIRE_STATES else places.county(usps, name)
            if place_id is None:
                report(problems, where, f"county {name!r} is not a county of {usps} in the geography table; "
                                        "left out of the scope")
            elif place_id not in scope:
                scope.append(place_id)
                if key in _CALFIRE_STATES:
                    notes.append(f"{name} -> {_CALFIRE_STATES[key]}")
        if not counties:
            basis = "CAL FIRE counties field is empty; no scope"
        elif not scope:
            basis = f"CAL FIRE counties field ({'; '.join(counties)}) names no U.S. county; no scope"
        else:
            basis = "CAL FIRE counties field" + (f" ({'; '.join(notes)})" if notes else "")
        # Started is the date the fire belongs to; updated stands in when started is a placeholder.
        started = _plausible_date(record.get("started"))
        published = started or _plausible_date(record.get("updated"))
        name = _text(record.get("name")) or f"CAL FIRE incident {incident}"
        event_id = f"calfire:{incident}"
        documents.append(SourceDocument(
            id=document_id("calfire", incident),
            # Fire names repeat from year to year (three Camp Fires); the year tells them apart.
            title=f"{name} ({started[:4]})" if started else name,
            text=text,
            source="calfire",
            doc_type="incident_report",
            url=record.get("url") or None,
            published=published,
            # the period the record describes: from the start to its last update (else its containment)
            valid_from=started,
            valid_to=_period_end(started, record),
            scope=tuple(scope),
            scope_basis=basis,
            metadata=_scalars(
                incident_id=incident, state=usps, counties="; ".join(counties),
                acres=_number(record.get("acres_burned")), location=_text(record.get("location")),
                admin_unit=record.get("admin_unit"), started=record.get("started"),
                extinguished=record.get("extinguished"), updated=record.get("updated"),
                latitude=_float(record.get("latitude")), longitude=_float(record.get("longitude")),
                major_incident=record.get("major_incident"),
                fatalities=record.get("fatalities"), structures_destroyed=record.get("structures_destroyed"),
                # The geography table has this incident as a wildfire place when it is in CAL FIRE's map export.
                event_place_id=event_id if event_id in places else None,
            ),
            loaded_from=path.name,
        ))
    return iter(documents)


# -- state statutes -------------------------------------------------------------------------------


def _with_first_line(heading: str, text: str) -> str:
    """A section's text with what the source took from its start put back. Some sections lose their first
    word ("Countywide" of "Countywide forest fire protection; ..."), or their first line to the heading:
    the heading "It is unlawful for any person to kindle or authorize any other person to" stops
    mid-sentence and the text goes on "kindle a fire in the open air ...". Any other text is left as
    it is."""
    if not heading or not text[:1].islower():
        return text
    first, _, rest = heading.partition(" ")
    if rest and text.startswith(rest[:40]):
        return f"{first} {text}"
    if heading[-1] not in ".!?:;)":
        return f"{heading} {text}"
    return text


def state_statutes(
    path: str | Path | None = None,
    min_keyword_hits: int = 1,
    *,
    places: PlaceDirectory | None = None,
    problems: list[DocumentProblem] | None = None,
) -> Iterator[SourceDocument]:
    """Wildfire-related state statute sections with at least ``min_keyword_hits`` keyword hits, each
    scoped to its state; id ``statute:<doc_id>`` (``statute:stat-AL-0``)."""
    path = Path(path) if path is not None else default_corpus_dir() / STATUTES_FILE
    records = _read_records(path, problems)
    places = places if places is not None else PlaceDirectory.from_csv()
    documents = []
    for number, record in records:
        where = f"{path}:{number}"
        hits = record.get("wildfire_keyword_hits")
        if isinstance(hits, int) and hits < min_keyword_hits:
            continue
        doc_id = str(record.get("doc_id") or "").strip()
        text = _text(record.get("text"))
        usps = str(record.get("state") or "").strip().upper()
        state_id = places.state(usps)
        if not doc_id or not text:
            report(problems, where, "record lacks doc_id or text; skipped")
            continue
        if state_id is None:
            report(problems, where, f"state {usps!r} is not a U.S. state code; statute skipped")
            continue
        section = _text(record.get("section_number"))
        heading = _text(record.get("heading"))
        text = _with_first_line(heading, text)
        documents.append(SourceDocument(
            id=document_id("statute", doc_id),
            title=" ".join(part for part in (usps, section, heading) if part),
            text=text,
            source="statute",
            doc_type="statute",
            published=STATUTES_SNAPSHOT,
            scope=(state_id,),
            scope_basis=f"statute of {usps}",
            metadata=_scalars(
                state=usps, state_name=record.get("state_name"), section_number=section,
                section_id=record.get("section_id"), heading=heading, code_path=record.get("code_path"),
                wildfire_keyword_hits=hits if isinstance(hits, int) else None, origin=record.get("source"),
            ),
            loaded_from=path.name,
        ))
    return iter(documents)


def shared_corpus(
    corpus_dir: str | Path | None = None,
    *,
    places: PlaceDirectory | None = None,
    min_keyword_hits: int = 1,
    problems: list[DocumentProblem] | None = None,
) -> Iterator[SourceDocument]:
    """All four shared sources in a fixed order: InciWeb updates, InciWeb summaries, CAL FIRE, statutes."""
    corpus_dir = Path(corpus_dir) if corpus_dir is not None else default_corpus_dir()
    places = places if places is not None else PlaceDirectory.from_csv()
    # Each loader reads its file now, so a missing file raises here rather than midway through ingestion.
    return chain(
        inciweb_updates(corpus_dir / INCIWEB_UPDATES_FILE, places=places, problems=problems),
        inciweb_summaries(corpus_dir / INCIWEB_SUMMARIES_FILE, places=places, problems=problems),
        calfire_incidents(corpus_dir / CALFIRE_FILE, places=places, problems=problems),
        state_statutes(corpus_dir / STATUTES_FILE, min_keyword_hits, places=places, problems=problems),
    )
