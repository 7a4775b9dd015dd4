"""Questions in Spanish: their language told, their places found before translation (Spanish names as data), the
rest read through the translator (Debian's apertium-eng-spa, which CI installs), and the system's own words written
in Spanish from the message catalogue. Every question here was written for these tests."""

from __future__ import annotations

import ast
import json
import re
import string
from datetime import date
from pathlib import Path

import pytest

from georisk_graph import TranslatorMissing
from georisk_graph.decision import decide_question
from georisk_graph.messages import catalogue, speaking
from georisk_graph.places.spanish import english_places, spanish_names
from georisk_graph.question import Reader, roles
from georisk_graph.translation import ApertiumTranslator, LanguageIdentifier

REPOSITORY = Path(__file__).resolve().parents[2]
NEW_MEXICO, NORTH_CAROLINA, SOUTH_DAKOTA, MISSOURI, CALIFORNIA = "Q1522", "Q1454", "Q1211", "Q1581", "Q99"
LAKE_COUNTY_CA = "Q156361"


@pytest.fixture(scope="module")
def gazetteer(shared_dir):
    from georisk_graph.loaders.geography import gazetteer_from_tables

    return gazetteer_from_tables(shared_dir / "data" / "geo")


@pytest.fixture(scope="module")
def translator():
    try:
        found = ApertiumTranslator.find()
    except TranslatorMissing as missing:
        pytest.skip(f"apertium is not installed here ({missing}); .ci/run installs it")
    yield found
    found.close()


# the stored corpus's terms a reader knows (Reader.load reads them from the graph): a few of a wildfire corpus's
DOCUMENT_WORDS = "red flag warning burn ban permit yard debris fire restrictions evacuation order county".split()


@pytest.fixture(scope="module")
def reader(gazetteer, translator):
    from georisk_graph.analysis import Vocabulary, stem
    from georisk_graph.places import PlaceResolver
    from georisk_graph.question.wording import Lexicon

    lexicon = Lexicon.load(Vocabulary(1000, {stem(w): 50 for w in DOCUMENT_WORDS}), gazetteer.words())
    return Reader(PlaceResolver.load(gazetteer), None, lexicon=lexicon, role_model=roles.load(),
                  languages=LanguageIdentifier(), translator=translator)


@pytest.mark.parametrize("written, english", [
    ("¿Necesito permiso para quemar basura en Nuevo México?", "New Mexico"),
    ("necesito permiso para quemar en nuevo mexico", "New Mexico"),
    ("Vivo en Carolina del Norte: ¿puedo quemar hojas en otoño?", "North Carolina"),
    ("¿Hay incendios en Dakota del Sur esta semana?", "South Dakota"),
    ("En Misuri, ¿hay restricciones de fuego?", "Missouri"),
    ("¿Hay prohibición de quemas en el condado de Lake?", "Lake County"),
])
def test_a_spanish_place_name_is_written_as_the_gazetteer_writes_it(gazetteer, written, english):
    text, notes = english_places(written, gazetteer, spanish_names(gazetteer))
    assert f"[{english}]" in text and notes


@pytest.mark.parametrize("question, place", [
    ("¿Necesito un permiso para quemar basura en Nuevo México?", NEW_MEXICO),
    ("en carolina del norte se puede quemar hojas sin permiso?", NORTH_CAROLINA),
    ("¿Cuándo empieza la temporada de incendios en Dakota del Sur?", SOUTH_DAKOTA),
    ("¿Qué multa hay en Misuri por dejar una fogata encendida?", MISSOURI),
    ("¿Hay prohibición de quemas en el condado de Lake, California?", LAKE_COUNTY_CA),
])
def test_each_spanish_state_name_resolves_to_its_state(reader, question, place):
    [reading] = reader.read([question])
    assert reading.language == "es" and reading.translation
    assert place in [p.id for p in reading.places], (reading.translation, [p.id for p in reading.places])


@pytest.mark.parametrize("question, terms", [
    ("¿Hay burn ban en Nuevo México esta semana?", {"burn", "ban"}),
    ("necesito un burn permit para quemar yard debris en Spokane, Washington?", {"burn", "permit", "debri"}),
    ("¿El red flag warning sigue vigente en el condado de Butte?", {"red", "flag", "warn"}),
])
def test_a_spanish_question_with_english_fire_terms_is_read(reader, question, terms):
    [reading] = reader.read([question])
    assert reading.language == "es" and reading.places
    assert terms <= {t.stem for t in reading.terms}, reading.translation


