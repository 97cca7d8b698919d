"""env.xla() against the numpy path: same seed, same actions, same results.

Every comparison is exact (np.array_equal): both paths run the same native
envs and the jitted path only copies (or, with JAX's x64 off, narrows
float64 to float32, which the test applies to the numpy side too).
"""

import gc
import subprocess
import sys

import jax
import jax.numpy as jnp
import numpy as np
import pytest
import rlpool


def actions_for(env, steps, seed=0):
    """A fixed action sequence (steps, num_envs, *shape) inside the action space."""
    rng = np.random.default_rng(seed)
    space, n = env.spec.action_space, env.config["num_envs"]
    if hasattr(space, "n"):
        return rng.integers(0, space.n, (steps, n)).astype(np.int32)
    return rng.uniform(space.low, space.high, (steps, n) + space.shape).astype(np.float32)


def jitted_rollout(step, handle, actions):
    """Steps through `actions` inside one jitted lax.scan; returns every step's results."""

    @jax.jit
    def run(handle, actions):
        def body(h, a):
            h, (obs, reward, terminated, truncated, info) = step(h, a)
            return h, (obs, reward, terminated, truncated, info["elapsed_step"])

        return jax.lax.scan(body, handle, actions)

    return run(handle, jnp.asarray(actions))


def numpy_rollout(env, actions):
    out = []
    for a in actions:
        obs, reward, terminated, truncated, info = env.step(a)
        out.append((obs.copy(), reward.copy(), terminated.copy(), truncated.copy(), info["elapsed_step"].copy()))
    return [np.stack(x) for x in zip(*out)]


@pytest.mark.parametrize("task_id, num_envs", [("CartPole-v1", 8), ("HalfCheetah-v5", 4)])
def test_sync_500_steps_match_numpy(task_id, num_envs):
    jitted = rlpool.make(task_id, num_envs=num_envs, seed=3)
    plain = rlpool.make(task_id, num_envs=num_envs, seed=3)
    handle, recv, send, step = jitted.xla()
    obs_j, _ = jitted.reset()
    obs_n, _ = plain.reset()
    assert np.array_equal(obs_j, obs_n)
    actions = actions_for(plain, 500)
    _, got = jitted_rollout(step, handle, actions)
    want = numpy_rollout(plain, actions)
    for g, w in zip(got, want):
        g = np.asarray(g)
        # x64 off: float64 observations arrive as float32 (documented).
        assert g.dtype == jax.dtypes.canonicalize_dtype(w.dtype)
        assert np.array_equal(g, w.astype(g.dtype))
    assert want[3].any() or want[2].any() or task_id == "HalfCheetah-v5"  # episodes did end
    assert np.array_equal(np.asarray(got[0][-1]), want[0][-1].astype(np.asarray(got[0]).dtype))


def test_x64_on_keeps_float64_observations_bit_exact():
    with jax.enable_x64(True):
        jitted = rlpool.make("Hopper-v5", num_envs=2, seed=9)
        plain = rlpool.make("Hopper-v5", num_envs=2, seed=9)
        handle, _, _, step = jitted.xla()
        jitted.reset(), plain.reset()
        actions = actions_for(plain, 50).astype(np.float64)
        _, got = jitted_rollout(step, handle, actions)
        want = numpy_rollout(plain, actions)
        assert np.asarray(got[0]).dtype == np.float64
        assert np.array_equal(np.asarray(got[0]), want[0])


def pong_sequences_numpy(env, iters):
    seqs = {i: [] for i in range(env.config["num_envs"])}
    env.async_reset()
    for _ in range(iters):
        obs, _, _, _, info = env.recv()
        ids, elapsed = info["env_id"], info["elapsed_step"]
        for r, i in enumerate(ids):
            seqs[int(i)].append(obs[r].copy())
        env.send(((ids * 7 + elapsed) % 6).astype(np.int32), ids)
    return seqs


