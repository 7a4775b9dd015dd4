"""The fitted models shipped with the package, each a JSON file with the command that refits it
(``georisk fit``): ``relevance.json`` (georisk_graph.relevance), ``places.json`` (georisk_graph.question.roles)
and ``sentences.json`` (georisk_graph.generation.extractive). Internal: read through the modules that use
them, which read the files with :func:`read`."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

from ..exceptions import ConfigurationError


def read(file: str, path: Path | None, *, what: str, refit: str) -> dict[str, Any]:
    """The model stored as ``file`` in this package, or the one at ``path``: its JSON, or a
    ConfigurationError naming the file, what is wrong and the command that refits ``what``."""
    source = path or Path(str(resources.files(__name__).joinpath(file)))
    try:
        data = json.loads(Path(source).read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise ConfigurationError(f"cannot read the {what} {source}: {err}; refit it with `{refit}`") from None
    if not isinstance(data, dict) or "weights" not in data or "bias" not in data:
        raise ConfigurationError(f"the {what} {source} holds no weights and bias; refit it with `{refit}`")
    return data
