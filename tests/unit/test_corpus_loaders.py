"""Document loaders: the shared wildfire corpus, folders of files and JSON Lines.

Most tests write small files into ``tmp_path``; the ones marked ``slow`` read the real shared data.
"""

from __future__ import annotations

import csv
import gzip
import html
import io
import json
import logging
from collections import defaultdict
from dataclasses import FrozenInstanceError

import pytest
from pypdf import PdfWriter

from georisk_graph import InputError
from georisk_graph.loaders.corpus import (
    CALFIRE_FILE,
    GEO_NODES_FILE,
    INCIWEB_SUMMARIES_FILE,
    INCIWEB_UPDATES_FILE,
    STATUTES_FILE,
    PlaceDirectory,
    calfire_incidents,
    inciweb_summaries,
    inciweb_updates,
    shared_corpus,
    burning_counties,
    state_statutes,
    stated_county,
)
from georisk_graph.loaders import files
from georisk_graph.documents import DocumentProblem, SourceDocument, document_id, file_document_id, without_repeats
from georisk_graph.settings import default_corpus_dir, default_geo_dir
from georisk_graph.loaders.files import folder, jsonl

# A few rows shaped like us_geo_nodes.csv.gz: enough states and counties for every rule below.
GEO_ROWS = [
    ("Q30", "United States", "country", ""),
    ("Q99", "California", "state", "CA"),
    ("Q1227", "Nevada", "state", "NV"),
    ("Q824", "Oregon", "state", "OR"),
    ("Q1223", "Washington", "state", "WA"),
    ("Q1221", "Idaho", "state", "ID"),
    ("Q1370", "Virginia", "state", "VA"),
    ("Q1588", "Louisiana", "state", "LA"),
    ("Q1522", "New Mexico", "state", "NM"),
    ("Q156181", "Butte County", "county", "CA"),
    ("Q109681", "Nevada County", "county", "CA"),
    ("Q104994", "Los Angeles County", "county", "CA"),
    ("Q49014", "San Luis Obispo County", "county", "CA"),
    ("Q156340", "Butte County", "county", "ID"),
    ("Q485276", "Spokane County", "county", "WA"),
    ("Q108861", "King County", "county", "WA"),
    ("Q43421", "Richmond city", "county", "VA"),  # listed before the county on purpose
    ("Q505854", "Richmond County", "county", "VA"),
    ("Q337402", "Acadia Parish", "county", "LA"),
    ("Q112953", "Doña Ana County", "county", "NM"),
    ("census_place:0613014", "Chico", "place", "CA"),
]


def write_geo(path):
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(["node_id", "qid", "label", "level", "state_usps"])
    for node_id, label, level, usps in GEO_ROWS:
        writer.writerow([node_id, node_id if node_id.startswith("Q") else "", label, level, usps])
    with gzip.open(path, "wt", encoding="utf-8") as handle:
        handle.write(buffer.getvalue())
    return path


def write_jsonl_gz(path, lines):
    """Lines are dicts (written as JSON) or raw strings (written as they are)."""
    with gzip.open(path, "wt", encoding="utf-8") as handle:
        for line in lines:
            handle.write((line if isinstance(line, str) else json.dumps(line)) + "\n")
    return path


@pytest.fixture(scope="module")
def places(tmp_path_factory):
    return PlaceDirectory.from_csv(write_geo(tmp_path_factory.mktemp("geo") / GEO_NODES_FILE))


def inciweb_record(incident, last_seen, text, *, state="WA", title="Test Fire"):
    return {"doc_id": f"iw-{incident}-{last_seen[:10]}", "inciweb_id": incident, "title": title,
            "incident_type": "Wildfire", "unit_code": f"{state}XXX", "state": state, "lat": 47.6, "lon": -117.4,
            "size": "1200", "size_unit": "Acres", "percent_contained": "40", "incident_created": "",
            "version_first_seen": last_seen, "version_last_seen": last_seen,
            "url": f"https://inciweb.example/{incident}", "text": text}


def calfire_record(incident, counties, *, started="2018-11-08T06:33:00Z", updated="2018-11-25T07:00:00Z"):
    return {"incident_id": incident, "name": "Camp Fire", "counties": counties, "location": "Pulga",
            "admin_unit": "CAL FIRE Butte Unit", "acres_burned": "153,336", "started": started,
            "extinguished": "", "updated": updated, "latitude": "39.81", "longitude": "-121.43",
            "url": "https://www.fire.ca.gov/x", "text": f"Fire {incident}. Location: Pulga.", "state": "CA"}


