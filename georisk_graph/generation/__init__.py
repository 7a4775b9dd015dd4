"""Answer text from decided evidence. The decision is made in code before any generator runs; a
generator only words an answer or a warned answer, and is never asked to answer an abstention."""

from .base import Generator, Scored, Worded
from .extractive import ExtractiveGenerator
from .ollama import OllamaGenerator

__all__ = ["ExtractiveGenerator", "Generator", "OllamaGenerator", "Scored", "Worded"]
