"""One document never sinks the others, without a server: long texts through place recognition in
segments. A document that fails preparation failing alone, and a server killed in the middle of a run:
tests/integration/test_ingest_isolation.py."""

from __future__ import annotations

from georisk_graph.places import Gazetteer
from georisk_graph.places.recognition import SpacyRecognizer, load_spacy, segments

from .test_places import ROWS

PARAGRAPH = ("Crews from Butte County responded to a fire near Paradise, California on Tuesday. "
             "Evacuations in Chico were lifted.\nSpringfield, IL and Portland, Oregon sent engines.\n\n")


# -- long texts through the model ---------------------------------------------------------------------

def test_segments_cover_the_text_and_end_at_paragraphs_lines_or_spaces():
    text = PARAGRAPH * 40
    pieces = segments(text, 1000)
    assert pieces[0][0] == 0 and pieces[-1][1] == len(text)
    assert all(a[1] == b[0] for a, b in zip(pieces, pieces[1:]))
    assert all(end - start <= 1000 for start, end in pieces)
    assert all(text[:end].endswith("\n\n") for _, end in pieces[:-1])
    unbroken = "x" * 2500  # no place to cut but anywhere
    assert segments(unbroken, 1000) == [(0, 1000), (1000, 2000), (2000, 2500)]
    assert segments("", 1000) == [(0, 0)]


def test_a_text_longer_than_the_models_limit_is_recognised_in_segments():
    """spaCy refuses a text over nlp.max_length (E088; 1,000,000 characters by default). With the limit
    lowered to 2,000 characters, a 12,000-character text gives the same spans at the same offsets as
    the model reading it whole."""
    gazetteer = Gazetteer.from_rows(ROWS)
    text = PARAGRAPH * 70
    [whole] = SpacyRecognizer(gazetteer, load_spacy()).find([text])
    limited = load_spacy()
    limited.max_length = 2000
    [short, segmented] = SpacyRecognizer(gazetteer, limited).find(["Fire near Chico.", text])
    assert segmented == whole and len(whole) == 70 * 8
    assert all(text[s.start:s.end] == s.text for s in segmented)
    assert [s.text for s in short] == ["Chico"]
