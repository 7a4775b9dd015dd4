"""Reading questions: each question is read once, by :class:`Reader`, into a frozen :class:`Reading` that
retrieval, the decision and the answer's words take; no later stage reads the question's text again."""

from .asked import AskedDay, as_of_date
from .places import QueryPlace
from .reader import Reader
from .reading import Reading

__all__ = ["AskedDay", "QueryPlace", "Reader", "Reading", "as_of_date"]