def pong_sequences_jitted(env, iters):
    handle, recv, send, _ = env.xla()

    @jax.jit
    def run(handle):
        def body(h, _):
            h, (obs, _, _, _, info) = recv(h)
            ids, elapsed = info["env_id"], info["elapsed_step"]
            h = send(h, (ids * 7 + elapsed) % 6, ids)
            return h, (obs, ids)

        return jax.lax.scan(body, handle, None, length=iters)

    env.async_reset()
    _, (frames, ids) = run(handle)
    frames, ids = np.asarray(frames), np.asarray(ids)
    seqs = {i: [] for i in range(env.config["num_envs"])}
    for t in range(iters):
        for r, i in enumerate(ids[t]):
            seqs[int(i)].append(frames[t, r])
    return seqs


def test_async_pong_per_env_frames_match_numpy():
    kwargs = dict(num_envs=12, batch_size=4, seed=7)
    got = pong_sequences_jitted(rlpool.make("Pong-v5", **kwargs), 60)
    want = pong_sequences_numpy(rlpool.make("Pong-v5", **kwargs), 60)
    compared = 0
    for i in range(12):
        n = min(len(got[i]), len(want[i]))  # completion order decides how far each env got
        assert n >= 2, f"env {i} was stepped too rarely to compare"
        for t in range(n):
            assert np.array_equal(got[i][t], want[i][t]), f"env {i} frame {t}"
        compared += n
    assert compared >= 150


def test_dm_face_matches_numpy_across_episode_ends():
    kwargs = dict(num_envs=4, seed=1, max_episode_steps=7)
    jitted, plain = rlpool.make_dm("CartPole-v1", **kwargs), rlpool.make_dm("CartPole-v1", **kwargs)
    handle, _, _, step = jitted.xla()
    jitted.reset(), plain.reset()
    actions = actions_for(plain, 30)

    @jax.jit
    def run(handle, actions):
        return jax.lax.scan(lambda h, a: step(h, a), handle, actions)

    _, ts = run(handle, jnp.asarray(actions))
    for t, a in enumerate(actions):
        want = plain.step(a)
        assert np.array_equal(np.asarray(ts.step_type[t]), want.step_type), t
        assert np.array_equal(np.asarray(ts.reward[t]), want.reward)
        assert np.array_equal(np.asarray(ts.discount[t]), want.discount)
        assert np.array_equal(np.asarray(ts.observation.obs[t]), want.observation.obs)
        assert np.array_equal(np.asarray(ts.observation.env_id[t]), want.observation.env_id)
    assert set(np.unique(np.asarray(ts.step_type))) == {0, 1, 2}
    # The jitted calls kept the face's own FIRST bookkeeping: numpy calls continue it.
    a = actions[0]
    assert np.array_equal(jitted.step(a).step_type, plain.step(a).step_type)


def test_gym_face_gives_done_and_timelimit_truncated():
    kwargs = dict(num_envs=3, seed=2, max_episode_steps=5)
    jitted, plain = rlpool.make_gym("CartPole-v1", **kwargs), rlpool.make_gym("CartPole-v1", **kwargs)
    handle, _, _, step = jitted.xla()
    jitted.reset(), plain.reset()
    for a in actions_for(plain, 12):
        handle, (obs, reward, done, info) = jax.jit(step)(handle, a)
        w_obs, w_reward, w_done, w_info = plain.step(a)
        assert np.array_equal(np.asarray(obs), w_obs) and np.array_equal(np.asarray(done), w_done)
        assert np.array_equal(np.asarray(info["TimeLimit.truncated"]), w_info["TimeLimit.truncated"])


def test_two_pools_in_one_jitted_function():
    a_j, a_n = (rlpool.make("CartPole-v1", num_envs=3, seed=4) for _ in range(2))
    b_j, b_n = (rlpool.make("MountainCarContinuous-v0", num_envs=2, seed=5) for _ in range(2))
    ha, _, _, step_a = a_j.xla()
    hb, _, _, step_b = b_j.xla()
    for env in (a_j, a_n, b_j, b_n):
        env.reset()
    acts_a, acts_b = actions_for(a_n, 40), actions_for(b_n, 40, seed=1)

    @jax.jit
    def run(ha, hb, acts_a, acts_b):
        def body(c, xs):
            ha, hb = c
            ha, ra = step_a(ha, xs[0])
            hb, rb = step_b(hb, xs[1])
            return (ha, hb), (ra[0], rb[0])

        return jax.lax.scan(body, (ha, hb), (acts_a, acts_b))

    _, (obs_a, obs_b) = run(ha, hb, jnp.asarray(acts_a), jnp.asarray(acts_b))
    assert np.array_equal(np.asarray(obs_a), numpy_rollout(a_n, acts_a)[0])
    assert np.array_equal(np.asarray(obs_b), numpy_rollout(b_n, acts_b)[0])


