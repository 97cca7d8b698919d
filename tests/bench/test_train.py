"""`rlpool bench train` end to end on a tiny budget: every row of the table,
the PNGs, the sweep, and Pong's row without a GPU."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("jax", reason="rlpool bench train runs examples/ppo.py: pip install '.[examples]'")

from rlpool.bench import train  # noqa: E402
from rlpool.cli import main  # noqa: E402


@pytest.mark.slow  # trains PPO on two backends: 2.5 min on a loaded 2-core machine
def test_bench_train_short_configuration(tmp_path):
    prefix = str(tmp_path / "t")
    code = main([
        "bench", "train", "--tasks", "CartPole-v1,Pong-v5", "--backends", "rlpool-sync,rlpool-async",
        "--seeds", "1", "--total-timesteps", "512", "--sweep", "--sweep-envs", "4,8", "--output", prefix,
    ])
    assert code == 0
    rows = json.load(open(prefix + ".json"))["rows"]
    got = {(r["task"], r["backend"], r["num_envs"]) for r in rows}
    assert {("CartPole-v1", b, 8) for b in ("rlpool-sync", "rlpool-async")} <= got
    assert ("CartPole-v1", "rlpool-sync", 4) in got  # the sweep; 8 envs is the sync run itself
    for r in rows:
        if r["task"] == "CartPole-v1":
            assert r["seeds"] == 1 and not r["note"], r
            assert all(run["returncode"] == 0 for run in r["runs"])
    if not train.have_gpu():
        assert [r["note"] for r in rows if r["task"] == "Pong-v5"] == ["needs a GPU"]
    md = open(prefix + ".md").read()
    assert "| CartPole-v1 (≥ 475) | rlpool-async | 8 | 1 |" in md
    for suffix in ("wall", "steps", "sweep-wall", "sweep-steps"):
        assert (tmp_path / f"t-CartPole-v1-{suffix}.png").stat().st_size > 1000


def test_bench_train_rejects_unknown_backend(capsys):
    with pytest.raises(SystemExit) as e:
        main(["bench", "train", "--backends", "rlpool,nope"])
    assert e.value.code == 2
    assert "'nope'" in capsys.readouterr().err


def test_running_average_and_threshold(tmp_path):
    path = tmp_path / "c.csv"
    rows = ["global_step,episodic_return,episodic_length,wall_time,SPS"]
    rows += [f"{100 * i},{r},{r},{i / 10},1" for i, r in enumerate([10, 20, 30, 40, 50], 1)]
    path.write_text("\n".join(rows) + "\n")
    steps, walls, avg = train.read_curve(str(path), 2)
    assert avg[0] != avg[0] and avg[1:].tolist() == [15, 25, 35, 45]
    task = train.Task("X", "ppo.py", 35.0, 0, 1, 1, 2)
    run = train.Run("X", "rlpool-sync", 1, 1, str(path), [])
    s = train.summarise(run, task)
    assert s["steps_to_threshold"] == 400 and s["time_to_threshold_s"] == 0.4 and s["final_return"] == 45
