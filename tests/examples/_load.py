"""Loads a script of examples/ as a module, as `python examples/<name>.py` would run it."""

from __future__ import annotations

import importlib.util
import pathlib
import sys

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples"


def load(name: str):
    if name in sys.modules:
        return sys.modules[name]
    sys.path.insert(0, str(EXAMPLES))  # ppo_atari imports ppo from its own folder
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def learning_curve(path) -> list[str]:
    """The CSV's deterministic columns: global_step, episodic_return, episodic_length."""
    lines = pathlib.Path(path).read_text().splitlines()
    return [",".join(line.split(",")[:3]) for line in lines]
