"""Starts examples/cleanba_*.py as separate processes on localhost, the way
docs/distributed.md launches them, and collects what they leave behind."""

from __future__ import annotations

import os
import pathlib
import random
import socket
import subprocess
import sys
import time

import numpy as np

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples"

# Variables of the test's own environment that would make a child join a run
# it was not started for, or change its device count.
_INHERITED_RUN_VARIABLES = ("JAX_COORDINATOR_ADDRESS", "JAX_NUM_PROCESSES", "JAX_PROCESS_ID", "XLA_FLAGS")


def free_port(low: int = 1024, high: int = 65535) -> int:
    """A TCP port in [low, high] that nothing listens on right now."""
    for _ in range(200):
        port = random.randint(low, high)
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port in {low}..{high}")


def clean_env(**extra: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in _INHERITED_RUN_VARIABLES and not k.startswith("SLURM_")}
    env.update(extra)
    return env


class Proc:
    """One trainer process; stdout and stderr go to files under tmp."""

    def __init__(self, script: str, args: list[str], tmp: pathlib.Path, name: str, env: dict):
        """script: a name in examples/, or a path to a .py file."""
        path = script if script.endswith(".py") else str(EXAMPLES / f"{script}.py")
        self.out, self.err = tmp / f"{name}.out", tmp / f"{name}.err"
        with open(self.out, "w") as out, open(self.err, "w") as err:
            self.popen = subprocess.Popen([sys.executable, path, *args], stdout=out, stderr=err, env=env)

    def wait(self, timeout: float) -> int:
        try:
            return self.popen.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.popen.kill()
            self.popen.wait()
            raise AssertionError(f"still running after {timeout} s; stderr:\n{self.stderr()[-3000:]}")

    def wait_for_output(self, text: str, timeout: float) -> None:
        end = time.time() + timeout
        while time.time() < end:
            if text in self.out.read_text():
                return
            if self.popen.poll() is not None:
                raise AssertionError(f"exited {self.popen.returncode} before printing {text!r}:\n{self.stderr()[-3000:]}")
            time.sleep(0.2)
        raise AssertionError(f"did not print {text!r} within {timeout} s")

    def stderr(self) -> str:
        return self.err.read_text()

    def kill(self) -> None:
        if self.popen.poll() is None:
            self.popen.kill()
            self.popen.wait()


def run_all(procs: list[Proc], timeout: float) -> None:
    """Waits for every process; all must exit 0. Kills the rest on failure."""
    try:
        end = time.time() + timeout
        for proc in procs:
            code = proc.wait(max(end - time.time(), 1))
            assert code == 0, f"exit status {code}; stderr:\n{proc.stderr()[-3000:]}"
    finally:
        for proc in procs:
            proc.kill()


def load_params(path) -> list[np.ndarray]:
    with np.load(path) as f:
        return [f[k] for k in sorted(f.files, key=lambda k: int(k.split("_")[1]))]


def same_bits(a: list[np.ndarray], b: list[np.ndarray]) -> bool:
    return len(a) == len(b) and all(x.dtype == y.dtype and x.tobytes() == y.tobytes() for x, y in zip(a, b))


def curve(*paths) -> list[str]:
    """The learning curve's deterministic columns (global_step, return, length)
    of one or several per-process CSVs, as one sorted list."""
    rows = []
    for path in paths:
        lines = pathlib.Path(path).read_text().splitlines()
        assert lines[0] == "global_step,episodic_return,episodic_length,wall_time,SPS"
        rows += [",".join(line.split(",")[:3]) for line in lines[1:]]
    return sorted(rows, key=lambda r: (int(r.split(",")[0]), r))
