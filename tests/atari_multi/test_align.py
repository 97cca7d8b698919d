"""rlpool's multiplayer Atari ids step for step against PettingZoo 1.27's own
Atari envs (multi-agent-ale-py 0.1.12, the same ale-py ROM file), from the
same seed with the same random actions of every player.

- Bare frames (frame_skip=1, no resize, RGB, no stack or no-ops) through
  ``rlpool.make_pettingzoo`` against PettingZoo's ``parallel_env``: every
  agent's observation, reward, termination and truncation.
- envpool's preprocessing (the ids' defaults) against gymnasium's own
  ``AtariPreprocessing`` + ``FrameStackObservation`` around PettingZoo's env
  (reference.py), through the gymnasium face's player rows, across game overs
  and the autoresets after them.
- Per-agent ends: an agent out of lives while the game goes on is terminated
  and leaves ``agents`` (PettingZoo face), its gymnasium row is terminated
  until the episode ends (Joust, Mario Bros, Wizard of Wor, Warlords).

Tolerance: none. Observations equal bit for bit, rewards and episode ends
exactly; one frame is not compared: that of the step that ends the game in
the bare-frame runs, where rlpool (as gymnasium's AtariPreprocessing) keeps
the last frame its skip recorded before the game over and PettingZoo returns
the game-over screen."""

import numpy as np
import pytest

import rlpool
from rlpool.tasks.atari_multi import GAMES

from .reference import RAW, as_reference_layout, pettingzoo_env, preprocessed_reference

TASKS = sorted(GAMES)


def bare_rollout(task_id, steps, *, seed=3, pz_options=None, options=None):
    """Steps rlpool's PettingZoo face (bare frames) and PettingZoo's
    parallel_env with the same random actions of the live agents, until the
    reference's episode ends or ``steps``; returns the step at which an agent
    first ended while others played on (None if none did). ``pz_options``
    go to PettingZoo's env, ``options`` (default: the same) to rlpool's."""
    pz_options = pz_options or {}
    ref = pettingzoo_env(task_id, **pz_options)
    h, w, _ = ref.observation_space(ref.possible_agents[0]).shape  # 210 x 160, or Combat's 256 x 160
    env = rlpool.make_pettingzoo(task_id, seed=seed, **{**RAW, **(options or pz_options), "img_height": h, "img_width": w})
    assert env.possible_agents == ref.possible_agents
    for a in ref.possible_agents:
        assert env.action_space(a) == ref.action_space(a)
    obs, _ = env.reset()  # the pool was made from `seed`: reset(seed=seed) would make it again
    robs, _ = ref.reset(seed=seed)
    rng = np.random.default_rng(seed)
    alone = None
    for t in range(steps):
        where = f"{task_id} step {t}"
        assert env.agents == ref.agents and sorted(obs) == sorted(robs), where
        if not ref.agents:
            # The step that ends the game: rlpool's frame is the last one its
            # skip recorded before the game over (AtariPreprocessing's rule,
            # here the previous step's), PettingZoo's the game-over screen.
            break
        for a in robs:
            np.testing.assert_array_equal(obs[a].transpose(1, 2, 0), robs[a], err_msg=f"{where} {a}")
        actions = {a: int(rng.integers(ref.action_space(a).n)) for a in ref.agents}
        obs, rew, term, trunc, _ = env.step(actions)
        robs, rrew, rterm, rtrunc, _ = ref.step(actions)
        assert rew == {a: float(r) for a, r in rrew.items()} and term == rterm and trunc == rtrunc, where
        if alone is None and any(rterm.values()) and ref.agents:
            alone = t
    env.close()
    ref.close()
    return alone


@pytest.mark.parametrize("task_id", TASKS)
def test_bare_frames_equal_pettingzoo(task_id):
    bare_rollout(task_id, 100)


@pytest.mark.parametrize("task_id,pz_options,options", [
    ("Pong2P-v3", {"full_action_space": True}, None),
    # PettingZoo's 2-player Foozpong is a mode of the same ROM.
    ("Foozpong4P-v3", {"num_players": 2}, {"num_players": 2, "mode": 19}),
])
def test_pettingzoo_options_as_rlpool_options(task_id, pz_options, options):
    bare_rollout(task_id, 100, pz_options=pz_options, options=options)


# Games whose players can run out of lives while the game goes on, with a
# seed whose random play gets there soon (steps = emulator frames): (seed,
# steps).
ALONE = {"Warlords4P-v3": (7, 450), "MarioBros2P-v3": (0, 1400), "Joust2P-v3": (5, 2350),
         "WizardOfWor2P-v3": (4, 2550)}


