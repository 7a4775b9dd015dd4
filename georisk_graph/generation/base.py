"""What every generator offers."""

from __future__ import annotations

from typing import Protocol, Sequence

from ..evidence import Citation
from ..question import Reading


class Generator(Protocol):
    name: str

    def generate(self, reading: Reading, citations: Sequence[Citation], warning: str | None, *,
                 decision: str = "answer") -> str:
        """Answer the question ``reading`` read from the numbered ``citations`` (1-based, in order), citing them as [n].

        ``decision`` is the decision already made ("answer" or "warn"; an abstention is never worded)
        and ``warning`` the scope warning that goes with "warn"."""
        ...
