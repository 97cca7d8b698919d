"""The examples run: the CartPole one trains to the solved threshold (seeded,
so deterministic), the maze one's main loop finishes."""

import re

import pytest

from .conftest import load_example


def test_cartpole_example_trains(cartpole_id):
    example = load_example("python_env_cartpole")
    assert example.same_as_gymnasium(cartpole_id, steps=300)
    assert example.train(cartpole_id, generations=15) >= 475.0


@pytest.mark.slow
def test_maze_example_main_runs(maze_id, capsys, monkeypatch):
    example = load_example("python_env_maze")
    monkeypatch.setattr(example, "register", lambda: maze_id)
    example.main()
    # It stops at the first async batch (16 envs) that takes it to 2000
    # finished episodes; which envs a batch holds depends on timing, so that
    # batch may finish more than one.
    match = re.search(r"^(\d+) episodes of a random policy", capsys.readouterr().out, re.M)
    assert match and 2000 <= int(match.group(1)) < 2000 + 16