def statute_record(doc_id, hits, *, state="WA", heading="Burning permits."):
    return {"doc_id": doc_id, "state": state, "state_name": "Washington", "code_path": "title-76",
            "section_id": "s", "section_number": "76.04.205", "heading": heading,
            "wildfire_keyword_hits": hits, "text": "It is unlawful to burn without a permit.", "source": "x"}


# -- SourceDocument ------------------------------------------------------------------------------


def test_content_hash_follows_title_text_and_scope_but_not_scope_order():
    a = SourceDocument(id="x", title="T", text="body", source="file", scope=("Q1", "Q2"))
    assert a.content_hash == SourceDocument(id="x", title="T", text="body", source="file", scope=("Q2", "Q1")).content_hash
    assert a.content_hash != SourceDocument(id="x", title="T", text="body!", source="file", scope=("Q1", "Q2")).content_hash
    assert a.content_hash != SourceDocument(id="x", title="T", text="body", source="file", scope=("Q1",)).content_hash
    assert len(a.content_hash) == 64


def test_content_hash_covers_every_stored_field():
    base = dict(id="jsonl:x", title="T", text="body", source="jsonl", doc_type="guidance",
                url="https://example.org/a", published="2024-07-31", scope=("Q1",), scope_basis="given",
                metadata={"agency": "SRCAA", "acres": 40.0}, loaded_from="/data/a.jsonl")
    a = SourceDocument(**base)
    changes = {"url": "https://example.org/b", "published": "2024-08-01", "doc_type": "statute",
               "source": "calfire", "scope_basis": "stated", "metadata": {"agency": "SRCAA", "acres": 41.0},
               "loaded_from": "/data/b.jsonl", "id": "jsonl:y"}
    for name, value in changes.items():
        assert SourceDocument(**{**base, name: value}).content_hash != a.content_hash, name
    # Deterministic: the same fields in another metadata key order hash the same.
    reordered = SourceDocument(**{**base, "metadata": {"acres": 40.0, "agency": "SRCAA"}})
    assert reordered.content_hash == a.content_hash


def test_a_section_printed_again_is_kept_once():
    section = ("It is unlawful to set fire to any forest land without a permit from the forester. "
               "The forester may refuse a permit in dry weather.")
    note = "Effective date: this act takes effect immediately upon its passage."
    as_paragraphs = section.replace(". ", ".\n\n")
    # printed again as paragraphs, then whole; a note printed twice in a row
    text = f"{section}\n\n{as_paragraphs}\n\nShort.\n\n{section}\n\n{note}\n\n{note}"
    doc = SourceDocument(id="x", title="T", text=text, source="statute")
    assert doc.text == f"{section}\n\n{note}"
    assert without_repeats(doc.text) == doc.text
    assert without_repeats("one paragraph only") == "one paragraph only"


def test_a_provision_that_repeats_items_of_another_keeps_them():
    items = ["(1) shall ban the sale and use of missile-type rockets within the affected area;",
             "(2) shall give the governing body the power to limit the use of any other fireworks."]
    text = "\n\n".join([
        "A. The governing body of a municipality may hold a hearing on fireworks restrictions in the city.",
        "B. Pursuant to a hearing under Subsection A, a municipality that declares a severe drought:", *items,
        "C. The municipal proclamation shall be issued no less than twenty days prior to a holiday and stands.",
        "D. The governing body of a county may hold a hearing on fireworks restrictions outside the cities.",
        "E. Pursuant to a hearing under Subsection D, a county that declares a severe drought:", *items,
        "F. The county proclamation shall be effective for thirty days, and the county may issue more."])
    assert without_repeats(text) == text


def test_document_ids_are_namespaced_by_source(tmp_path):
    assert document_id("statute", "stat-AL-0") == "statute:stat-AL-0"
    assert document_id("jsonl", " stat-AL-0 ") == "jsonl:stat-AL-0"
    with pytest.raises(ValueError, match="source"):
        document_id("web", "x")
    with pytest.raises(ValueError, match="non-empty"):
        document_id("jsonl", "  ")
    notes = (tmp_path / "notes.txt").resolve().as_posix()
    assert file_document_id(tmp_path / "a" / ".." / "notes.txt") == f"file:{notes}"


def test_source_document_is_frozen_and_validated():
    doc = SourceDocument(id="x", title="T", text="body", source="jsonl", scope=["Q1"])
    assert doc.scope == ("Q1",)
    with pytest.raises(FrozenInstanceError):
        doc.text = "changed"  # type: ignore[misc]
    with pytest.raises(ValueError, match="source"):
        SourceDocument(id="x", title="T", text="b", source="web")
    with pytest.raises(ValueError, match="metadata"):
        SourceDocument(id="x", title="T", text="b", source="file", metadata={"tags": ["a"]})
    with pytest.raises(ValueError):
        SourceDocument(id="x", title="T", text="b", source="file", published="31/07/2024")