def test_fori_and_while_loops_and_eager_calls():
    jitted, plain = (rlpool.make("Acrobot-v1", num_envs=2, seed=8) for _ in range(2))
    handle, recv, send, step = jitted.xla()
    jitted.reset(), plain.reset()
    a = np.array([0, 2], np.int32)

    def body(_, h):
        return recv(send(h, a))[0]

    h = jax.jit(lambda h: jax.lax.fori_loop(0, 10, body, h))(handle)
    h = jax.jit(lambda h: jax.lax.while_loop(lambda c: c[1] < 5, lambda c: (body(0, c[0]), c[1] + 1), (h, 0))[0])(h)
    h = send(h, a)  # eager, outside jit
    h, (obs, *_) = recv(h)
    for _ in range(16):
        want = plain.step(a)[0]
    assert np.array_equal(np.asarray(obs), want)


def test_closed_pool_gives_a_clear_error_not_a_crash():
    env = rlpool.make("CartPole-v1", num_envs=2)
    handle, _, _, step = env.xla()
    env.reset()
    f = jax.jit(step)
    a = np.zeros(2, np.int32)
    jax.block_until_ready(f(handle, a))
    env.close()
    with pytest.raises(Exception, match="is closed"):
        jax.block_until_ready(f(handle, a))
    with pytest.raises(RuntimeError, match="closed"):
        env.xla()
    # A compiled computation that outlives the pool and its xla() functions
    # is caught the same way.
    env2 = rlpool.make("CartPole-v1", num_envs=2)
    handle2, *fns = env2.xla()
    compiled = jax.jit(fns[2]).lower(handle2, a).compile()
    del env2, fns
    gc.collect()
    with pytest.raises(Exception, match="is closed"):
        jax.block_until_ready(compiled(handle2, a))


def test_each_xla_call_gives_its_own_working_functions():
    jitted, plain = (rlpool.make("CartPole-v1", num_envs=2, seed=3) for _ in range(2))
    first, second = jitted.xla(), jitted.xla()
    jitted.reset(), plain.reset()
    a = np.array([1, 0], np.int32)
    h1, (o1, *_) = jax.jit(first[3])(first[0], a)
    h2, (o2, *_) = jax.jit(second[3])(second[0], a)
    del first
    gc.collect()  # the first functions' registration goes; the second's stays
    h2, (o3, *_) = jax.jit(second[3])(h2, a)
    for want in (o1, o2, o3):
        assert np.array_equal(np.asarray(want), plain.step(a)[0])


@pytest.mark.parametrize(
    "task_id, action, message",
    [
        ("CartPole-v1", np.zeros(3, np.int32), r"action has shape \(3,\), expected \(4,\)"),
        ("CartPole-v1", np.array([0, 1, 2, 0], np.int32), "out of range; valid actions are 0..1"),
        ("CartPole-v1", np.zeros(4, np.float32), "action dtype float32 is not accepted"),
        ("CartPole-v1", np.zeros(4, bool), "action dtype bool is not accepted"),
        ("Pendulum-v1", np.array([[0.0], [np.nan], [0.0], [0.0]], np.float32), "not finite"),
        ("Pendulum-v1", np.zeros((4, 2), np.float32), r"action has shape \(4, 2\), expected \(4, 1\)"),
    ],
)
def test_bad_actions_inside_jit_are_reported_and_the_pool_survives(task_id, action, message):
    env = rlpool.make(task_id, num_envs=4, seed=0)
    handle, _, _, step = env.xla()
    env.reset()
    with pytest.raises(Exception, match=message):
        jax.block_until_ready(jax.jit(step)(handle, action))
    good = np.zeros((4,) + env.action_space.shape, env.action_space.dtype)
    handle, (obs, *_) = jax.jit(step)(handle, good)
    assert np.asarray(obs).shape[0] == 4


