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
    from matplotlib.lines import Line2D
    from matplotlib.ticker import NullLocator

    by_task: dict[str, dict[str, list[tuple[int, float]]]] = defaultdict(lambda: defaultdict(list))
    for pr in results:
        for m in pr.measurements:
            by_task[pr.point.task][m.label].append((pr.point.batch_size, m.steps_per_s))
    if not by_task:
        return False
    labels = list(dict.fromkeys(label for lines in by_task.values() for label in lines))
    colors = {label: f"C{i % 10}" for i, label in enumerate(labels)}  # one colour per variant in every panel
    n = len(by_task)
    cols = min(n, 3)
    rows = math.ceil(n / cols)
    fig = Figure(figsize=(4.5 * cols + 2, 3.6 * rows), layout="constrained")
    FigureCanvasAgg(fig)
    for i, (task, lines) in enumerate(by_task.items()):
        ax = fig.add_subplot(rows, cols, i + 1)
        batches = sorted({b for pts in lines.values() for b, _ in pts})
        for label, pts in lines.items():
            pts.sort()
            style = "-" if label.startswith("rlpool") else "--"
            ax.plot([p[0] for p in pts], [p[1] for p in pts], style, marker="o", color=colors[label], label=label)
        if len(batches) > 1:
            ax.set_xscale("log", base=2)
        ax.set_xticks(batches, [str(b) for b in batches])
        ax.xaxis.set_minor_locator(NullLocator())
        ax.set_yscale("log")
        ax.set_title(task)
        ax.set_xlabel("batch size (results per call)")
        ax.set_ylabel("env steps / s")
        ax.grid(True, which="both", alpha=0.3)
    handles = [Line2D([], [], color=colors[l], marker="o", linestyle="-" if l.startswith("rlpool") else "--") for l in labels]
    fig.legend(handles, labels, loc="outside right upper", fontsize="small")
    fig.suptitle(title)
    fig.savefig(path, dpi=100)
    return True
