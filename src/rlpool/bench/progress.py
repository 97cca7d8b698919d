"""A plain-text progress line on stderr: redrawn in place on a terminal, one
line per point otherwise (so logs stay short)."""

from __future__ import annotations

import shutil
import sys
import time


class Progress:
    def __init__(self, num_points: int, enabled: bool = True, stream=None) -> None:
        self.num_points = num_points
        self.enabled = enabled
        self.stream = stream or sys.stderr
        self.tty = self.stream.isatty()
        # A redrawn line must not wrap, or each redraw leaves a stale line behind.
        self.width = max(40, shutil.get_terminal_size().columns - 1)
        self.start = time.perf_counter()
        self.point = 0
        self.title = ""

    def begin_point(self, title: str) -> None:
        self.point += 1
        self.title = title
        if self.enabled and not self.tty:
            self._write(f"[{self.point}/{self.num_points}] {title}\n")

    def update(self, done: int, total: int, what: str) -> None:
        if not (self.enabled and self.tty):
            return
        width = 20
        filled = width * done // max(total, 1)
        bar = "#" * filled + "." * (width - filled)
        elapsed = time.perf_counter() - self.start
        line = f"[{self.point}/{self.num_points}] {self.title} [{bar}] {what} ({elapsed:.0f}s)"
        self._write("\r" + line[: self.width].ljust(self.width))

    def note(self, text: str) -> None:
        if self.enabled:
            self._write(("\r" + " " * self.width + "\r" if self.tty else "") + f"  {text}\n")

    def end(self) -> None:
        if self.enabled and self.tty:
            self._write("\r" + " " * self.width + "\r")

    def _write(self, text: str) -> None:
        self.stream.write(text)
        self.stream.flush()