@pytest.mark.parametrize("task_id", sorted(ALONE))
def test_an_agent_ends_alone_as_in_pettingzoo(task_id):
    """The step an agent runs out of lives it is terminated and leaves
    ``agents``; the others play on, frames and rewards still equal."""
    seed, steps = ALONE[task_id]
    alone = bare_rollout(task_id, steps, seed=seed)
    assert alone is not None and alone < steps - 30, f"{task_id}: no agent ended alone within {steps} steps"


def run_preprocessed(task_id, steps, *, seed=3, gray=True, sticky=0.0, noop_max=30, **options):
    """Steps rlpool's default pipeline and the reference side by side; returns
    the number of game overs and of agents that ended alone."""
    ref = preprocessed_reference(task_id, gray=gray, sticky=sticky, noop_max=noop_max)
    pool = rlpool.make(task_id, num_envs=1, seed=seed, gray_scale=gray, repeat_action_probability=sticky,
                       noop_max=noop_max, **options)
    players = ref.env.unwrapped
    agents = players.agents
    n = [int(pool.single_action_space.n)] * len(agents)
    assert list(players.action_space.nvec) == n
    obs_p, _ = pool.reset()
    obs_r, _ = ref.reset(seed=seed)
    rng = np.random.default_rng(seed)
    episodes = alone = 0
    for t in range(steps):
        where = f"{task_id} step {t} (episode {episodes})"
        for p in range(len(agents)):
            np.testing.assert_array_equal(as_reference_layout(obs_p[p], gray), obs_r, err_msg=f"{where} player {p}")
        a = rng.integers(n[0], size=len(agents))
        ended_before = sum(players.terminations.values())
        obs_r, rew_r, term_r, trunc_r, _ = ref.step(a)
        obs_p, rew_p, term_p, trunc_p, info_p = pool.step(a)
        np.testing.assert_array_equal(rew_p, rew_r.astype(np.float32), err_msg=where)
        np.testing.assert_array_equal(info_p["raw_rewards"][0], rew_r.astype(np.float32), err_msg=where)
        # A row is terminated from its agent's end (alone or at game over) to the episode's end.
        assert [bool(x) for x in term_p] == [players.terminations[a] for a in agents], where
        assert bool(term_p.all()) == term_r and not trunc_p.any() and not trunc_r, where
        if not term_r and sum(players.terminations.values()) > ended_before:
            alone += 1
        if term_r:
            episodes += 1
            obs_r, _ = ref.reset()
            obs_p, rew_p, term_p, trunc_p, info_p = pool.step(a)  # next-step autoreset: actions ignored
            assert not rew_p.any() and info_p["elapsed_step"][0] == 0, where
    pool.close()
    ref.close()
    return episodes, alone


@pytest.mark.parametrize("task_id", TASKS)
def test_default_pipeline_equals_the_reference(task_id):
    run_preprocessed(task_id, 100)


def test_default_pipeline_across_game_overs():
    # Space Invaders' two players lose their shared lives within ~350 steps
    # of random play: game over, then the reset's no-op draws go on.
    assert run_preprocessed("SpaceInvaders2P-v2", 800, seed=1)[0] >= 2


def test_default_pipeline_across_an_agent_ending_alone():
    """An agent out mid-skip plays index 0 from the next frame, as the
    reference's PettingZoo env plays it, and gets no more reward; its row
    stays terminated while the other three play on (Warlords: one by ~180
    steps from seed 1)."""
    episodes, alone = run_preprocessed("Warlords4P-v3", 200, seed=1)
    assert alone >= 1, (episodes, alone)


def test_rgb_sticky_actions_and_reward_clip():
    """RGB frames; sticky actions from ALE's generator, seeded as PettingZoo
    seeds it; reward_clip clips info["rewards"] and keeps info["raw_rewards"]."""
    run_preprocessed("Boxing2P-v2", 200, seed=5, gray=False, sticky=0.25)
    env = rlpool.make("Boxing2P-v2", reward_clip=True, seed=5, noop_max=0)
    env.reset()
    rng = np.random.default_rng(0)
    seen = False
    for _ in range(300):
        _, rew, _, _, info = env.step(rng.integers(18, size=2))
        raw = info["raw_rewards"][0]
        np.testing.assert_array_equal(rew, np.sign(raw))
        seen |= bool((np.abs(raw) > 1).any())
    assert seen  # boxing scores 2 for a long punch: the clip was tested
    env.close()
