"""The PNG: env steps/s against batch size, one panel per task, one line per
library variant. Needs matplotlib (the `bench` extra); drawn without pyplot
so no GUI backend is touched."""

from __future__ import annotations

import math
from collections import defaultdict

from .measure import PointResult


def have_matplotlib() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def write_png(results: list[PointResult], path: str, title: str) -> bool:
    """Writes the plot; False (nothing written) when matplotlib is missing or
    nothing was measured."""
    if not have_matplotlib():
        return False
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    by_task: dict[str, dict[str, list[tuple[int, float]]]] = defaultdict(lambda: defaultdict(list))
    for pr in results:
        for m in pr.measurements:
            by_task[pr.point.task][m.label].append((pr.point.batch_size, m.steps_per_s))
    if not by_task:
        return False
    n = len(by_task)
    cols = min(n, 3)
    rows = math.ceil(n / cols)
    fig = Figure(figsize=(5 * cols, 4 * rows), layout="constrained")
    FigureCanvasAgg(fig)
    for i, (task, lines) in enumerate(by_task.items()):
        ax = fig.add_subplot(rows, cols, i + 1)
        for label, pts in lines.items():
            pts.sort()
            style = "-" if label.startswith("rlpool") else "--"
            ax.plot([p[0] for p in pts], [p[1] for p in pts], style, marker="o", label=label)
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_title(task)
        ax.set_xlabel("batch size (envs returned per call)")
        ax.set_ylabel("env steps / s")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize="small")
    fig.suptitle(title)
    fig.savefig(path, dpi=100)
    return True
