"""Neo4j Browser for analysts, without a server: the style sheet, the guide, and the Bloom perspective's
shape. The guide's server, the local server's Browser settings and the real Browser driven by headless
Chromium: tests/integration/test_browser.py."""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path

from georisk_graph import analyst, browser, queries


# -- the guide and the style sheet ---------------------------------------------------------------
class _GuideBlocks(HTMLParser):
    """The slides and the runnable code blocks (with their data-query names) of a guide."""

    def __init__(self) -> None:
        super().__init__()
        self.slides = 0
        self.title = ""
        self.blocks: list[tuple[str | None, str]] = []
        self._in_title = False
        self._block: tuple[str | None, list[str]] | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "slide":
            self.slides += 1
        elif tag == "title":
            self._in_title = True
        elif tag == "pre" and "runnable" in (attrs.get("class") or ""):
            self._block = (attrs.get("data-query"), [])

    def handle_endtag(self, tag):
        if tag == "title":
            self._in_title = False
        elif tag == "pre" and self._block is not None:
            self.blocks.append((self._block[0], "".join(self._block[1])))
            self._block = None

    def handle_data(self, data):
        if self._in_title:
            self.title += data
        if self._block is not None:
            self._block[1].append(data)


def guide_blocks() -> _GuideBlocks:
    parser = _GuideBlocks()
    parser.feed((browser.assets_dir() / browser.GUIDE_FILE).read_text())
    return parser


def test_guide_slides_and_runnable_blocks():
    guide = guide_blocks()
    assert guide.title == "GeoRisk-Graph for analysts"
    assert guide.slides >= 7
    named = {name for name, _ in guide.blocks if name}
    assert named >= {"delta", "analyst_places_under", "analyst_documents_for_place", "analyst_why_passage",
                     "analyst_coverage_gaps"}
    assert any(text.startswith(":params") for _, text in guide.blocks)


def test_guide_blocks_hold_the_named_queries_text():
    named = [(name, text) for name, text in guide_blocks().blocks if name]
    # every analyst query has its block (a guide that lost its data-query names would check nothing)
    assert {q.name for q in analyst.analyst_queries()} <= {name for name, _ in named}
    for name, text in named:
        assert html.unescape(text) == queries.load(name).text, f"guide block {name} differs from cypher/{name}.cypher"


def test_guide_has_no_script():
    # The Browser strips scripts and on* handlers from remote guides; the guide needs neither.
    text = (browser.assets_dir() / browser.GUIDE_FILE).read_text()
    assert "<script" not in text.lower() and not re.search(r"\son\w+=", text)


def test_grass_parses_to_the_browser_style_json():
    style = json.loads(browser.style_json())
    assert style["node.Place"]["caption"] == "{name}"
    assert style["node.Document"]["caption"] == "{title}"
    assert style["node.Chunk"]["caption"] == "#{index}"
    assert style["relationship.MENTIONS"]["caption"] == "{surface}"
    for label in ("State", "County", "City", "Wildfire", "Document", "Chunk"):
        assert re.fullmatch(r"#[0-9A-F]{6}", style[f"node.{label}"]["color"])
    for rel in ("LOCATED_IN", "APPLIES_TO", "MENTIONS", "HAS_CHUNK", "NEXT"):
        assert f"relationship.{rel}" in style
    # node.Place comes before the level labels, so their colours win (the Browser applies in order).
    keys = list(style)
    assert keys.index("node.Place") < keys.index("node.County")


def test_parse_grass_keeps_braces_inside_quotes():
    assert browser.parse_grass("node.A {\n  caption: '{name}';\n  color: #FFFFFF;\n}\nrelationship { caption: \"<type>\" }") == {
        "node.A": {"caption": "{name}", "color": "#FFFFFF"}, "relationship": {"caption": "<type>"}}


# -- the Bloom perspective -----------------------------------------------------------------------
BLOOM = Path(__file__).resolve().parents[2] / "bloom" / "georisk-perspective.json"


def test_bloom_perspective_shape():
    perspective = json.loads(BLOOM.read_text())
    categories = {c["name"]: c for c in perspective["categories"]}
    assert {"State", "County", "City", "Wildfire", "Place", "Document", "Chunk"} <= set(categories)
    assert [p["name"] for p in categories["Document"]["properties"] if p["isCaption"]] == ["title"]
    assert [p["name"] for p in categories["Place"]["properties"] if p["isCaption"]] == ["name"]
    names = [c["name"] for c in perspective["categories"]]
    assert names.index("County") < names.index("Place")  # the level's category takes precedence
    assert {r["name"] for r in perspective["relationshipTypes"]} == {"LOCATED_IN", "APPLIES_TO", "MENTIONS",
                                                                     "HAS_CHUNK", "NEXT"}
    for template in perspective["templates"]:
        in_text = set(re.findall(r"\$(\w+)", template["text"]))
        assert in_text == {p["name"][1:] for p in template["params"]} == set(re.findall(r"\$(\w+)", template["cypher"]))
