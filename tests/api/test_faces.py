"""Each face's result is defined once (rlpool.faces) and shared by the numpy
path and the XLA path (env.xla()).

The trajectory tests step two pools made with the same seed, one through
numpy calls and one through a jitted step, with the same actions, across
episode ends (termination and the time limit), and compare the two results
field by field: every array exactly (np.array_equal; with JAX's x64 off a
float64 field arrives as float32, so the numpy side is narrowed the same way
first, as tests/xla does), and the structure too (tuple / namedtuple type,
field names, dict keys).
"""

import ast
import collections
import pathlib

import dm_env
import numpy as np
import pytest
import rlpool
import rlpool.envpool_v1

jax = pytest.importorskip("jax", reason="env.xla() needs jax: pip install 'rlpool[jax]'")
import jax.numpy as jnp  # noqa: E402

SRC = pathlib.Path(rlpool.__file__).parent


def _actions(space, steps, num_envs, seed=0):
    rng = np.random.default_rng(seed)
    if hasattr(space, "n"):
        return rng.integers(0, space.n, (steps, num_envs)).astype(np.int32)
    return rng.uniform(space.low, space.high, (steps, num_envs) + space.shape).astype(np.float32)


def assert_same(got, want, where="result"):
    """got (from the XLA path) equals want (numpy path), structure and values."""
    if isinstance(want, tuple):
        assert type(got) is type(want) or (
            # namedtuple classes are made per pool (the dm State): same name and fields
            type(got).__name__ == type(want).__name__ and getattr(got, "_fields", None) == getattr(want, "_fields", None)
        ), f"{where}: {type(got).__name__} vs {type(want).__name__}"
        assert len(got) == len(want), where
        names = getattr(want, "_fields", range(len(want)))
        for name, g, w in zip(names, got, want):
            assert_same(g, w, f"{where}.{name}")
    elif isinstance(want, dict):
        assert isinstance(got, dict), f"{where}: {type(got).__name__} is not a dict"
        assert sorted(got) == sorted(want), f"{where}: keys {sorted(got)} vs {sorted(want)}"
        for key in want:
            assert_same(got[key], want[key], f"{where}[{key!r}]")
    else:
        assert isinstance(got, jax.Array), f"{where}: {type(got).__name__} from the XLA path"
        g, w = np.asarray(got), np.asarray(want)
        assert g.dtype == jax.dtypes.canonicalize_dtype(w.dtype), f"{where}: dtype {g.dtype} vs {w.dtype}"
        assert g.shape == w.shape, f"{where}: shape {g.shape} vs {w.shape}"
        assert np.array_equal(g, w.astype(g.dtype)), f"{where}: values differ"


def run_both(make, task_id, steps, **kwargs):
    """Steps a numpy pool and a jitted pool of the same seed with the same
    actions; compares each step's results; returns the numpy results."""
    plain, jitted = make(task_id, **kwargs), make(task_id, **kwargs)
    try:
        handle, _, _, step = jitted.xla()
        jitted_step = jax.jit(step)
        assert_same(jax.tree_util.tree_map(jnp.asarray, jitted.reset()), plain.reset(), "reset")
        results = []
        for t, action in enumerate(_actions(plain.spec.action_space, steps, kwargs["num_envs"])):
            handle, got = jitted_step(handle, action)
            want = plain.step(action)
            assert_same(got, want, f"step {t}")
            results.append(want)
        return results
    finally:
        plain.close(), jitted.close()


# CartPole ends episodes both ways within 40 steps of random actions: it
# falls (terminated) and hits max_episode_steps=12 (truncated).
CARTPOLE = dict(num_envs=4, seed=5, max_episode_steps=12)


def _ended_both_ways(terminated, truncated):
    terminated, truncated = np.stack(terminated), np.stack(truncated)
    return (terminated & ~truncated).any() and (truncated & ~terminated).any()


@pytest.mark.parametrize("autoreset_mode", ["next_step", "same_step"])
def test_gym_face_numpy_and_xla_agree_field_by_field(autoreset_mode):
    results = run_both(rlpool.make_gym, "CartPole-v1", 40, autoreset_mode=autoreset_mode, **CARTPOLE)
    assert len(results[0]) == 4  # (obs, reward, done, info)
    limit = np.stack([info["TimeLimit.truncated"] for *_, info in results])
    done = np.stack([done for _, _, done, _ in results])
    assert limit.any() and (done & ~limit).any(), "the run must end episodes by the limit and by falling"
    if autoreset_mode == "same_step":
        assert np.stack([info["_final_obs"] for *_, info in results]).any()