# -- PlaceDirectory ------------------------------------------------------------------------------


def test_place_directory_finds_states_and_counties_by_name(places):
    assert places.state("wa") == "Q1223"
    assert places.county("CA", "Butte") == places.county("CA", "butte county") == "Q156181"
    assert places.county("ID", "Butte County") == "Q156340"
    assert places.county("CA", "Nevada") == "Q109681"  # the county, not the state of Nevada
    assert places.county("CA", "Los Angeles") == "Q104994"
    assert places.county("CA", "San Luis Obispo") == "Q49014"
    assert places.county("LA", "Acadia") == places.county("LA", "Acadia Parish") == "Q337402"
    assert places.county("NM", "Dona Ana County") == "Q112953"
    assert places.county("VA", "Richmond") == "Q505854"  # the bare name means the county
    assert places.county("VA", "Richmond city") == "Q43421"
    assert places.county("WA", "Butte") is None
    assert places.county_states("Butte County") == {"CA", "ID"}
    assert "census_place:0613014" in places and "Q0" not in places


def test_place_directory_missing_table_names_the_path(tmp_path):
    with pytest.raises(InputError, match="GEORISK_GEO_DIR") as error:
        PlaceDirectory.from_csv(tmp_path / "nowhere.csv.gz")
    assert "nowhere.csv.gz" in str(error.value)


def test_default_dirs_follow_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("GEORISK_GEO_DIR", str(tmp_path / "g"))
    monkeypatch.setenv("GEORISK_CORPUS_DIR", str(tmp_path / "c"))
    assert default_geo_dir() == tmp_path / "g"
    assert default_corpus_dir() == tmp_path / "c"


def test_the_counties_a_report_says_it_burns_in(places):
    assert burning_counties("The fires are burning in King and Spokane counties.", "WA", places) == (
        "Q108861", "Q485276")
    assert burning_counties("It burned in Spokane, and King Counties overnight.", "WA", places) == (
        "Q485276", "Q108861")
    # crews from two counties are not where the fire burns; a county the state lacks names somewhere else
    assert burning_counties("Crews from King and Spokane counties arrived.", "WA", places) == ()
    assert burning_counties("Burning in Butte and Spokane counties.", "WA", places) == ()
    # one county where it started, burns or spread into, in the order the text tells
    assert burning_counties("The fire started in the northeast corner of King County on Monday and burned "
                            "into Spokane County overnight.", "WA", places) == ("Q108861", "Q485276")
    assert burning_counties("A wildfire started in Spokane County, Washington.", "WA", places) == ("Q485276",)
    # a county of that name in the state named after it is not the report's state's
    assert burning_counties("The fire started in Butte County, California and spread north.", "ID", places) == ()
    assert burning_counties("Evacuation centres are open in King County.", "WA", places) == ()


def test_stated_county_needs_exactly_one_county_of_the_state(places):
    assert stated_county("The fire is burning in Spokane County.", "WA", places) == "Q485276"
    assert stated_county("Burning near Spokane County and King County.", "WA", places) is None
    # Butte County exists, but not in Washington: the record speaks of somewhere else.
    assert stated_county("Crews from Butte County and Spokane County.", "WA", places) is None
    assert stated_county("No county is named here.", "WA", places) is None


# -- InciWeb -------------------------------------------------------------------------------------


