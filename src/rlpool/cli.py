"""The `rlpool` command: `bench` (throughput against the peers), `list`
(task ids) and `info` (a task's spaces and options)."""

from __future__ import annotations

import argparse
import dataclasses
import importlib.util
import sys
import textwrap
from typing import Any, Sequence


def _version() -> str:
    from . import __version__

    return __version__


class _Parser(argparse.ArgumentParser):
    """Errors name the argument and exit with status 2, as argparse does."""


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be an integer >= 1, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be an integer >= 1, got {text!r}")
    return value


def _non_negative_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be an integer >= 0, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be an integer >= 0, got {text!r}")
    return value


def _seconds(positive: bool):
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = float("nan")
        if not (value > 0 if positive else value >= 0) or value != value or value == float("inf"):
            bound = "> 0" if positive else ">= 0"
            raise argparse.ArgumentTypeError(f"must be a number of seconds {bound}, got {text!r}")
        return value

    return parse


def _libraries(text: str) -> tuple[str, ...]:
    from .bench import ALL_LIBRARIES

    names = tuple(n.strip() for n in text.split(",") if n.strip())
    unknown = [n for n in names if n not in ALL_LIBRARIES]
    if unknown or not names:
        raise argparse.ArgumentTypeError(
            f"unknown library {', '.join(map(repr, unknown)) or repr(text)}; choose from {', '.join(ALL_LIBRARIES)} (comma-separated)"
        )
    return names