def test_num_envs_1():
    jitted, plain = (rlpool.make("CartPole-v1", num_envs=1, seed=11) for _ in range(2))
    handle, _, _, step = jitted.xla()
    jitted.reset(), plain.reset()
    actions = actions_for(plain, 30)
    _, got = jitted_rollout(step, handle, actions)
    assert np.array_equal(np.asarray(got[0]), numpy_rollout(plain, actions)[0])


def test_sync_send_must_cover_every_env():
    env = rlpool.make("CartPole-v1", num_envs=4)
    handle, _, send, _ = env.xla()
    with pytest.raises(ValueError, match="needs actions for all 4 envs"):
        send(handle, np.zeros(2, np.int32), np.array([0, 1]))


def test_import_and_numpy_path_do_not_import_jax():
    code = (
        "import sys, rlpool; e = rlpool.make('CartPole-v1', num_envs=2); e.reset(); e.step([0, 1]); "
        "import rlpool._classic_control; assert 'jax' not in sys.modules, 'jax imported'; print('ok')"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and "ok" in out.stdout, out.stderr


def test_cuda_results_land_on_the_gpu():
    try:
        gpu = jax.devices("gpu")[0]
    except RuntimeError:
        pytest.skip("no GPU visible to JAX on this machine: the CUDA handlers cannot run here")
    jitted, plain = (rlpool.make("CartPole-v1", num_envs=4, seed=6) for _ in range(2))
    handle, _, _, step = jitted.xla()
    jitted.reset(), plain.reset()
    actions = actions_for(plain, 20)
    with jax.default_device(gpu):
        _, got = jitted_rollout(step, jax.device_put(handle, gpu), jax.device_put(actions, gpu))
    assert got[0].devices() == {gpu}
    assert np.array_equal(np.asarray(got[0]), numpy_rollout(plain, actions)[0])


def test_docs_example_runs_as_written():
    import pathlib
    import re

    text = (pathlib.Path(__file__).parents[2] / "docs" / "api.md").read_text()
    section = text.split("## Inside jax.jit", 1)[1].split("\n## ", 1)[0]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    assert len(code.splitlines()) <= 25
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=240)
    assert out.returncode == 0, out.stderr
    assert float(out.stdout.split(":")[1]) > 0