def test_inciweb_updates_keep_the_latest_version_and_report_bad_lines(tmp_path, places):
    path = write_jsonl_gz(tmp_path / "iw.jsonl.gz", [
        inciweb_record("100", "2024-07-01T06:00:00+00:00", "old text"),
        inciweb_record("100", "2024-07-20T06:00:00+00:00", "newest text, burning in Spokane County.",
                       title="Pyramid &amp; Slate Fires"),
        inciweb_record("100", "2024-07-10T06:00:00+00:00", "middle text"),
        "{not json",
        inciweb_record("200", "2024-08-01T06:00:00+00:00", "Evacuations in Spokane County and King County."),
        inciweb_record("300", "2024-08-02T06:00:00+00:00", "Near Agness, Oregon.", state="XX") | {"lat": None},
        inciweb_record("400", "2024-08-03T06:00:00+00:00", "Evacuations in Spokane County and King County.")
        | {"lat": "", "lon": ""},
        # coordinates in Spokane County, text naming King County: it burns where its coordinates are
        inciweb_record("500", "2024-08-04T06:00:00+00:00", "Crews from King County arrived."),
        inciweb_record("600", "2024-08-05T06:00:00+00:00", "Burning in Spokane County.") | {"lon": None},
        # coordinates in Spokane County, and the report says where else it burns
        inciweb_record("700", "2024-08-06T06:00:00+00:00", "The fires are burning in Spokane and King counties."),
        inciweb_record("800", "2024-08-07T06:00:00+00:00", "It is burning in King and Spokane counties.")
        | {"lon": None},
    ])
    problems: list[DocumentProblem] = []
    docs = {d.id: d for d in inciweb_updates(path, places=places, problems=problems)}
    assert set(docs) == {f"inciweb:{n}" for n in (100, 200, 300, 400, 500, 600, 700, 800)}
    newest = docs["inciweb:100"]
    assert newest.text.startswith("newest text")
    assert newest.title == "Pyramid & Slate Fires"
    assert newest.published == "2024-07-20"
    assert newest.metadata["versions"] == 3 and newest.metadata["acres"] == 1200.0
    # A report is about the county it burns in, never about its whole state.
    assert newest.scope == ("Q485276",) and newest.doc_type == "incident_report"
    assert "coordinates" in newest.scope_basis
    assert docs["inciweb:200"].scope == ("Q485276",)  # two counties named: the coordinates decide
    assert docs["inciweb:300"].scope == () and "XX" in docs["inciweb:300"].scope_basis
    # no coordinates and two counties named: the state is the narrowest place known, and says so
    assert docs["inciweb:400"].scope == ("Q1223",) and "narrowest" in docs["inciweb:400"].scope_basis
    assert docs["inciweb:500"].scope == ("Q485276",)
    # no coordinates, one county named: that county
    assert docs["inciweb:600"].scope == ("Q485276",) and "names one county" in docs["inciweb:600"].scope_basis
    assert docs["inciweb:700"].scope == ("Q485276", "Q108861") and "burns in 2 counties" in docs["inciweb:700"].scope_basis
    assert docs["inciweb:800"].scope == ("Q108861", "Q485276") and "which counties" in docs["inciweb:800"].scope_basis
    assert [p.source for p in problems] == [f"{path}:4"]


def test_inciweb_summaries_use_their_own_id_prefix(tmp_path, places):
    record = inciweb_record("7859", "2021-12-01T20:30:13+00:00", "The Crown Fire started...", state="ID")
    record["lat"], record["lon"] = 46.9, -116.5  # Latah County, which the test directory does not hold
    record["size"], record["size_unit"] = "147 Acres", ""
    docs = list(inciweb_summaries(write_jsonl_gz(tmp_path / "s.jsonl.gz", [record]), places=places))
    assert [d.id for d in docs] == ["inciweb_summary:7859"]
    assert docs[0].source == "inciweb_summary" and docs[0].scope == ("Q1221",)
    assert "narrowest" in docs[0].scope_basis
    assert docs[0].metadata["acres"] == 147.0


# -- CAL FIRE ------------------------------------------------------------------------------------


def test_calfire_scope_from_the_counties_field(tmp_path, places):
    path = write_jsonl_gz(tmp_path / "cf.jsonl.gz", [
        calfire_record("a", ["Butte"]),
        calfire_record("b", ["State of Nevada"]),
        calfire_record("c", ["Nevada", "Los Angeles"]),
        calfire_record("d", ["Mexico", "San Luis Obispo"]),
        calfire_record("e", ["Mexico"]),
        calfire_record("f", ["Atlantis"]),
        calfire_record("g", []),
    ])
    problems: list[DocumentProblem] = []
    docs = {d.id: d for d in calfire_incidents(path, places=places, problems=problems)}
    assert docs["calfire:a"].scope == ("Q156181",)
    assert docs["calfire:b"].scope == ("Q1227",) and "State of Nevada -> NV" in docs["calfire:b"].scope_basis
    assert docs["calfire:c"].scope == ("Q109681", "Q104994")
    assert docs["calfire:d"].scope == ("Q49014",)
    assert docs["calfire:e"].scope == () and "no U.S. county" in docs["calfire:e"].scope_basis
    assert docs["calfire:g"].scope == () and "empty" in docs["calfire:g"].scope_basis
    # An unknown county is reported, and the incident is still loaded.
    assert docs["calfire:f"].scope == ()
    assert len(problems) == 1 and "Atlantis" in problems[0].reason and problems[0].source == f"{path}:6"
    assert docs["calfire:a"].metadata["acres"] == 153336.0


def test_calfire_placeholder_start_dates_fall_back_to_updated(tmp_path, places):
    path = write_jsonl_gz(tmp_path / "cf.jsonl.gz", [
        calfire_record("ok", ["Butte"]),
        calfire_record("epoch", ["Butte"], started="1969-12-31T16:00:00Z", updated="2018-01-09T10:05:00Z"),
        calfire_record("none", ["Butte"], started="1969-12-31T16:00:00Z", updated="1969-12-31T16:00:00Z"),
    ])
    docs = {d.id: d for d in calfire_incidents(path, places=places)}
    assert docs["calfire:ok"].published == "2018-11-08" and docs["calfire:ok"].title == "Camp Fire (2018)"
    assert docs["calfire:epoch"].published == "2018-01-09" and docs["calfire:epoch"].title == "Camp Fire"
    assert docs["calfire:none"].published is None


