"""A result's numpy arrays are kept by the binder and handed out again once
nothing outside it refers to them (csrc/bind/bind_result.h, Views): that is
what spares a cheap step the cost of making new arrays. A result the caller
holds, whole or in part, in any form, must never change; a reused array must
look exactly as a new one would."""

import gc
import pathlib
import subprocess
import sys
import weakref

import numpy as np
import pytest

import rlpool

N = 4


def make(**kwargs):
    env = rlpool.make("CartPole-v1", num_envs=N, seed=3, **kwargs)
    env.reset()
    return env


def actions(t):
    return (np.arange(N) + t) % 2


def test_arrays_nobody_holds_are_handed_out_again_with_the_same_values_as_new_ones():
    reusing, keeping = make(), make()
    kept = []  # holding every result of `keeping` leaves it nothing to reuse
    ids = set()
    for t in range(40):
        obs, reward, terminated, truncated, info = reusing.step(actions(t).astype(np.int32))
        ids.add(id(obs))
        fresh = keeping.step(actions(t).astype(np.int32))
        kept.append(fresh)
        for a, b in zip((obs, reward, terminated, truncated, info["env_id"], info["elapsed_step"]),
                        (fresh[0], fresh[1], fresh[2], fresh[3], fresh[4]["env_id"], fresh[4]["elapsed_step"])):
            np.testing.assert_array_equal(a, b)
            assert a.dtype == b.dtype and a.shape == b.shape and a.flags.writeable
        del obs, reward, terminated, truncated, info
    assert len(ids) <= 3, f"{len(ids)} distinct observation arrays over 40 steps: the binder made new ones"
    assert len({id(r[0]) for r in kept}) == 40


def address(array):
    return array.__array_interface__["data"][0]


# What a caller may keep of a result, and what of the observation it then shows.
HOLDS = {
    "tuple": (lambda r: r, lambda h: h[0]),
    "obs": (lambda r: r[0], lambda h: h),
    "info": (lambda r: r[4], None),  # its arrays view the same buffer as the obs
    "slice": (lambda r: r[0][1:3], lambda h: h),  # a view refers to r[0]
    "reshape": (lambda r: r[0].reshape(-1), lambda h: h.reshape(N, 4)),
    "capsule": (lambda r: r[0].base, None),
    "memoryview": (lambda r: memoryview(r[1]), None),
}


@pytest.mark.parametrize("name", list(HOLDS))
def test_a_result_held_in_any_form_is_never_written_again(name):
    hold, shown = HOLDS[name]
    env = make()
    result = env.step(actions(0).astype(np.int32))
    buffer, snapshot = address(result[0]), result[0].copy()
    held = hold(result)
    del result
    for t in range(1, 30):
        obs = env.step(actions(t).astype(np.int32))[0]
        assert address(obs) != buffer, f"step {t} wrote into the buffer of a result still held ({name})"
        del obs
    if shown is not None:
        np.testing.assert_array_equal(shown(held), snapshot if name != "slice" else snapshot[1:3])


def test_an_array_changed_in_place_is_not_handed_out_again():
    env = make()
    for change in (
        lambda o: setattr(o, "shape", (N * 4,)),
        lambda o: o.setflags(write=False),
        lambda o: setattr(o, "dtype", np.int32),  # same itemsize: numpy allows it in place
    ):
        for t in range(4):  # let the sets of arrays settle into turns
            env.step(actions(t).astype(np.int32))
        obs = env.step(actions(0).astype(np.int32))[0]
        change(obs)
        del obs
        for t in range(6):
            obs = env.step(actions(t).astype(np.int32))[0]
            assert obs.shape == (N, 4) and obs.dtype == np.float32 and obs.flags.writeable
            assert obs.strides == (16, 4) and obs.flags.c_contiguous
            del obs


def test_results_of_a_different_number_of_envs_get_their_own_arrays():
    env = make()
    for t in range(12):
        ids = np.arange(N) if t % 3 else np.array([2, 0])
        obs, _, _, _, info = env.step(actions(t)[: len(ids)].astype(np.int32), ids)
        assert obs.shape == (len(ids), 4)
        np.testing.assert_array_equal(info["env_id"], ids)
        del obs, info


def test_async_results_are_reused_and_stay_right():
    env = rlpool.make("CartPole-v1", num_envs=8, batch_size=4, seed=3)
    env.async_reset()
    ids = set()
    for _ in range(50):
        obs, _, _, _, info = env.recv()
        ids.add(id(obs))
        env_ids = info["env_id"].copy()
        assert obs.shape == (4, 4) and len(set(env_ids.tolist())) == 4
        del obs, info
        env.send(np.zeros(4, np.int32), env_ids)
    assert len(ids) < 50


