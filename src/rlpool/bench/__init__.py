"""`rlpool bench`: rlpool against envpool, gymnasium's vector envs, ale-py's
AtariVectorEnv and a bare Python loop, in one interleaved run. The method is
described in docs/benchmarks.md."""

from __future__ import annotations

from .measure import Measurement, PointResult, measure, measure_point
from .plot import have_matplotlib, write_png
from .report import environment, format_markdown, format_table, reliability_warnings, to_json
from .runners import ALL_LIBRARIES, LIBRARIES, versions
from .scenarios import PAPER, QUICK, SCENARIOS, XLA, Point, Scenario, Timing, explicit, sync_and_async

__all__ = [
    "ALL_LIBRARIES",
    "LIBRARIES",
    "Measurement",
    "PAPER",
    "Point",
    "PointResult",
    "QUICK",
    "SCENARIOS",
    "Scenario",
    "Timing",
    "XLA",
    "environment",
    "explicit",
    "format_markdown",
    "format_table",
    "have_matplotlib",
    "measure",
    "measure_point",
    "reliability_warnings",
    "to_json",
    "sync_and_async",
    "versions",
    "write_png",
]