# -- statutes ------------------------------------------------------------------------------------


def test_state_statutes_title_scope_and_keyword_filter(tmp_path, places):
    path = write_jsonl_gz(tmp_path / "st.jsonl.gz", [
        statute_record("stat-WA-1", 1),
        statute_record("stat-WA-2", 3, heading=""),
        statute_record("stat-ZZ-1", 5, state="ZZ"),
    ])
    problems: list[DocumentProblem] = []
    docs = {d.id: d for d in state_statutes(path, places=places, problems=problems)}
    assert set(docs) == {"statute:stat-WA-1", "statute:stat-WA-2"}
    assert docs["statute:stat-WA-1"].title == "WA 76.04.205 Burning permits."
    assert docs["statute:stat-WA-2"].title == "WA 76.04.205"
    assert docs["statute:stat-WA-1"].scope == ("Q1223",) and docs["statute:stat-WA-1"].doc_type == "statute"
    assert docs["statute:stat-WA-1"].scope_basis == "statute of WA"
    assert docs["statute:stat-WA-1"].loaded_from == "st.jsonl.gz"
    assert len(problems) == 1 and "ZZ" in problems[0].reason
    strict = [d.id for d in state_statutes(path, min_keyword_hits=2, places=places, problems=[])]
    assert strict == ["statute:stat-WA-2"]


def test_a_statutes_first_line_taken_for_its_heading_is_put_back(tmp_path, places):
    cut = {**statute_record("stat-WA-7", 1, heading="It is unlawful for any person to kindle or"),
           "text": "authorize another to kindle a fire in the open air during the months of February, March."}
    first_word_lost = {**statute_record("stat-WA-8", 1, heading="Countywide forest fire protection."),
                       "text": "forest fire protection.\n\nThe Florida Forest Service shall protect forests."}
    whole = statute_record("stat-WA-1", 1)  # a heading with punctuation and a text that opens a sentence
    path = write_jsonl_gz(tmp_path / "st.jsonl.gz", [cut, first_word_lost, whole])
    docs = {d.id: d for d in state_statutes(path, places=places, problems=[])}
    assert docs["statute:stat-WA-7"].text == ("It is unlawful for any person to kindle or authorize another to kindle a "
                                               "fire in the open air during the months of February, March.")
    assert docs["statute:stat-WA-8"].text.startswith("Countywide forest fire protection.\n\nThe Florida")
    assert docs["statute:stat-WA-1"].text == "It is unlawful to burn without a permit."
    assert docs["statute:stat-WA-7"].title == "WA 76.04.205 It is unlawful for any person to kindle or"


def test_shared_corpus_reads_the_four_sources_in_order(tmp_path, places):
    write_jsonl_gz(tmp_path / INCIWEB_UPDATES_FILE, [inciweb_record("1", "2024-07-01T00:00:00+00:00", "t")])
    write_jsonl_gz(tmp_path / INCIWEB_SUMMARIES_FILE, [inciweb_record("2", "2021-07-01T00:00:00+00:00", "t")])
    write_jsonl_gz(tmp_path / CALFIRE_FILE, [calfire_record("3", ["Butte"])])
    write_jsonl_gz(tmp_path / STATUTES_FILE, [statute_record("stat-WA-4", 1)])
    docs = list(shared_corpus(tmp_path, places=places))
    assert [d.source for d in docs] == ["inciweb", "inciweb_summary", "calfire", "statute"]
    assert [d.id for d in docs] == ["inciweb:1", "inciweb_summary:2", "calfire:3", "statute:stat-WA-4"]


def test_a_statute_and_a_jsonl_record_of_the_same_id_are_two_documents(tmp_path, places):
    write_jsonl_gz(tmp_path / STATUTES_FILE, [statute_record("stat-WA-4", 1)])
    lines = tmp_path / "mine.jsonl"
    lines.write_text(json.dumps({"id": "stat-WA-4", "text": "My own notes on burning."}) + "\n")
    [statute] = state_statutes(tmp_path / STATUTES_FILE, places=places)
    [mine] = jsonl(lines)
    assert (statute.id, mine.id) == ("statute:stat-WA-4", "jsonl:stat-WA-4")
    assert mine.loaded_from == lines.resolve().as_posix()


