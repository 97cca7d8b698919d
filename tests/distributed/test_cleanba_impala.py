"""examples/cleanba_impala.py: V-trace against a direct evaluation of the
paper's formula, trajectories assembled from an async pool's arrival order,
two updates end to end on an async rlpool pool, and two processes on localhost
training together over jax.distributed."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("jax", reason="examples need the test extra (jax, flax, optax)")
pytest.importorskip("flax")
pytest.importorskip("optax")

from ..examples._load import load  # noqa: E402
from .launch import Proc, clean_env, free_port, load_params, run_all, same_bits  # noqa: E402

impala = load("cleanba_impala")


def _vtrace_by_the_formula(values, bootstrap, reward, discount, rho, rho_bar, c_bar):
    """Espeholt et al. (2018), eq. (1) summed term by term, with per-step discounts:
    v_s = V(x_s) + sum_{t>=s} (prod_{i=s}^{t-1} discount_i c_i) delta_t,
    delta_t = min(rho_bar, rho_t) (r_t + discount_t V(x_{t+1}) - V(x_t)), c_i = min(c_bar, rho_i);
    advantage_s = min(rho_bar, rho_s) (r_s + discount_s v_{s+1} - V(x_s)), v_T = V(x_T)."""
    T, n = reward.shape
    nxt = np.concatenate([values[1:], bootstrap[None]])
    delta = np.minimum(rho_bar, rho) * (reward + discount * nxt - values)
    c = np.minimum(c_bar, rho)
    v = np.zeros((T, n))
    for s in range(T):
        total, weight = np.zeros(n), np.ones(n)
        for t in range(s, T):
            total += weight * delta[t]
            weight = weight * discount[t] * c[t]
        v[s] = values[s] + total
    v_next = np.concatenate([v[1:], bootstrap[None]])
    advantage = np.minimum(rho_bar, rho) * (reward + discount * v_next - values)
    return v, advantage


@pytest.mark.parametrize("rho_bar, c_bar", [(1.0, 1.0), (2.0, 0.5)])
def test_vtrace_matches_the_formula(rho_bar, c_bar):
    rng = np.random.default_rng(3)
    T, n = 7, 5
    values = rng.normal(size=(T, n)).astype(np.float32)
    bootstrap = rng.normal(size=n).astype(np.float32)
    reward = rng.normal(size=(T, n)).astype(np.float32)
    discount = (0.9 * (rng.random((T, n)) > 0.2)).astype(np.float32)  # some episode ends
    log_rho = rng.normal(scale=0.7, size=(T, n)).astype(np.float32)
    got_v, got_adv = impala.vtrace(values, bootstrap, reward, discount, log_rho, rho_bar, c_bar)
    want_v, want_adv = _vtrace_by_the_formula(values, bootstrap, reward, discount, np.exp(log_rho), rho_bar, c_bar)
    # float32 against float64: a few ulps of values of order 10
    np.testing.assert_allclose(np.asarray(got_v), want_v, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(np.asarray(got_adv), want_adv, rtol=1e-5, atol=1e-5)


def test_trajectories_keep_each_envs_transitions_in_order_whatever_the_arrival_order():
    rng = np.random.default_rng(0)
    num_envs, T = 4, 3
    traj = impala.Trajectories(num_envs, T)
    made = np.zeros(num_envs, int)  # transitions each env has made
    while not traj.ready():
        ids = np.sort(rng.choice(num_envs, size=2, replace=False))
        obs = (ids * 100 + made[ids]).astype(np.float32)[:, None]  # encodes (env, step)
        traj.received(ids, obs, reward=obs[:, 0] + 0.5, done=np.zeros(2, bool))
        traj.acted(ids, obs, action=ids, logp=np.zeros(2), valid=np.ones(2, bool))
        made[ids] += 1
    r = traj.take()
    assert r["obs"].shape == (T + 1, num_envs, 1)
    for e in range(num_envs):
        np.testing.assert_array_equal(r["obs"][:, e, 0], e * 100 + np.arange(T + 1))  # consecutive, own env
        np.testing.assert_array_equal(r["reward"][:, e], e * 100 + np.arange(1, T + 1) + 0.5)  # outcome of each step
        np.testing.assert_array_equal(r["action"][:, e], e)


def test_two_updates_end_to_end_on_an_async_pool(tmp_path):
    csv = tmp_path / "impala.csv"
    result = impala.main(["--env-id", "CartPole-v1", "--local-num-envs", "4", "--async-batch-size", "2",
                          "--num-steps", "8", "--max-updates", "2", "--csv", str(csv), "--quiet",
                          "--save-params", str(tmp_path / "p.npz")])
    assert result["updates"] == 2 and result["global_step"] == 2 * 8 * 4
    assert csv.read_text().splitlines()[0] == "global_step,episodic_return,episodic_length,wall_time,SPS"
    assert np.all(np.isfinite(np.concatenate([v.ravel() for v in np.load(tmp_path / "p.npz").values()])))


def test_bad_async_batch_size_exits_with_a_message(tmp_path, capsys):
    with pytest.raises(SystemExit) as exit_info:
        impala.main(["--local-num-envs", "4", "--async-batch-size", "5", "--csv", str(tmp_path / "x.csv")])
    assert exit_info.value.code == 2
    assert "--async-batch-size must be in 1..--local-num-envs=4" in capsys.readouterr().err


@pytest.mark.slow
def test_two_processes_train_one_set_of_parameters(tmp_path):
    """Each process steps its own async pool and trains on its own envs; only the
    all-reduced gradient is shared, so the two replicas stay equal bit for bit.
    Without the all-reduce each would follow its own envs' gradient and differ."""
    port = free_port()
    procs = []
    for i in range(2):
        args = ["--env-id", "CartPole-v1", "--local-num-envs", "4", "--async-batch-size", "2", "--num-steps", "8",
                "--max-updates", "2", "--coordinator-address", f"127.0.0.1:{port}", "--num-processes", "2",
                "--process-id", str(i), "--heartbeat-timeout", "10", "--initialization-timeout", "120",
                "--csv", str(tmp_path / "impala.csv"), "--save-params", str(tmp_path / f"impala{i}.npz"), "--quiet"]
        procs.append(Proc("cleanba_impala", args, tmp_path, f"impala{i}", clean_env()))
    run_all(procs, 180)  # both exit 0 within the timeout
    p0, p1 = load_params(tmp_path / "impala0.npz"), load_params(tmp_path / "impala1.npz")
    assert same_bits(p0, p1)
    for i in range(2):  # each wrote its own envs' episodes
        assert (tmp_path / f"impala.process{i}.csv").read_text().startswith("global_step,")
