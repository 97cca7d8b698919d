"""BabyAI's info["mission_id"]: five int32 parts (form, four clause slots)
that spell out the exact mission string (babyai_mission), checked against
minigrid 3.2.0's own mission for the same seeds; equal missions get equal
ids and different missions different ones; no -1 where a part is used."""

import gymnasium as gym
import numpy as np
import pytest

import rlpool
from rlpool.tasks.minigrid import babyai_mission

from .conftest import mission_text

# Every kind of BabyAI mission: single clauses of each verb, with locations and
# "object", "and" pairs, ", then" / " after you" sequences of pairs.
IDS = ["BabyAI-GoToLocal-v0", "BabyAI-PickupDist-v0", "BabyAI-OpenDoorLoc-v0", "BabyAI-PutNextLocal-v0",
       "BabyAI-OpenDoorsOrderN4-v0", "BabyAI-SynthLoc-v0", "BabyAI-SynthSeq-v0", "BabyAI-BossLevel-v0"]
SEEDS = list(range(12))
CLAUSES_OF_FORM = [1, 2, 2, 3, 3, 4, 2, 3, 3, 4]


def _ids_and_missions(task_id, seeds):
    env = rlpool.make(task_id, num_envs=len(seeds), env_seed=seeds)
    obs, info = env.reset()
    ids, missions = info["mission_id"].copy(), [mission_text(m) for m in obs["mission"]]
    env.close()
    return ids, missions


@pytest.mark.parametrize("task_id", IDS)
def test_mission_id_spells_minigrids_mission(task_id):
    env = rlpool.make(task_id, num_envs=len(SEEDS), env_seed=SEEDS)
    _, info = env.reset()
    ids = info["mission_id"]
    assert ids.shape == (len(SEEDS), 5) and ids.dtype == np.int32
    for i, seed in enumerate(SEEDS):
        ref = gym.make(task_id).unwrapped
        ref.reset(seed=seed)
        form, clauses = int(ids[i][0]), ids[i][1:]
        used = CLAUSES_OF_FORM[form]
        assert (clauses[:used] >= 0).all() and (clauses[used:] == -1).all(), f"seed {seed}: {ids[i]}"
        assert babyai_mission(ids[i]) == ref.mission, f"{task_id} seed {seed}"
    env.close()


def test_same_mission_same_id_and_different_missions_different_ids():
    ids, missions = _ids_and_missions("BabyAI-GoToLocalS5N2-v0", list(range(192)))
    by_mission, by_id = {}, {}
    for row, text in zip(map(tuple, ids), missions):
        assert by_mission.setdefault(text, row) == row, f"{text!r} got two ids"
        assert by_id.setdefault(row, text) == text, f"{row} stands for two missions"
    assert 5 < len(by_mission) < len(missions), "the seeds must give both repeated and distinct missions"


def test_the_forms_cover_the_sequences_and_decode_in_text_order():
    # BossLevel states every form; over enough seeds at least the seq ones show up.
    ids, missions = _ids_and_missions("BabyAI-BossLevel-v0", list(range(48)))
    forms = set(int(f) for f in ids[:, 0])
    assert forms & {2, 3, 4, 5} and forms & {6, 7, 8, 9}, forms
    for row, text in zip(ids, missions):
        assert babyai_mission(row) == text


@pytest.mark.parametrize("bad, message", [
    ([0, 0, -1, -1], "5 elements"),
    ([10, 0, -1, -1, -1], "form"),
    ([0, 123550, -1, -1, -1], "clauses"),
    ([1, 0, -1, -1, -1], "clauses"),
    ([0, 0, 5, -1, -1], "must be -1"),
])
def test_bad_ids_are_refused_with_the_reason(bad, message):
    with pytest.raises(ValueError, match=message):
        babyai_mission(bad)


def test_minigrid_ids_stay_a_scalar_index():
    env = rlpool.make("MiniGrid-Fetch-8x8-N3-v0", num_envs=8)
    _, info = env.reset()
    assert info["mission_id"].shape == (8,) and (info["mission_id"] >= 0).all()
    env.close()
