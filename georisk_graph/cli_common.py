"""What every ``georisk`` command shares: its error handling and where its settings come from.
``cli``, ``cli_analyst`` and ``cli_eval`` import this module; it imports none of them."""

from __future__ import annotations

import functools
import sys
from typing import Any, Callable

import click

from .exceptions import GeoRiskError
from .graph import Graph
from .settings import Settings


def friendly(func: Callable[..., Any]) -> Callable[..., Any]:
    """Turn GeoRiskError into a one-paragraph message and exit status 2, never a traceback."""
    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except GeoRiskError as err:
            click.echo(f"error: {err}", err=True)
            sys.exit(2)
    return wrapper


def settings() -> Settings:
    return Settings.from_env()


def connected_graph(apply_schema: bool = True) -> Graph:
    graph = Graph(settings()).connect()
    if apply_schema:
        graph.apply_schema()
    return graph
