"""The optional parts of the package and the extras that install them (see pyproject.toml):
``langchain`` (the LangChain retriever and the standard RAG baselines), ``plots`` (evaluation plots and
the coverage map) and ``ollama`` (generated answers and the LLM judge): ``pip install
'georisk-graph[all]'`` installs these three. ``ray`` (ingestion on a Ray cluster) is installed apart."""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

from .exceptions import ConfigurationError


def installed(module: str) -> bool:
    """Whether ``module`` can be imported, without importing it."""
    return importlib.util.find_spec(module) is not None


def require(module: str, extra: str, purpose: str) -> ModuleType:
    """``module`` imported, or a :class:`ConfigurationError` naming the extra that installs it."""
    try:
        return importlib.import_module(module)
    except ImportError as err:
        raise ConfigurationError(
            f"{purpose} needs the Python package {module.split('.')[0]!r}, which is not installed: "
            f"pip install 'georisk-graph[{extra}]'") from err