def snapshot(value):
    """A result as plain Python, dicts with their keys in order."""
    if isinstance(value, tuple):
        return tuple(snapshot(v) for v in value)
    if isinstance(value, dict):
        return [(k, snapshot(v)) for k, v in value.items()]
    return (value.dtype.str, value.shape, value.tolist())


def same_objects(result):
    """Which of a result's arrays are one object (info["env_id"] is also
    info["players"]["env_id"]), as a pattern that does not depend on ids."""
    seen = {}

    def walk(value):
        if isinstance(value, (tuple, dict)):
            return [walk(v) for v in (value.values() if isinstance(value, dict) else value)]
        return seen.setdefault(id(value), len(seen))

    return walk(result)


TASKS = {
    "plain": ("CartPole-v1", {}),
    "same_step": ("CartPole-v1", {"autoreset_mode": "same_step"}),
    "dict_obs": ("MiniGrid-Empty-5x5-v0", {}),
}


@pytest.mark.parametrize("name", list(TASKS))
def test_the_tuple_and_its_dicts_are_handed_out_again_and_read_as_new_ones(name):
    task, options = TASKS[name]
    reusing, keeping = (rlpool.make(task, num_envs=N, seed=3, **options) for _ in range(2))
    reusing.reset(), keeping.reset()
    kept, infos = [], set()  # holding every result of `keeping` makes it build each one anew
    for t in range(60):  # CartPole's first episodes end here: the final_ fields fill
        a = (actions(t) % reusing.action_space.n).astype(np.int32)
        result = reusing.step(a)
        infos.add(id(result[4]))
        fresh = keeping.step(a)
        kept.append(fresh)
        assert snapshot(result) == snapshot(fresh)
        assert same_objects(result) == same_objects(fresh)
        del result
    assert len(infos) <= 3, f"{len(infos)} distinct info dicts over 60 steps: the binder built new ones"


# What a caller may do to an info dict before letting go of it.
CHANGES = {
    "add": lambda i: i.__setitem__("mine", 1),
    "drop": lambda i: i.pop("elapsed_step"),
    "swap": lambda i: i.update(env_id=i["elapsed_step"], elapsed_step=i["env_id"]),
    "reorder": lambda i: i.__setitem__("env_id", i.pop("env_id")),
    "replace": lambda i: i.__setitem__("env_id", np.zeros(N, np.int32)),
    "players": lambda i: i["players"].__setitem__("mine", 1),
    "players_drop": lambda i: i["players"].clear(),
}


@pytest.mark.parametrize("name", list(CHANGES))
def test_an_info_dict_changed_before_it_was_dropped_is_not_handed_out_again(name):
    env, reference = make(), make()
    for t in range(40):
        a = actions(t).astype(np.int32)
        result = env.step(a)
        expected = reference.step(a)
        assert snapshot(result) == snapshot(expected), f"step {t} after a caller's change ({name})"
        assert same_objects(result) == same_objects(expected)
        if t % 5 == 4:
            CHANGES[name](result[4])
        del result, expected


class StepsWhenFreed:
    """Put in an info dict: freeing it steps the pool again, inside the
    binder's own bookkeeping of kept results."""

    def __init__(self, env, steps):
        self.env, self.steps = env, steps

    def __del__(self):
        obs, _, _, _, info = self.env.step(actions(0).astype(np.int32))
        self.steps.append((obs.shape, info["env_id"].tolist()))


def step_with_dicts_that_step_when_freed():
    env = make()
    steps = []
    for t in range(40):
        obs, _, _, _, info = env.step(actions(t).astype(np.int32))
        assert obs.shape == (N, 4) and info["env_id"].tolist() == list(range(N))
        assert list(info) == ["env_id", "players", "elapsed_step"]
        if t % 3 == 0:
            info["mine"] = StepsWhenFreed(env, steps)
        del obs, info
    assert len(steps) >= 10 and all(s == ((N, 4), list(range(N))) for s in steps)
    print("done")


def test_freeing_a_changed_info_dict_may_step_the_pool_again():
    # In a process of its own: a binder that freed such a dict while it
    # walked its kept results corrupted the heap, which showed only at exit.
    root = pathlib.Path(__file__).resolve().parents[2]
    run = subprocess.run(
        [sys.executable, "-c", f"from {__name__} import step_with_dicts_that_step_when_freed as f; f()"],
        cwd=root, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0 and run.stdout.strip() == "done", run.stderr[-3000:]


def test_a_pool_whose_kept_result_refers_back_to_it_is_still_freed():
    env = make()
    steps = []
    obs, _, _, _, info = env.step(actions(0).astype(np.int32))
    info["mine"] = StepsWhenFreed(env, steps)  # the kept tuple's info now refers to env
    del obs, info
    pool = weakref.ref(env)
    del env
    gc.collect()
    assert pool() is None, "the pool and the result it keeps for reuse were never freed"
    assert steps == [((N, 4), list(range(N)))]
