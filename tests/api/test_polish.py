"""What a user meets first: a typo'd task id, the bounds of an unbounded
integer field, and the progress lines of the training examples."""

from __future__ import annotations

import re

import numpy as np
import pytest
from gymnasium import spaces

import rlpool
from rlpool.spaces import dm_spec, field_space
from tests.examples._load import load


# -- a typo'd task id -------------------------------------------------------------------------------
@pytest.mark.parametrize("typo, meant", [("CartPol-v1", "CartPole-v1"), ("Pendulm-v1", "Pendulum-v1"),
                                         ("acrobat-v1", "Acrobot-v1"), ("FrozenLak-v1", "FrozenLake-v1")])
def test_a_typod_id_names_the_closest_ids(typo, meant):
    with pytest.raises(ValueError, match=rf"unknown task id '{typo}'; did you mean [^?]*\b{re.escape(meant)}\b"):
        rlpool.make(typo)


def test_an_id_like_nothing_suggests_no_id_but_the_list():
    with pytest.raises(ValueError) as err:
        rlpool.make("NoSuchTask-v9")
    assert "did you mean" not in str(err.value) and "list_all_envs" in str(err.value)


def test_gymnasiums_spelling_still_gets_its_own_hint():
    with pytest.raises(ValueError, match="did you mean [^?]*CartPole-v1.*namespace"):
        rlpool.make("gymnasium/CartPole-v1")


# -- integer bounds ----------------------------------------------------------------------------------
def _field(dtype, low, high, shape=(2,), discrete=False):
    return {"name": "obs", "dtype": dtype, "shape": list(shape), "low": [low], "high": [high], "discrete": discrete}


@pytest.mark.parametrize("dtype", ["int8", "int32", "int64", "uint8", "uint32", "uint64"])
def test_an_unbounded_integer_field_gets_its_dtypes_extremes(dtype):
    info = np.iinfo(dtype)
    box = field_space(_field(dtype, -np.inf, np.inf))
    assert box.dtype == np.dtype(dtype)
    assert (box.low == info.min).all() and (box.high == info.max).all(), (box.low, box.high)
    bounded = dm_spec(_field(dtype, 0, np.inf))
    assert (bounded.minimum == 0).all() and (bounded.maximum == info.max).all()


def test_bounds_beyond_the_dtype_clamp_and_bounds_inside_stay_exact():
    box = field_space(_field("int64", -(2.0**70), 2.0**62, shape=()))
    assert int(box.low) == np.iinfo(np.int64).min and int(box.high) == 2**62
    box = field_space(_field("uint8", -3, 300))
    assert (box.low == 0).all() and (box.high == 255).all()


def test_a_python_env_with_an_int64_box_keeps_its_bounds():
    """The path the wrong bound came from: a Python-written env whose int64
    Box spans the whole dtype (its float64 bounds round to +-2**63)."""
    from rlpool import python_env

    try:
        import rlpool._python  # noqa: F401
    except ImportError as e:
        pytest.fail(f"build the python family for this test (RLPOOL_FAMILIES=...,python): {e}")
    info = np.iinfo(np.int64)

    def reset(state, rng, obs_out, info_out):
        obs_out[0] = 0

    def step(state, rng, action, obs_out, reward_out, terminated_out, info_out):
        obs_out[0] += 1

    python_env.register(
        "PolishInt64Counter-v0",
        observation_space=spaces.Box(info.min, info.max, (1,), dtype=np.int64),
        action_space=spaces.Discrete(2),
        state=np.dtype([("unused", np.int64)]),
        reset=reset,
        step=step,
        max_episode_steps=10,
    )
    env = rlpool.make("PolishInt64Counter-v0", num_envs=2)
    assert env.observation_space.low[0] == info.min and env.observation_space.high[0] == info.max
    obs, _ = env.reset()
    obs, *_ = env.step(np.zeros(2, np.int64))
    assert env.observation_space.contains(obs[0])


# -- progress lines of the examples ------------------------------------------------------------------
@pytest.mark.slow  # ~20-30 s on 2 busy cores: JAX's / torch's import and compile
def test_ppo_prints_the_mean_of_the_episodes_finished_so_far(tmp_path, capsys):
    ppo = load("ppo")
    csv = tmp_path / "ppo.csv"
    ppo.main(["--env-id", "CartPole-v1", "--num-envs", "4", "--num-steps", "32", "--max-updates", "3",
              "--total-timesteps", "100000", "--csv", str(csv)])
    lines = [l for l in capsys.readouterr().out.splitlines() if l.startswith("iteration=")]
    assert len(lines) == 3, lines
    assert not any("inf" in l for l in lines), lines
    # The last line's average is the mean of every return in the CSV (fewer than the 100 of the window).
    returns = [float(row.split(",")[1]) for row in csv.read_text().splitlines()[1:]]
    assert 0 < len(returns) < 100
    shown = re.search(r"avg_return=(\S+) \(over (\d+) episodes\)", lines[-1])
    assert shown and int(shown.group(2)) == len(returns), lines[-1]
    assert float(shown.group(1)) == pytest.approx(np.mean(returns), abs=0.05)


def test_ppo_says_n_a_before_any_episode_ends(tmp_path):
    ppo = load("ppo")
    log = ppo.EpisodeLog(str(tmp_path / "log.csv"), num_envs=2, window=100, quiet=True)
    assert log.progress() == "avg_return=n/a (no episode finished yet)"
    assert log.average() == float("-inf")  # the stop criterion still waits for the whole window
    log.close()


@pytest.mark.slow  # ~20-30 s on 2 busy cores: JAX's / torch's import and compile
def test_sb3_ppo_reports_progress_per_rollout(tmp_path, capsys):
    sb3_ppo = load("sb3_ppo")
    csv = tmp_path / "sb3.csv"
    sb3_ppo.main(["--num-envs", "4", "--n-steps", "64", "--batch-size", "64", "--n-epochs", "1",
                  "--total-timesteps", "512", "--csv", str(csv)])
    lines = [l for l in capsys.readouterr().out.splitlines() if l.startswith("rollout=")]
    assert [re.match(r"rollout=(\d+) global_step=(\d+)", l).groups() for l in lines] == [("1", "256"), ("2", "512")]
    returns = [float(row.split(",")[1]) for row in csv.read_text().splitlines()[1:]]
    shown = re.search(r"avg_return=(\S+) \(over (\d+) episodes\)", lines[-1])
    assert shown and int(shown.group(2)) == len(returns), lines[-1]
    assert float(shown.group(1)) == pytest.approx(np.mean(returns), abs=0.05)


@pytest.mark.slow  # torch's import alone is ~10-20 s on 2 busy cores
def test_sb3_ppo_quiet_prints_nothing(tmp_path, capsys):
    sb3_ppo = load("sb3_ppo")
    sb3_ppo.main(["--num-envs", "2", "--n-steps", "32", "--batch-size", "32", "--n-epochs", "1",
                  "--total-timesteps", "64", "--quiet", "--csv", str(tmp_path / "q.csv")])
    assert capsys.readouterr().out == ""