def test_missing_or_damaged_corpus_file_raises_input_error(tmp_path, places):
    with pytest.raises(InputError, match="nope.jsonl.gz"):
        calfire_incidents(tmp_path / "nope.jsonl.gz", places=places)
    # The error comes when the loader is called, not when the first document is asked for.
    with pytest.raises(InputError):
        shared_corpus(tmp_path / "empty-dir", places=places)
    damaged = tmp_path / "damaged.jsonl.gz"
    damaged.write_bytes(gzip.compress(b'{"doc_id": "a"}\n' * 50)[:40])
    with pytest.raises(InputError, match="damaged"):
        state_statutes(damaged, places=places)


# -- folders of files ----------------------------------------------------------------------------


def minimal_pdf(text: str) -> bytes:
    """A one-page PDF whose page draws ``text`` in Helvetica, with a correct cross-reference table."""
    stream = f"BT /F1 12 Tf 72 720 Td ({text}) Tj ET".encode("latin-1")
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


@pytest.fixture
def user_folder(tmp_path):
    root = tmp_path / "docs"
    (root / "notes").mkdir(parents=True)
    (root / "permits.txt").write_text("Burn permits are required from October to May.", encoding="utf-8")
    (root / "notes" / "ban.md").write_text("# Spokane burn ban\n\nNo outdoor burning.", encoding="utf-8")
    (root / "page.html").write_text(
        "<html><head><title>Red Flag Warning</title><style>p{color:red}</style></head>"
        "<body><script>trackVisitor()</script><h1>Warning</h1><p>Gusty winds &amp; low humidity.</p></body></html>",
        encoding="utf-8")
    (root / "legacy.txt").write_bytes("Caf\u00e9 \u201cburn ban\u201d notice".encode("cp1252"))
    (root / "empty.txt").write_text("   \n", encoding="utf-8")
    (root / "binary.txt").write_bytes(bytes(range(256)) * 4)
    (root / "broken.pdf").write_bytes(b"%PDF-1.4\nthis is not really a PDF\n")
    (root / "order.pdf").write_bytes(minimal_pdf("Stage 2 fire restrictions are in effect."))
    blank = PdfWriter()
    blank.add_blank_page(width=612, height=792)
    blank.write(root / "scan.pdf")  # a page without a text layer, as a scanned document has
    (root / "map.png").write_bytes(b"\x89PNG\r\n")
    (root / ".draft.txt").write_text("hidden", encoding="utf-8")
    return root


def test_folder_reads_text_markdown_html_and_pdf(user_folder):
    problems: list[DocumentProblem] = []
    docs = {d.metadata["path"]: d for d in folder(user_folder, problems=problems)}
    assert set(docs) == {"permits.txt", "notes/ban.md", "page.html", "legacy.txt", "order.pdf"}
    for relative, doc in docs.items():
        assert doc.id == f"file:{(user_folder / relative).resolve().as_posix()}" == f"file:{doc.loaded_from}"
    assert docs["notes/ban.md"].title == "Spokane burn ban"
    page = docs["page.html"]
    assert page.title == "Red Flag Warning" and "Gusty winds & low humidity." in page.text
    assert "trackVisitor" not in page.text and "color:red" not in page.text
    assert "Stage 2 fire restrictions" in docs["order.pdf"].text
    assert docs["order.pdf"].metadata["pages"] == 1
    assert all(d.source == "file" and d.scope == () for d in docs.values())


def test_the_same_file_name_in_two_folders_is_two_documents(tmp_path):
    for name, text in (("a", "Burn ban lifted in Spokane."), ("b", "Campfires banned in Stevens County.")):
        (tmp_path / name).mkdir()
        (tmp_path / name / "notes.txt").write_text(text, encoding="utf-8")
    [first] = folder(tmp_path / "a")
    [second] = folder(tmp_path / "b")
    assert first.id != second.id
    assert first.id.endswith("/a/notes.txt") and second.id.endswith("/b/notes.txt")
    assert first.metadata["path"] == second.metadata["path"] == "notes.txt"


def test_a_file_over_the_size_limit_is_reported_unread(tmp_path, monkeypatch):
    (tmp_path / "small.txt").write_text("Red flag warning until 8 p.m.", encoding="utf-8")
    with open(tmp_path / "huge.txt", "wb") as handle:
        handle.truncate(files.MAX_TEXT_FILE_BYTES + 1)  # sparse: its size, without the bytes
    opened: list[str] = []
    real_open = type(tmp_path).open

    def watched_open(path, *args, **kwargs):
        opened.append(path.name)
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(type(tmp_path), "open", watched_open)
    problems: list[DocumentProblem] = []
    docs = list(folder(tmp_path, problems=problems))
    assert [d.metadata["path"] for d in docs] == ["small.txt"]
    [problem] = problems
    assert problem.source.endswith("huge.txt")
    assert f"{files.MAX_TEXT_FILE_BYTES + 1:,} bytes" in problem.reason
    assert f"{files.MAX_TEXT_FILE_BYTES:,} bytes" in problem.reason and "split it" in problem.reason
    assert "huge.txt" not in opened, "the size is checked before the file is opened"


