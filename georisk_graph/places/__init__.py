"""Places in text: recognition and toponym resolution, shared by ingestion and questions.

    gazetteer = Gazetteer.from_graph(graph)            # offline: loaders.geography.gazetteer_from_tables()
    resolver = PlaceResolver.load(gazetteer)           # spaCy model name or path: model=...
    [res] = resolver.resolve(["Is there a burn ban in Springfield, IL?"])
    res.places                                         # ('Q28515', 'Q1204')
    res.mentions[0].method, res.mentions[0].reason     # 'qualifier', "'Springfield' is qualified by 'IL': ..."
"""

from .evaluation import evaluate_places
from .gazetteer import Gazetteer, GazetteerEntry
from .recognition import DEFAULT_MODEL, Recognizer, Span, SpacyRecognizer
from .resolution import Candidate, PlaceMention, PlaceResolver, Resolution

__all__ = [
    "DEFAULT_MODEL", "Candidate", "Gazetteer", "GazetteerEntry", "PlaceMention", "PlaceResolver",
    "Recognizer", "Resolution", "Span", "SpacyRecognizer", "evaluate_places",
]
