"""Every command in README.md and docs/ runs as written.

Python blocks run in a fresh interpreter, one per file, in order (a file's
blocks may build on each other). A block preceded by
``<!-- excerpt: <path> -->`` is a quotation of a real file instead, and must
still match it line for line. Shell blocks are split into commands: the cheap
ones run here, as written; the expensive ones are listed in EXPENSIVE with
where they are exercised instead, so a new command cannot go unnoticed.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

# Shell commands not run by this file, and what runs them instead.
EXPENSIVE = {
    'pip install ".[test]"': "CI (.ci/run runs the README's test command)",
    "python -m pytest -q": "CI (.ci/run)",
    'python -m pytest -q -m "not slow"': "CI (.ci/run runs the whole suite, a superset)",
    "pip install -v .": "CI's install of '.[test]' is a superset",
    "rlpool bench paper": "minutes long; produces the README table (benchmarks/results/paper.md)",
    "rlpool bench cores": "minutes long; produces docs/benchmarks.md's ceiling table",
    "pip install scikit-build-core nanobind": "tests/docs/test_docs_rebuild.py runs it in a scratch venv",
    "RLPOOL_FAMILIES=classic_control pip install -e . --no-build-isolation": "tests/docs/test_docs_rebuild.py",
    "python -m pytest tests/classic_control -q": "tests/docs/test_docs_rebuild.py",
    # docs/distributed.md: multi-process launches; tests/distributed/test_cleanba_ppo.py launches
    # the same ways (command line, faked SLURM) on CartPole for 3 updates.
    "python examples/cleanba_ppo.py --env-id Breakout-v5 --local-num-envs 64 --num-actor-threads 2 "
    "--coordinator-address 10.0.0.1:9876 --num-processes 2 --process-id 0": "needs two hosts; tests/distributed",
    "python examples/cleanba_ppo.py --env-id Breakout-v5 --local-num-envs 64 --num-actor-threads 2 "
    "--coordinator-address 10.0.0.1:9876 --num-processes 2 --process-id 1": "needs two hosts; tests/distributed",
    "srun python examples/cleanba_ppo.py --env-id Breakout-v5 --local-num-envs 64 --num-actor-threads 2":
        "needs a SLURM cluster; faked in tests/distributed/test_cleanba_ppo.py",
    "SLURM_JOB_ID=1000 SLURM_STEP_NODELIST=127.0.0.1 SLURM_NTASKS=2 SLURM_PROCID=0 SLURM_LOCALID=0 "
    "python examples/cleanba_ppo.py --local-num-envs 4 --max-updates 3": "tests/distributed/test_cleanba_ppo.py",
    "SLURM_JOB_ID=1000 SLURM_STEP_NODELIST=127.0.0.1 SLURM_NTASKS=2 SLURM_PROCID=1 SLURM_LOCALID=1 "
    "python examples/cleanba_ppo.py --local-num-envs 4 --max-updates 3": "tests/distributed/test_cleanba_ppo.py",
    'pip install "rlpool[ray]"': "tests/integrations/test_rllib.py installs ray[rllib]==2.60.0 in a venv of its own",
    "python examples/rllib_ppo.py": "tests/integrations/test_rllib.py builds and trains its config (rllib_probe.py)",
    "ray start --head --port=6379": "needs a Ray cluster of several hosts; not tested (docs/integrations.md says so)",
    "ray start --address=<head-host>:6379": "needs a Ray cluster of several hosts; not tested",
    "python examples/rllib_ppo.py --address auto --num-env-runners 16 --num-cpus-per-env-runner 4":
        "needs a Ray cluster of several hosts; not tested",
    # docs/metaworld.md: a 26-minute training run; tests/examples/test_ppo.py runs the same options for two updates
    "python examples/ppo.py --env-id MetaWorld/MT10-v3 --num-envs 20 --env-option one_hot_task_id=True --log-info "
    "success --num-steps 250 --num-minibatches 20 --total-timesteps 1500000 --seed 1 --csv "
    "benchmarks/results/train/metaworld_mt10_ppo.csv": "tests/examples/test_ppo.py (two updates, tiny sizes)",
    "python benchmarks/metaworld_mt10_curve.py benchmarks/results/train/metaworld_mt10_ppo.csv":
        "plots the CSV that training run writes; run by hand after it",
}

_FENCE = re.compile(r"(?:<!--\s*excerpt:\s*(?P<excerpt>\S+)\s*-->\s*\n)?^```(?P<lang>[\w-]*)\n(?P<body>.*?)^```",
                    re.S | re.M)


def blocks(path: Path):
    for m in _FENCE.finditer(path.read_text()):
        yield m.group("lang"), m.group("body"), m.group("excerpt")


def shell_commands():
    for path in DOCS:
        for lang, body, _ in blocks(path):
            if lang not in ("bash", "sh", "shell", ""):
                continue
            for line in body.splitlines():
                line = line.split("  #")[0].strip()
                if not line or line.startswith("#"):
                    continue
                for cmd in re.split(r"\s*&&\s*", line):
                    yield pytest.param(path.name, cmd, id=f"{path.name}:{cmd}")


def _is_cheap(cmd: str) -> bool:
    words = shlex.split(cmd)
    return words[:2] in (["rlpool", "list"], ["rlpool", "info"], ["rlpool", "--version"], ["rlpool", "bench"]) and (
        cmd not in EXPENSIVE
    )


@pytest.mark.parametrize("doc, cmd", list(shell_commands()))
def test_every_shell_command_is_run_somewhere(doc, cmd):
    assert cmd in EXPENSIVE or _is_cheap(cmd), (
        f"{doc}: command {cmd!r} is neither run by this test nor listed in EXPENSIVE with where it is run"
    )


CHEAP = sorted({p.values[1] for p in shell_commands() if _is_cheap(p.values[1])})


@pytest.mark.parametrize("cmd", CHEAP)
@pytest.mark.slow
def test_cheap_shell_command_runs_as_written(cmd, tmp_path):
    out = subprocess.run(shlex.split(cmd), cwd=tmp_path, capture_output=True, text=True, timeout=240)
    assert out.returncode == 0, f"{cmd!r} exited {out.returncode}:\n{out.stdout[-2000:]}\n{out.stderr[-2000:]}"
    assert out.stdout.strip(), f"{cmd!r} printed nothing"


def python_code(path: Path) -> list[str]:
    return [body for lang, body, excerpt in blocks(path) if lang == "python" and not excerpt]


@pytest.mark.parametrize("path", [p for p in DOCS if python_code(p)], ids=lambda p: p.name)
@pytest.mark.slow
def test_python_blocks_run_as_written(path, tmp_path):
    code = python_code(path)
    script = tmp_path / "doc.py"
    script.write_text("\n\n".join(code))
    env = dict(os.environ, MPLBACKEND="Agg")
    out = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True, timeout=300,
                         env=env)
    assert out.returncode == 0, f"{path.name}'s python blocks failed:\n{out.stderr[-3000:]}"


def excerpts():
    for path in DOCS:
        for lang, body, excerpt in blocks(path):
            if excerpt:
                yield pytest.param(path, body, excerpt, id=f"{path.name}:{excerpt}")


@pytest.mark.parametrize("path, body, source", list(excerpts()))
def test_excerpts_match_their_source(path, body, source):
    text = " ".join((ROOT / source).read_text().split())
    for line in body.splitlines():
        code = line.strip()
        if code and code != "..." and not code.startswith(("//", "#")):
            assert " ".join(code.split()) in text, f"{path.name}: {code!r} is not in {source}"