@pytest.mark.parametrize("question", [
    "¿Necesito permiso para quemar basura en Nuevo México?",
    "q hay de los incendios en el condado de Lake",
    "¿Es ilegal volar un dron sobre un incendio forestal?",
])
def test_without_a_translator_a_spanish_question_is_told_what_to_install(gazetteer, question):
    from georisk_graph.places import PlaceResolver

    bare = Reader(PlaceResolver(gazetteer, recognizer=_NoNames()), None, languages=LanguageIdentifier(), translator=None)
    [reading] = bare.read([question])
    assert reading.language == "es" and reading.untranslated and not reading.places and not reading.terms
    decided = decide_question(reading, {}, k=5, as_of=date(2026, 8, 22))
    assert decided.decision == "abstain"
    assert "apertium-eng-spa" in decided.reason and "español" in decided.reason
    assert "base de conocimiento" not in decided.reason and "knowledge base" not in decided.reason


class _NoNames:
    """A recognizer that finds nothing: a question no translator read is never recognised."""

    def find(self, texts):
        raise AssertionError("an untranslated question was read for places")


def test_every_english_question_of_the_labelled_sets_is_read_as_english(gazetteer):
    """English questions are read exactly as before: none of the labelled sets' is taken for Spanish."""
    questions = [json.loads(line)["question"] for name in ("questions", "fresh", "holdout", "atlength", "newstyles")
                 for line in (REPOSITORY / "benchmarks" / "qa" / f"{name}.jsonl").read_text().splitlines() if line]
    names = spanish_names(gazetteer)
    found = LanguageIdentifier().identify([english_places(q, gazetteer, names)[0] for q in questions])
    assert len(questions) > 1500 and [q for q, lang in zip(questions, found) if lang.code != "en"] == []


def test_the_translator_keeps_what_is_bracketed_and_says_what_to_install_when_missing(translator):
    [english] = translator.translate(["¿Puedo hacer una fogata en [Santa Fe] este fin de semana?"])
    assert "[Santa Fe]" in english and "weekend" in english
    with pytest.raises(TranslatorMissing, match="apertium-eng-spa"):
        ApertiumTranslator.find(roots=("/nonexistent",))


def _messages(path: Path) -> list[str]:
    return [node.args[0].value for node in ast.walk(ast.parse(path.read_text()))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_"
            and node.args and isinstance(node.args[0], ast.Constant)]


def test_every_message_the_system_writes_has_its_spanish_with_the_same_blanks():
    package = REPOSITORY / "georisk_graph"
    written = {m for path in package.rglob("*.py") for m in _messages(path)}
    spanish = catalogue("es")
    fields = lambda text: sorted(f for _, f, _, _ in string.Formatter().parse(text) if f)  # noqa: E731
    assert len(written) > 40
    missing = [m for m in written if spanish.gettext(m) == m and m not in ("No",)]
    assert missing == []
    assert [m for m in written if fields(spanish.gettext(m)) != fields(m)] == []
    with speaking("es"):
        from georisk_graph.messages import gettext as _
        assert _("The evidence is about {place} itself.").format(place="X") == "La información trata de X en sí."
    assert not re.search(r"\{\w+\}", catalogue("en").gettext("The evidence is about {place} itself.").format(place="X"))


@pytest.mark.parametrize("question", [
    "¿Sigue activo el incendio Saddle Ridge?",
    "cuantos acres quemo el fuego Saddle Ridge",
    "¿Ya controlaron el incendio Saddle Ridge cerca de Los Ángeles?",
])
def test_a_fire_named_the_spanish_way_is_written_as_the_reports_name_it(gazetteer, question):
    """"el incendio X" is the reports' "X Fire" only where the reports know X; a name they lack stays as written."""
    from georisk_graph.places import PlaceResolver

    reader = Reader(PlaceResolver(gazetteer, recognizer=_NoNames()), None, incidents={"saddle ridge"},
                    languages=LanguageIdentifier(), translator=None)
    assert "[Saddle Ridge Fire]" in reader.spanish_incidents(question)
    unknown = question.replace("Saddle Ridge", "Loma Verde")
    assert reader.spanish_incidents(unknown) == unknown