def test_cleanrl_ppo_xla_scan_rollout_structure():
    """A reduced, from-scratch copy of the rollout structure of CleanRL's
    ppo_atari_envpool_xla_jax_scan.py: host reset, then per iteration a
    lax.scan over num_steps of (policy -> step_env -> episode stats -> storage)
    with the handle in the carry, GAE and one gradient step on a tiny policy.
    The recorded actions replayed on the numpy path give the same frames."""
    num_envs, num_steps, iterations = 4, 8, 3
    kwargs = dict(env_type="gym", num_envs=num_envs, episodic_life=True, reward_clip=True, seed=1)
    envs = rlpool.make("Pong-v5", **kwargs)
    handle, recv, send, step_env = envs.xla()
    n_actions = envs.single_action_space.n

    def features(obs):
        return obs[:, :, ::12, ::12].reshape(obs.shape[0], -1).astype(jnp.float32) / 255.0

    def policy(params, obs):
        x = features(obs)
        return x @ params["pi"], (x @ params["v"])[:, 0]

    key = jax.random.PRNGKey(0)
    dim = features(jnp.zeros((1, 4, 84, 84), jnp.uint8)).shape[1]
    params = {"pi": 0.01 * jax.random.normal(key, (dim, n_actions)), "v": jnp.zeros((dim, 1))}

    def step_env_wrapped(stats, handle, action):
        handle, (next_obs, reward, next_done, info) = step_env(handle, action)
        ret = stats["ret"] + info["reward"]
        length = stats["len"] + 1
        over = info["terminated"].astype(bool)
        stats = {"ret": ret * ~over, "len": length * ~over}
        return stats, handle, (next_obs, reward, next_done, info)

    @jax.jit
    def rollout(params, stats, obs, done, key, handle):
        def step_once(carry, _):
            stats, obs, done, key, handle = carry
            logits, value = policy(params, obs)
            key, sub = jax.random.split(key)
            action = jax.random.categorical(sub, logits)
            logprob = jax.nn.log_softmax(logits)[jnp.arange(num_envs), action]
            stats, handle, (next_obs, reward, next_done, _) = step_env_wrapped(stats, handle, action)
            stored = {"obs": obs, "action": action, "logprob": logprob, "done": done, "value": value, "reward": reward}
            return (stats, next_obs, next_done, key, handle), stored

        return jax.lax.scan(step_once, (stats, obs, done, key, handle), None, length=num_steps)

    @jax.jit
    def update(params, storage, next_obs, next_done):
        _, next_value = policy(params, next_obs)

        def gae(carry, t):
            adv, value_next, done_next = carry
            delta = t["reward"] + 0.99 * value_next * (1 - done_next) - t["value"]
            adv = delta + 0.99 * 0.95 * (1 - done_next) * adv
            return (adv, t["value"], t["done"].astype(jnp.float32)), adv

        init = (jnp.zeros(num_envs), next_value, next_done.astype(jnp.float32))
        _, adv = jax.lax.scan(gae, init, storage, reverse=True)

        def loss(p):
            logits, value = jax.vmap(lambda o: policy(p, o))(storage["obs"])
            logprob = jnp.take_along_axis(jax.nn.log_softmax(logits), storage["action"][..., None], -1)[..., 0]
            ratio = jnp.exp(logprob - storage["logprob"])
            return -(ratio * adv).mean() + 0.5 * ((value - (adv + storage["value"])) ** 2).mean()

        return jax.tree.map(lambda w, g: w - 1e-3 * g, params, jax.grad(loss)(params))

    next_obs = jnp.asarray(envs.reset())
    next_done = jnp.zeros(num_envs, bool)
    stats = {"ret": jnp.zeros(num_envs), "len": jnp.zeros(num_envs, jnp.int32)}
    frames, actions = [], []
    for _ in range(iterations):
        (stats, next_obs, next_done, key, handle), storage = rollout(params, stats, next_obs, next_done, key, handle)
        params = update(params, storage, next_obs, next_done)
        frames.append(np.asarray(storage["obs"]))
        actions.append(np.asarray(storage["action"]))
    assert all(np.isfinite(np.asarray(w)).all() for w in jax.tree.leaves(params))
    assert np.asarray(stats["len"]).max() == iterations * num_steps  # no Pong game ends this early

    plain = rlpool.make("Pong-v5", **kwargs)
    obs = plain.reset()
    for got, acts in zip(frames, actions):
        for t in range(num_steps):
            assert np.array_equal(got[t], obs)
            obs = plain.step(acts[t])[0]
    assert np.array_equal(np.asarray(next_obs), obs)


def test_build_without_xla_module_says_how_to_get_it(monkeypatch):
    monkeypatch.delattr(rlpool, "_xla", raising=False)
    monkeypatch.setitem(sys.modules, "rlpool._xla", None)  # as if the build had left it out
    env = rlpool.make("CartPole-v1", num_envs=2)
    with pytest.raises(ImportError, match="found no XLA FFI headers"):
        env.xla()


def test_same_step_autoreset_final_obs_match_numpy():
    kwargs = dict(num_envs=3, seed=4, max_episode_steps=5, autoreset_mode="same_step")
    jitted, plain = (rlpool.make("CartPole-v1", **kwargs) for _ in range(2))
    handle, _, _, step = jitted.xla()
    jitted.reset(), plain.reset()
    f = jax.jit(step)
    ended = 0
    for a in actions_for(plain, 12):
        handle, (obs, _, _, _, info) = f(handle, a)
        w_obs, _, _, _, w_info = plain.step(a)
        assert np.array_equal(np.asarray(obs), w_obs)
        assert np.array_equal(np.asarray(info["_final_obs"]), w_info["_final_obs"])
        assert np.array_equal(np.asarray(info["final_obs"]), w_info["final_obs"])
        ended += int(w_info["_final_obs"].sum())
    assert ended >= 3  # every env hit the 5-step limit at least once
