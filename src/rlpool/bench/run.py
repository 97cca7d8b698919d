"""`rlpool bench`'s one entry point: run(scenario, ...) runs any scenario,
named or built from --task, by the kind it declares (Scenario.kind), prints
its table and writes its files. The command line (cli.py) only parses and
checks arguments."""

from __future__ import annotations

import argparse
import functools
import json
import os
import sys
from typing import Any, Callable, Sequence

from .scenarios import Scenario


def run(parser: argparse.ArgumentParser, scenario: Scenario, args: argparse.Namespace, argv: Sequence[str]) -> int:
    """Runs `scenario`; `parser` reports late argument errors, `args` holds
    the parsed options, `argv` the command line (recorded in the files)."""
    return KINDS[scenario.kind](parser, scenario, args, argv)


def _header(scenario: Scenario, env: dict[str, Any]) -> None:
    t = scenario.timing
    print(f"rlpool bench {scenario.name}: {scenario.description}")
    print(
        f"{env['cpu_count']} cores · {env['processor']} · python {env['python']} · "
        + " · ".join(f"{k} {v}" for k, v in env["versions"].items())
    )
    print(f"warm-up {t.warmup_s:g}s, then {t.repeats} interleaved rounds of ~{t.repeat_s:g}s per variant; median shown\n", flush=True)


def _points(parser, scenario: Scenario, args, argv) -> int:
    """Every library on each point, interleaved; a table, JSON, Markdown and a PNG."""
    from . import LIBRARIES, environment, format_markdown, format_table, have_matplotlib, measure
    from . import reliability_warnings, to_json, versions, write_png

    prefix = args.output or f"rlpool-bench-{scenario.name}"
    env = environment(versions())
    _header(scenario, env)
    libraries = args.libraries or scenario.libraries or LIBRARIES
    results = measure(scenario, libraries, show_progress=not args.no_progress)
    print(format_table(results))
    env["load_average_after"] = list(os.getloadavg()) if hasattr(os, "getloadavg") else None
    for warning in reliability_warnings(results, env):
        print(f"rlpool bench: warning: {warning}", file=sys.stderr)

    data = to_json(scenario, results, env, ["rlpool", *argv])
    json_path = prefix + ".json"
    with open(json_path, "w") as f:
        json.dump(data, f, indent=1)
    print(f"wrote {json_path}")
    md_path = prefix + ".md"
    with open(md_path, "w") as f:
        f.write(format_markdown(scenario, results, env, data["command"]))
    print(f"wrote {md_path}")
    png_path = prefix + ".png"
    if not have_matplotlib():
        print("no PNG: matplotlib is not installed (pip install 'rlpool[bench]')")
    elif write_png(results, png_path, f"rlpool bench {scenario.name} · {env['cpu_count']} cores · {env['date'][:10]}"):
        print(f"wrote {png_path}")
    else:
        print("no PNG: nothing was measured")
    return 0


def _fresh_pools(module_name: str, parser, scenario: Scenario, args, argv) -> int:
    """cores, waits and scale: fresh default pools against the bare-loop
    ceiling, with their own tables (bench/cores.py, bench/wait_choices.py,
    bench/scale.py)."""
    import importlib

    from . import environment, reliability_warnings, versions

    module = importlib.import_module(f"{__package__}.{module_name}")
    prefix = args.output or f"rlpool-bench-{scenario.name}"
    env = environment(versions())
    _header(scenario, env)
    results = module.run(show_progress=not args.no_progress)
    table = module.format_table(results)
    print(table)
    for warning in reliability_warnings([], env):
        print(f"rlpool bench: warning: {warning}", file=sys.stderr)
    data = {"scenario": scenario.name, "command": " ".join(["rlpool", *argv]), "environment": env,
            "results": module.to_json(results)}
    with open(prefix + ".json", "w") as f:
        json.dump(data, f, indent=1)
    with open(prefix + ".md", "w") as f:
        f.write(f"Command: `{data['command']}` · {env['date']} · load average "
                f"{env['load_average'][0]:.1f} at the start\n\n```\n{table}```\n")
    print(f"wrote {prefix}.json and {prefix}.md")
    write_png = getattr(module, "write_png", None)
    if write_png and write_png(results, prefix + ".png", f"rlpool bench {scenario.name} · {env['cpu_count']} cores · "
                                                          f"{env['date'][:10]}"):
        print(f"wrote {prefix}.png")
    return 0


def _train(parser, scenario: Scenario, args, argv) -> int:
    """PPO trained on each backend (bench/train.py), with its own options."""
    from . import train

    return train.run(parser, args, argv)


KINDS: dict[str, Callable[..., int]] = {
    "points": _points,
    "cores": functools.partial(_fresh_pools, "cores"),
    "waits": functools.partial(_fresh_pools, "wait_choices"),
    "scale": functools.partial(_fresh_pools, "scale"),
    "train": _train,
}