def test_folder_decodes_non_utf8_with_a_fallback_and_says_so(user_folder):
    docs = {d.metadata["path"]: d for d in folder(user_folder, problems=[])}
    legacy = docs["legacy.txt"]
    assert legacy.text == "Caf\u00e9 \u201cburn ban\u201d notice"
    assert legacy.metadata["encoding"] == "cp1252"
    assert "encoding" not in docs["permits.txt"].metadata


def test_folder_reports_empty_garbled_and_unsupported_files(user_folder):
    problems: list[DocumentProblem] = []
    list(folder(user_folder, problems=problems))
    reasons = {problem.source.rsplit("/", 1)[-1]: problem.reason for problem in problems}
    assert set(reasons) == {"empty.txt", "binary.txt", "broken.pdf", "scan.pdf", "map.png"}
    assert "OCR" in reasons["scan.pdf"]
    assert "no text" in reasons["empty.txt"]
    assert "garbled" in reasons["binary.txt"]
    assert "cannot read the PDF" in reasons["broken.pdf"]
    assert ".png" in reasons["map.png"]


def test_folder_single_file_scope_and_missing_path(user_folder, tmp_path):
    docs = list(folder(user_folder / "permits.txt", scope=("Q485276",), doc_type="guidance"))
    permits = f"file:{(user_folder / 'permits.txt').resolve().as_posix()}"
    assert [(d.id, d.scope, d.doc_type) for d in docs] == [(permits, ("Q485276",), "guidance")]
    with pytest.raises(InputError, match="no-such-folder"):
        folder(tmp_path / "no-such-folder")


def test_problems_are_logged_when_no_list_is_given(user_folder, caplog):
    with caplog.at_level(logging.WARNING, logger="georisk_graph.documents"):
        list(folder(user_folder))
    assert "broken.pdf" in caplog.text


# -- JSON Lines ----------------------------------------------------------------------------------


def test_jsonl_keeps_good_lines_and_reports_each_bad_one_with_its_line(tmp_path, places):
    path = tmp_path / "docs.jsonl"
    lines = [
        {"id": "d1", "text": "Burn ban in Spokane.", "scope": ["Q485276"], "published": "2024-07-31T08:00:00Z",
         "metadata": {"agency": "SRCAA"}},
        '{"id": "d2", "text": ',
        {"id": "d3"},
        "",
        {"id": "d4", "text": "x", "scope": ["Q999999999"]},
        {"id": "d1", "text": "again"},
        {"id": "d6", "text": "x", "metadata": {"tags": ["a", "b"]}},
        {"id": "d7", "text": "Re-exported.", "source": "calfire", "title": "Camp Fire"},
        {"id": "d8", "text": "Elsewhere.", "source": "county website", "published": "yesterday"},
        {"id": "d9", "text": "From a web page.", "source": "county website"},
    ]
    path.write_text("\n".join(line if isinstance(line, str) else json.dumps(line) for line in lines) + "\n")
    problems: list[DocumentProblem] = []
    docs = {d.id: d for d in jsonl(path, places=places, problems=problems)}
    assert set(docs) == {"jsonl:d1", "jsonl:d7", "jsonl:d9"}
    assert docs["jsonl:d1"].published == "2024-07-31" and docs["jsonl:d1"].scope == ("Q485276",)
    assert docs["jsonl:d1"].title == "d1" and docs["jsonl:d1"].metadata == {"agency": "SRCAA"}
    assert docs["jsonl:d7"].source == "calfire" and docs["jsonl:d7"].title == "Camp Fire"
    assert docs["jsonl:d9"].source == "jsonl" and docs["jsonl:d9"].metadata["origin"] == "county website"
    lines_reported = [int(p.source.rsplit(":", 1)[1]) for p in problems]
    assert lines_reported == [2, 3, 5, 6, 7, 9]
    by_line = dict(zip(lines_reported, (p.reason for p in problems)))
    assert "not valid JSON" in by_line[2] and '"text"' in by_line[3] and "Q999999999" in by_line[5]
    assert "duplicate id" in by_line[6] and "line 1" in by_line[6] and "ISO date" in by_line[9]


