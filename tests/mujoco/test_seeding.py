"""MuJoCo is seed-exact with gymnasium 1.x: from the seed alone (no state
injected), 2 envs play gymnasium's episodes across episode ends with the same
random actions: every reset draws gymnasium's reset noise (uniform qpos, then
uniform or standard-normal qvel as each v4 / v5 env does; Reacher's goal and
Pusher's cylinder by rejection). tests/seed_exact.py says how they are
compared. test_alignment.py pins the dynamics separately, from an injected state.

envpool's v2 / v3 ids run v4's equations (test_old_versions.py says why), and
draw as v4 does, so they play gymnasium's v4 episodes; gym 0.21's original
v2 / v3 envs (mujoco-py, RandomState) cannot be installed to compare with.
"""

import pytest

from tests.seed_exact import play_side_by_side

from .reference import TASKS, make_reference

# A short time limit keeps the long-lived envs cheap and crosses truncations;
# Hopper, Walker2d, Ant, Humanoid and the pendulums also terminate on their own.
SHORT = {"max_episode_steps": 60}
# The ids whose own limit is already short (Pusher 100, Reacher 50).
OWN_LIMIT = ("Pusher", "Reacher")

# envpool's older ids and the gymnasium env (and options) each must play.
OLD = [
    ("Ant-v3", "Ant-v4", {"use_contact_forces": True}),
    ("HalfCheetah-v3", "HalfCheetah-v4", {}),
    ("Hopper-v3", "Hopper-v4", {}),
    ("HumanoidStandup-v2", "HumanoidStandup-v4", {}),
    ("InvertedDoublePendulum-v2", "InvertedDoublePendulum-v4", {}),
    ("InvertedPendulum-v2", "InvertedPendulum-v4", {}),
    ("Pusher-v2", "Pusher-v4", {}),
    ("Reacher-v2", "Reacher-v4", {}),
    ("Swimmer-v3", "Swimmer-v4", {}),
    ("Walker2d-v3", "Walker2d-v4", {}),
]


def _play(task, ref_id, ref_kwargs, compare_rewards=True):
    limit = {} if task.startswith(OWN_LIMIT) else SHORT
    ended = play_side_by_side(task, ref_id, steps=300, make_kwargs=limit, ref_kwargs={**limit, **ref_kwargs},
                              make_ref=make_reference, compare_rewards=compare_rewards)
    assert sum(ended.values()) >= 4, ended


@pytest.mark.parametrize("task", TASKS)
def test_plays_gymnasiums_episodes_from_the_seed(task):
    _play(task, task, {})


@pytest.mark.parametrize("task,ref_id,ref_kwargs", OLD)
def test_older_ids_play_gymnasium_v4s_episodes(task, ref_id, ref_kwargs):
    _play(task, ref_id, ref_kwargs)


def test_humanoid_v3_plays_humanoid_v4s_states():
    """Humanoid-v3 is v4 plus the contact cost v4 dropped (test_old_versions.py
    checks that reward): its states and episode ends are v4's from the seed."""
    _play("Humanoid-v3", "Humanoid-v4", {}, compare_rewards=False)
