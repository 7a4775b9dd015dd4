"""Progress of long work, wherever its output goes: on a terminal a bar; in a file, CI or a pipe a
line every ``every`` seconds (and one at the start and one at the end), each written at once, with
what is done, the rate and the time left.

A command whose standard output is text for people (not JSON) also puts the lines there when it is a
file or a pipe (``georisk demo > demo.log`` with the bar on the terminal), unless both outputs go to
the same file, which gets them once."""

from __future__ import annotations

import os
import sys
import threading
import time
from types import TracebackType
from typing import Any, TextIO

LINE_EVERY_SECONDS = 30.0


class Progress:
    """``with Progress(total, desc="ingest", unit="docs") as bar: bar.update(n)``.

    ``total`` may be None (unknown). ``note`` is shown beside the count (a rate of another unit, a
    stage). The lines come from a timer thread, so a step slower than ``every`` still shows the run
    is alive. Nothing is written before the ``with`` block starts."""

    def __init__(self, total: int | None, *, desc: str, unit: str, stream: TextIO | None = None,
                 also: TextIO | None = None, every: float = LINE_EVERY_SECONDS, enabled: bool = True) -> None:
        self.total = total
        self.desc = desc
        self.unit = unit
        self.stream = stream  # default: standard error
        self.also = also  # a second output for the lines, when it is not a terminal
        self.every = every
        self.enabled = enabled
        self._lines: list[TextIO] = []
        self.done = 0
        self.note = ""
        self._bar: Any = None
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._ticker: threading.Thread | None = None
        self._started = 0.0

    def __enter__(self) -> "Progress":
        stream = self.stream or sys.stderr
        self._started = time.monotonic()
        if not self.enabled:
            return self
        if _is_terminal(stream):
            from tqdm import tqdm

            self._bar = tqdm(total=self.total, desc=self.desc, unit=" " + self.unit, file=stream)
        else:
            self._lines.append(stream)
        if self.also is not None and not _is_terminal(self.also) and not _same_file(self.also, stream):
            self._lines.append(self.also)
        if not self._lines:
            return self
        self._write(self.line(started=True))
        self._ticker = threading.Thread(target=self._tick, name=f"progress-{self.desc}", daemon=True)
        self._ticker.start()
        return self

    def update(self, n: int = 1, note: str | None = None) -> None:
        with self._lock:
            self.done += n
            if note is not None:
                self.note = note
        if self._bar is not None:
            if note is not None:
                self._bar.set_postfix_str(note, refresh=False)
            self._bar.update(n)

    def set_note(self, note: str) -> None:
        self.update(0, note)

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self._bar is not None:
            self._bar.close()
        if self._ticker is not None:
            self._stop.set()
            self._ticker.join()
            self._write(self.line(finished=error is None, failed=error is not None))

    def line(self, *, started: bool = False, finished: bool = False, failed: bool = False) -> str:
        """One line of progress: count, share, rate, time left (or taken)."""
        with self._lock:
            done, note = self.done, self.note
        elapsed = time.monotonic() - self._started
        of = f"/{self.total:,}" if self.total is not None else ""
        if started:
            return f"{self.desc}: started, {self.total:,} {self.unit} to do" if self.total is not None \
                else f"{self.desc}: started"
        parts = [f"{self.desc}: {done:,}{of} {self.unit}"]
        if self.total:
            parts[0] += f" ({100 * done / self.total:.0f}%)"
        rate = done / elapsed if elapsed > 0 else 0.0
        parts.append(f"{rate:.1f} {self.unit}/s")
        if finished or failed:
            parts.append(("stopped by an error after " if failed else "done in ") + _duration(elapsed))
        elif self.total and rate > 0:
            parts.append(f"about {_duration((self.total - done) / rate)} left")
        else:
            parts.append(f"{_duration(elapsed)} so far")
        if note:
            parts.append(note)
        return ", ".join(parts)

    def _tick(self) -> None:
        while not self._stop.wait(self.every):
            self._write(self.line())

    def _write(self, line: str) -> None:
        for stream in self._lines:
            stream.write(line + "\n")
            stream.flush()


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or file-less stream
        return False


def _same_file(one: TextIO, other: TextIO) -> bool:
    """Whether two streams write to one file (``> log 2>&1``)."""
    try:
        a, b = os.fstat(one.fileno()), os.fstat(other.fileno())
    except (AttributeError, OSError, ValueError):  # no file behind one of them (a StringIO)
        return one is other
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def _duration(seconds: float) -> str:
    seconds = max(0, round(seconds))
    if seconds < 60:
        return f"{seconds} s"
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes} min {seconds:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"