@pytest.mark.parametrize("autoreset_mode", ["next_step", "same_step"])
def test_dm_face_numpy_and_xla_agree_field_by_field(autoreset_mode):
    results = run_both(rlpool.make_dm, "CartPole-v1", 40, autoreset_mode=autoreset_mode, **CARTPOLE)
    assert all(isinstance(ts, dm_env.TimeStep) for ts in results)
    step_types = np.stack([ts.step_type for ts in results])
    discounts = np.stack([ts.discount for ts in results])
    assert set(np.unique(step_types)) == {0, 1, 2}
    if autoreset_mode == "same_step":
        assert "final_mask" in results[0].observation._fields
    # terminated rows have discount 0, truncated ones 1: both occurred
    assert (discounts[step_types == 2] == 0).any() and (discounts[step_types == 2] == 1).any()


def test_dm_face_with_several_observation_fields_agrees():
    # dm_control's observations are a dict of float64 fields; the State holds each.
    results = run_both(rlpool.make_dm, "CartpoleBalance-v1", 6, num_envs=2, seed=3, max_episode_steps=4)
    assert {"position", "velocity"} <= set(results[0].observation._fields)
    assert set(np.unique(np.stack([ts.step_type for ts in results]))) == {0, 1, 2}


@pytest.mark.parametrize("make", [rlpool.make_gymnasium, rlpool.envpool_v1.make_gym], ids=["gymnasium", "envpool_v1.gym"])
def test_gymnasium_faces_numpy_and_xla_agree_field_by_field(make):
    results = run_both(make, "CartPole-v1", 40, **CARTPOLE)
    assert _ended_both_ways([r[2] for r in results], [r[3] for r in results])


def test_face_shapes_accept_numpy_and_jax_arrays_alike():
    # The shapes are plain functions of the gymnasium tuple: the same call on
    # numpy and on jax inputs gives the same values.
    spec = rlpool.make_spec("CartPole-v1", num_envs=3)
    terminated = np.array([True, False, False])
    truncated = np.array([True, True, False])
    info = {"env_id": np.arange(3, dtype=np.int32), "players": {"env_id": np.arange(3, dtype=np.int32)},
            "elapsed_step": np.array([9, 9, 0], np.int32)}
    result = (np.zeros((3, 4), np.float32), np.ones(3, np.float32), terminated, truncated, info)
    after_last = np.array([False, False, False])

    def as_jax(tree):
        return jax.tree_util.tree_map(jnp.asarray, tree)

    gym_np = rlpool.faces.GymShape()((*result[:4], dict(info)))
    gym_jax = rlpool.faces.GymShape()(as_jax((*result[:4], dict(info))))
    assert_same(gym_jax, gym_np)
    assert gym_np[3]["TimeLimit.truncated"].tolist() == [False, True, False]
    assert gym_np[2].tolist() == [True, True, False]

    dm = rlpool.faces.DMShape(spec)
    ts_np, ts_jax = dm(result, after_last), dm(as_jax(result), jnp.asarray(after_last))
    assert_same(ts_jax, ts_np)
    assert ts_np.step_type.tolist() == [2, 2, 0]  # LAST, LAST, FIRST (elapsed_step 0)
    assert ts_np.discount.tolist() == [0.0, 1.0, 1.0]  # terminated -> 0, truncated keeps 1


def _imported_modules(path):
    """The rlpool modules a file imports, at any depth of the file."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            names.update([node.module] if node.module else [a.name for a in node.names])
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("rlpool"):
            names.add(node.module.split(".", 1)[-1])
    return names


def test_xla_and_faces_do_not_import_the_numpy_faces():
    # envs.py imports xla (on env.xla()); nothing may import back: the
    # results' definitions live in faces.py, which both use.
    assert "envs" not in _imported_modules(SRC / "xla.py")
    assert not {"envs", "xla"} & _imported_modules(SRC / "faces.py")
    assert "faces" in _imported_modules(SRC / "xla.py") or "faces" in _imported_modules(SRC / "envs.py")


def test_a_namedtuple_check_helper_sees_field_differences():
    # assert_same must be able to fail: a State missing a field is caught.
    a = collections.namedtuple("State", ["obs", "env_id"])(np.zeros(2), np.zeros(2))
    b = collections.namedtuple("State", ["obs"])(np.zeros(2))
    with pytest.raises(AssertionError):
        assert_same(b, a)