def test_jsonl_reads_gzip_and_rejects_a_missing_file(tmp_path):
    path = write_jsonl_gz(tmp_path / "docs.jsonl.gz", [{"id": "a", "text": "b"}])
    assert [d.id for d in jsonl(path)] == ["jsonl:a"]
    with pytest.raises(InputError, match="missing.jsonl"):
        jsonl(tmp_path / "missing.jsonl")


def test_jsonl_reports_a_line_that_is_not_utf8(tmp_path):
    path = tmp_path / "mixed.jsonl"
    path.write_bytes(b'{"id": "a", "text": "ok"}\n{"id": "b", "text": "caf\xe9"}\n')
    problems: list[DocumentProblem] = []
    assert [d.id for d in jsonl(path, problems=problems)] == ["jsonl:a"]
    assert problems[0].source.endswith(":2") and "UTF-8" in problems[0].reason


# -- the real shared data ------------------------------------------------------------------------

REAL_GEO = default_geo_dir() / GEO_NODES_FILE
REAL_CORPUS = default_corpus_dir()
needs_shared_data = pytest.mark.skipif(
    not REAL_GEO.is_file() or not (REAL_CORPUS / CALFIRE_FILE).is_file(),
    reason="the shared data folder is not beside the repository (set GEORISK_GEO_DIR / GEORISK_CORPUS_DIR)",
)


@pytest.fixture(scope="module")
def real_places():
    return PlaceDirectory.from_csv(REAL_GEO)


@pytest.mark.slow
@needs_shared_data
def test_real_inciweb_updates_keep_one_newest_document_per_incident(real_places):
    path = REAL_CORPUS / INCIWEB_UPDATES_FILE
    versions = defaultdict(list)
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            record = json.loads(line)
            versions[record["inciweb_id"]].append(record)
    docs = list(inciweb_updates(path, places=real_places, problems=[]))
    assert len(docs) == len(versions) == len({d.id for d in docs})
    for doc in docs:
        newest = max(versions[doc.metadata["incident_id"]], key=lambda r: r["version_last_seen"])
        assert doc.metadata["version_last_seen"] == newest["version_last_seen"]
        # the newest version's words, less the paragraphs it prints twice (17 of the 899)
        assert doc.text.split() == without_repeats(html.unescape(newest["text"])).split()
    # 326114 was seen in ten versions; the last one is the document.
    green_rattle = next(d for d in docs if d.id == "inciweb:326114")
    assert green_rattle.metadata["versions"] == 10 and green_rattle.published == "2025-09-30"


@pytest.mark.slow
@needs_shared_data
def test_real_statutes_keep_each_paragraph_once(real_places):
    statutes = {d.id: d for d in state_statutes(REAL_CORPUS / STATUTES_FILE, places=real_places)}
    # the source prints this section four times: once as one line, three times as paragraphs
    assert statutes["statute:stat-MS-142"].text.count("In order to benefit and protect the public") == 1
    # a note printed twice in a row
    assert statutes["statute:stat-WA-407"].text.count("Effective date—2001 c 157") == 1
    # the county subsection lists the municipal subsection's items again: both stay
    assert statutes["statute:stat-NM-243"].text.count("(1) shall ban the sale and use of missile-type") == 2
    twice = [d.id for d in statutes.values()
             if len(p := [x for x in d.text.split("\n\n") if len(x) >= 40]) != len(set(p))]
    assert len(twice) <= 4, twice


@pytest.mark.slow
@needs_shared_data
def test_real_statutes_and_calfire_scopes(real_places):
    statutes = list(state_statutes(REAL_CORPUS / STATUTES_FILE, places=real_places))
    washington = [d for d in statutes if d.metadata["state"] == "WA"]
    assert len(washington) == 136 and all(d.scope == ("Q1223",) for d in washington)
    incidents = list(calfire_incidents(REAL_CORPUS / CALFIRE_FILE, places=real_places))
    # Two Camp Fires started in 2018; this is the one that burned Paradise.
    camp = next(d for d in incidents if d.id == "calfire:75dafe80-f18a-4a4a-9a37-4b564c5f6014")
    assert camp.title == "Camp Fire (2018)"
    assert camp.scope == ("Q156181",) == (real_places.county("CA", "Butte County"),)
    assert camp.metadata["event_place_id"] in real_places


@pytest.mark.slow
@needs_shared_data
def test_real_shared_corpus_loads_without_problems(real_places):
    problems: list[DocumentProblem] = []
    docs = list(shared_corpus(REAL_CORPUS, places=real_places, problems=problems))
    counts = defaultdict(int)
    for doc in docs:
        counts[doc.source] += 1
    assert dict(counts) == {"inciweb": 899, "inciweb_summary": 580, "calfire": 3587, "statute": 554}
    assert len({d.id for d in docs}) == len(docs)
    assert problems == []
    assert all(place in real_places for d in docs for place in d.scope)
