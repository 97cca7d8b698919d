"""The v2 / v3 ids envpool 1.x also has, and envpool's MuJoCo options
(frame_stack, its bundled xml_file names).

No reference for v2 / v3 is installed (gym 0.21's mujoco-py envs; gymnasium
1.x ships only v4 / v5), so they are tested against gymnasium's version
notes, through the installed v4 envs:
  - Ant-v3 = gymnasium Ant-v4 with use_contact_forces=True (v4 "removed
    contact forces from the default observation space"): obs, reward and
    termination aligned as in test_alignment (|diff| <= 1e-9), and v3's info
    keys reward_ctrl = -ctrl cost, reward_contact = -contact cost;
  - Humanoid-v3 = gymnasium Humanoid-v4 plus the contact cost v4 dropped
    (v5 "restored contact_cost ... with the same defaults as in Humanoid-v3":
    min(5e-7 * sum(cfrc_ext**2), 10)), reported as info["reward_impact"];
  - every other v2 / v3 id: v4's equations (the notes list only the binding),
    so the same trajectory as its v4 id from the same seed.
"""

import numpy as np
import pytest
import rlpool

from .reference import make_reference, sync

ATOL = 1e-9


def _actions(env, rng):
    low, high = env.action_space.low, env.action_space.high
    return rng.uniform(low, high).astype(np.float32)


def test_ant_v3_observes_contact_forces_and_pays_their_cost():
    env = rlpool.make("Ant-v3", num_envs=1, seed=3, debug_state=True)
    ref = make_reference("Ant-v4", use_contact_forces=True)
    assert env.observation_space.shape == (111,) == ref.observation_space.shape
    assert "use_contact_forces" not in env.config
    rng = np.random.default_rng(0)
    obs, info = env.reset()
    np.testing.assert_allclose(obs[0], sync(ref, info), atol=ATOL, rtol=0)
    contact_seen = False
    for _ in range(60):
        a = _actions(env, rng)
        obs, rew, term, trunc, info = env.step(a[None])
        ref_obs, ref_rew, ref_term, _, ref_info = ref.step(a)
        np.testing.assert_allclose(obs[0], ref_obs, atol=ATOL, rtol=0)
        assert abs(info["reward64"][0] - ref_rew) <= ATOL and term[0] == ref_term
        ctrl_cost = 0.5 * np.sum(np.square(a))
        assert abs(info["reward_ctrl"][0] + ctrl_cost) <= 1e-6
        # v4 puts the contact cost in reward_ctrl; v3 has its own key for it
        assert abs(info["reward_contact"][0] - ref_info["reward_ctrl"]) <= ATOL
        contact_seen |= info["reward_contact"][0] < 0
        if term[0]:
            break
    assert contact_seen, "the contact forces never moved the reward"


def test_humanoid_v3_adds_the_contact_cost_to_v4():
    env = rlpool.make("Humanoid-v3", num_envs=1, seed=5, debug_state=True)
    ref = make_reference("Humanoid-v4")
    assert env.config["contact_cost_weight"] == 5e-7
    assert env.config["contact_cost_range"] == [-np.inf, 10.0]
    rng = np.random.default_rng(1)
    obs, info = env.reset()
    np.testing.assert_allclose(obs[0], sync(ref, info), atol=ATOL, rtol=0)
    for _ in range(30):
        a = _actions(env, rng)
        obs, rew, term, _, info = env.step(a[None])
        ref_obs, ref_rew, ref_term, _, _ = ref.step(a)
        contact_cost = min(5e-7 * np.sum(np.square(ref.unwrapped.data.cfrc_ext)), 10.0)
        np.testing.assert_allclose(obs[0], ref_obs, atol=ATOL, rtol=0)
        assert abs(info["reward_impact"][0] + contact_cost) <= ATOL
        assert abs(info["reward64"][0] - (ref_rew - contact_cost)) <= ATOL
        assert term[0] == ref_term
        if term[0]:
            break
    # the weight and range are options, as in v3
    capped = rlpool.make("Humanoid-v3", contact_cost_weight=1.0, contact_cost_range=[-1.0, 0.25])
    capped.reset()
    impact = [capped.step(np.zeros((1, 17)))[4]["reward_impact"][0] for _ in range(40)]
    assert min(impact) == -0.25 and max(impact) <= 0.0


SAME_AS_V4 = ["HalfCheetah-v3", "Hopper-v3", "Walker2d-v3", "Swimmer-v3", "HumanoidStandup-v2",
              "InvertedPendulum-v2", "InvertedDoublePendulum-v2", "Pusher-v2", "Reacher-v2"]


@pytest.mark.parametrize("task_id", SAME_AS_V4)
def test_old_ids_step_as_v4(task_id):
    v4 = task_id.rsplit("-", 1)[0] + "-v4"
    a = rlpool.make(task_id, num_envs=2, seed=9)
    b = rlpool.make(v4, num_envs=2, seed=9)
    assert a.spec.config.max_episode_steps == b.spec.config.max_episode_steps
    assert a.spec.reward_threshold == b.spec.reward_threshold
    np.testing.assert_array_equal(a.reset()[0], b.reset()[0])
    rng = np.random.default_rng(2)
    for _ in range(20):
        act = np.stack([_actions(a, rng) for _ in range(2)])
        for x, y in zip(a.step(act)[:4], b.step(act)[:4]):
            np.testing.assert_array_equal(x, y)


def test_frame_stack_stacks_the_last_observations():
    plain = rlpool.make("Hopper-v4", num_envs=2, seed=4)
    stacked = rlpool.make("Hopper-v4", num_envs=2, seed=4, frame_stack=3)
    assert stacked.observation_space.shape == (3, 11) and plain.observation_space.shape == (11,)
    o, _ = plain.reset()
    s, _ = stacked.reset()
    assert s.shape == (2, 3, 11)
    history = [o, o, o]  # a reset fills every frame with the first observation
    np.testing.assert_array_equal(s, np.stack(history[-3:], axis=1))
    rng = np.random.default_rng(3)
    for _ in range(12):
        act = np.stack([_actions(plain, rng) for _ in range(2)])
        o = plain.step(act)[0]
        s = stacked.step(act)[0]
        history.append(o)
        np.testing.assert_array_equal(s, np.stack(history[-3:], axis=1))
    with pytest.raises(ValueError, match="frame_stack"):
        rlpool.make("Hopper-v4", frame_stack=0)


def test_xml_file_takes_envpool_model_names():
    # envpool bundles gymnasium's models as <model>_envpool.xml
    a = rlpool.make("Walker2d-v5", xml_file="walker2d_v5_envpool.xml", seed=1)
    b = rlpool.make("Walker2d-v5", seed=1)
    # reported as passed, as envpool reports it (issue #40)
    assert a.config["xml_file"] == a.spec.config.xml_file == "walker2d_v5_envpool.xml"
    np.testing.assert_array_equal(a.reset()[0], b.reset()[0])
    rlpool.make("Ant-v4", xml_file="ant_envpool.xml").reset()
    with pytest.raises(ValueError, match=r"names that exist are .*ant\.xml.*ant_envpool\.xml"):
        rlpool.make("Ant-v4", xml_file="no_such_model.xml")
