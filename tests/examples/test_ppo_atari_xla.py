"""examples/ppo_atari_xla.py: two updates end to end, and its scan rollout
against the same pool stepped on the numpy path."""

from __future__ import annotations

import pytest

pytest.importorskip("jax", reason="examples need the examples extra: pip install '.[examples]'")

from ._load import learning_curve, load  # noqa: E402

ppo_atari = load("ppo_atari")
ppo_atari_xla = load("ppo_atari_xla")


def test_two_updates_end_to_end(tmp_path):
    csv = tmp_path / "pong.csv"
    result = ppo_atari_xla.main(["--env-id", "Pong-v5", "--num-envs", "2", "--num-steps", "8", "--num-minibatches",
                                 "2", "--update-epochs", "1", "--max-updates", "2", "--csv", str(csv), "--quiet"])
    assert result["iterations"] == 2 and result["global_step"] == 2 * 8 * 2
    assert learning_curve(csv)[0] == "global_step,episodic_return,episodic_length"


def test_scan_rollout_is_the_numpy_pool_stepped_with_its_actions():
    # The jitted rollout (policy, pool step through env.xla(), rows) against a
    # second pool with the same seed stepped on the numpy path with the
    # actions the scan chose: every row's observation, reward, end flags,
    # raw score and reset mask must be the numpy path's, exactly.
    import jax
    import jax.numpy as jnp
    import numpy as np

    import rlpool

    ppo = load("ppo")
    steps, n = 128, 2
    args = ppo_atari_xla.parse_args(["--env-id", "Breakout-v5", "--num-envs", str(n), "--num-steps", str(steps),
                                     "--num-minibatches", "2", "--quiet"])
    make = lambda: rlpool.make_gymnasium("Breakout-v5", num_envs=n, seed=args.seed,  # noqa: E731
                                         episodic_life=True, reward_clip=True)  # the script's settings
    pool, reference = make(), make()
    agent = ppo_atari.NatureCNN(int(pool.action_space.n))
    state, key = ppo.init_state(args, agent, pool.observation_space.shape, np.uint8)
    act, _, _ = ppo.make_policy_fns(agent, continuous=False)
    handle, _, _, step = pool.xla()
    obs, _ = pool.reset()
    _, last_obs, _, _, rows = ppo_atari_xla.make_rollout(args, step, act)(
        state.params, handle, jnp.asarray(obs), jnp.zeros(n, bool), key)
    rows = jax.tree_util.tree_map(np.asarray, rows)

    ref_obs, _ = reference.reset()
    done_before = np.zeros(n, bool)
    for t in range(steps):
        np.testing.assert_array_equal(rows.obs[t], ref_obs, err_msg=f"step {t}")
        np.testing.assert_array_equal(rows.valid[t], ~done_before, err_msg=f"step {t}")
        ref_obs, reward, terminated, truncated, info = reference.step(rows.action[t])
        np.testing.assert_array_equal(rows.reward[t], reward)
        np.testing.assert_array_equal(rows.terminated[t], terminated)
        np.testing.assert_array_equal(rows.done[t], terminated | truncated)
        np.testing.assert_array_equal(rows.score[t], info["reward"])
        np.testing.assert_array_equal(rows.game_over[t], info["terminated"] | truncated)
        done_before = terminated | truncated
    np.testing.assert_array_equal(np.asarray(last_obs), ref_obs)
    assert (~rows.valid).any(), "no life was lost in the rollout, so its reset rows went unchecked"
    pool.close()
    reference.close()


def test_async_is_refused_with_a_pointer_to_the_numpy_script():
    with pytest.raises(SystemExit):
        ppo_atari_xla.parse_args(["--num-envs", "4", "--batch-size", "2"])