def _scenario_list(scenarios) -> str:
    """`rlpool bench --help`'s list of scenarios: each name once, with what it runs."""
    width = max(map(len, scenarios)) + 2
    lines = ["scenarios (default: quick):"]
    for s in scenarios.values():
        text = textwrap.wrap(s.description, 100 - width - 2)
        lines.append(f"  {s.name:{width}}{text[0]}")
        lines += [" " * (width + 2) + more for more in text[1:]]
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    from .bench import ALL_LIBRARIES, SCENARIOS, train

    parser = _Parser(prog="rlpool", description="rlpool: parallel RL environments on a native thread pool.")
    parser.add_argument("--version", action="version", version=f"rlpool {_version()}")
    sub = parser.add_subparsers(dest="command", metavar="{bench,list,info}", parser_class=_Parser)
    sub.required = True

    bench = sub.add_parser(
        "bench",
        help="measure throughput against envpool, gymnasium and a Python loop",
        description=(
            "Steps every installed library on the same tasks with the same random actions, "
            "interleaved, with warm-up and repeats, and prints the median steps/s and the ratios. "
            "Method: docs/benchmarks.md."
        ),
        epilog=_scenario_list(SCENARIOS),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    bench.add_argument("scenario", nargs="?", choices=sorted(SCENARIOS), help="named scenario (default: quick)")
    bench.add_argument("--task", metavar="ID", help="run one explicit point on this task id instead of a scenario")
    bench.add_argument("--num-envs", type=_positive_int, metavar="N", help="envs per pool (with --task; default 8)")
    bench.add_argument(
        "--batch-size", type=_positive_int, metavar="B",
        help="results per call (with --task; default num-envs); less than --num-envs adds async variants",
    )
    bench.add_argument(
        "--num-threads", type=_non_negative_int, metavar="T",
        help="worker threads (with --task; default: rlpool.make()'s own default)",
    )
    bench.add_argument(
        "--libraries", type=_libraries, metavar="LIST",
        help=f"comma-separated subset of {','.join(ALL_LIBRARIES)} (default: the scenario's; the -xla ones and jaxmarl only when named)",
    )
    bench.add_argument("--repeats", type=_positive_int, metavar="N", help="timed rounds per variant (median reported)")
    bench.add_argument("--repeat-seconds", type=_seconds(True), metavar="S", help="length of one timed round")
    bench.add_argument("--warmup-seconds", type=_seconds(False), metavar="S", help="untimed warm-up per variant")
    bench.add_argument("--output", metavar="PREFIX", help="path prefix of the .json, .md and .png files written (default ./rlpool-bench-<scenario>)")
    bench.add_argument("--no-progress", action="store_true", help="no progress on stderr")
    train.add_arguments(bench.add_argument_group("train scenario options (`rlpool bench train ...` only)"))
    bench.set_defaults(run=_bench, parser=bench)

    lister = sub.add_parser("list", help="list task ids", description="Lists registered task ids.")
    lister.add_argument("--family", metavar="NAME", help="only this family's tasks (e.g. classic_control)")
    lister.set_defaults(run=_list, parser=lister)

    info = sub.add_parser("info", help="show a task's spaces and options", description="Shows a task's spaces, options and reference.")
    info.add_argument("task", help="task id, e.g. CartPole-v1")
    info.set_defaults(run=_info, parser=info)
    return parser


# -- bench ---------------------------------------------------------------------


def _check_task(parser: argparse.ArgumentParser, arg: str, task_id: str) -> None:
    from .registry import get_task

    try:
        task = get_task(task_id)
    except ValueError as e:
        parser.error(f"argument {arg}: {e} (`rlpool list` shows them)")
    if not _family_built(task.family):
        parser.error(
            f"argument {arg}: task {task_id} belongs to the {task.family} family, "
            f"whose module rlpool._{task.family} is not built in this install"
        )


def _scenario_from_args(parser: argparse.ArgumentParser, args: argparse.Namespace):
    from . import bench
    from .bench import train

    point_args = [("--num-envs", args.num_envs), ("--batch-size", args.batch_size), ("--num-threads", args.num_threads)]
    if args.scenario != "train":
        for name in train.given(args):
            parser.error(f"argument {name}: only applies to the train scenario (`rlpool bench train {name} ...`)")
    if args.task is None:
        for name, value in point_args:
            if value is not None:
                parser.error(f"argument {name}: only applies to an explicit point; add --task")
        scenario = bench.SCENARIOS[args.scenario or "quick"]
    else:
        if args.scenario is not None:
            parser.error(f"argument --task: runs one explicit point; drop the scenario name {args.scenario!r} or --task")
        _check_task(parser, "--task", args.task)
        num_envs = args.num_envs or 8
        batch = args.batch_size or num_envs
        if batch > num_envs:
            parser.error(f"argument --batch-size: must be <= --num-envs ({num_envs}), got {batch}")
        # 0: make()'s own default, so that the point measures what users get.
        threads = args.num_threads or 0
        scenario = bench.explicit(args.task, num_envs, batch, threads, bench.QUICK.timing)
    t = scenario.timing
    timing = bench.Timing(
        warmup_s=t.warmup_s if args.warmup_seconds is None else args.warmup_seconds,
        repeat_s=args.repeat_seconds or t.repeat_s,
        repeats=args.repeats or t.repeats,
    )
    return dataclasses.replace(scenario, timing=timing)


def _bench(parser: argparse.ArgumentParser, args: argparse.Namespace, argv: Sequence[str]) -> int:
    from .bench.run import run

    return run(parser, _scenario_from_args(parser, args), args, argv)


# -- list / info ---------------------------------------------------------------


def _family_built(family: str) -> bool:
    return importlib.util.find_spec(f"rlpool._{family}") is not None


def _list(parser: argparse.ArgumentParser, args: argparse.Namespace, argv: Sequence[str]) -> int:
    from .registry import get_task, list_all_envs

    families = sorted({get_task(t).family for t in list_all_envs()})
    if args.family is not None and args.family not in families:
        parser.error(f"argument --family: unknown family {args.family!r}; families: {', '.join(families)}")
    built = {f: _family_built(f) for f in families}
    for task_id in list_all_envs(args.family):
        family = get_task(task_id).family
        print(f"{task_id:40s} {family}" + ("" if built[family] else "  (not built)"))
    return 0


def _format_value(value: Any) -> str:
    return repr(value) if isinstance(value, str) else str(value)


def _info(parser: argparse.ArgumentParser, args: argparse.Namespace, argv: Sequence[str]) -> int:
    from .envs import make_spec
    from .registry import COMMON_DEFAULTS, get_task

    _check_task(parser, "task", args.task)
    task = get_task(args.task)
    spec = make_spec(args.task)
    env_options = dict(task.env_class().default_config())
    print(f"{args.task}")
    print(f"  family:            {task.family} (module rlpool._{task.family}, class {task.env})")
    print(f"  aligned with:      {task.reference or '(not stated)'}")
    print(f"  reward threshold:  {spec.reward_threshold}")
    print(f"  observation space: {spec.observation_space}")
    print(f"  action space:      {spec.action_space}")
    print("  options (rlpool.make(task_id, **options)); source: common to every task / the env's own / set by this task id")
    config = spec.config._asdict()
    meanings = task.option_meanings()
    rows = []
    for name in sorted(config, key=lambda n: (n not in COMMON_DEFAULTS, n)):
        source = "task" if name in task.defaults else ("common" if name in COMMON_DEFAULTS else "env")
        rows.append((name, _format_value(config[name]), source, meanings.get(name, "")))
    widths = [max(len(r[i]) for r in rows) for i in range(3)]
    for name, value, source, meaning in rows:
        print(f"    {name:{widths[0]}}  {value:{widths[1]}}  {source:{widths[2]}}  {meaning}".rstrip())
    unused = sorted(set(env_options) - set(config))
    if unused:
        print(f"  (env options not in the task's config: {', '.join(unused)})")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    args = parser.parse_args(argv)
    # Errors found after parsing go through the subcommand's own parser so the usage line fits.
    return args.run(args.parser, args, argv)


if __name__ == "__main__":
    sys.exit(main())
