"""Cleanba's IMPALA (V-trace, Espeholt et al. 2018) on rlpool, over jax.distributed.

    python examples/cleanba_impala.py --env-id CartPole-v1 --local-num-envs 8 --async-batch-size 4
    python examples/cleanba_impala.py --env-id Breakout-v5 --local-num-envs 64 --async-batch-size 32

The layout of examples/cleanba_ppo.py (actor threads with their own pools,
size-one queues, gradients averaged over every learner device of every
process; same launch options), with two differences:

  * the pools are asynchronous (--async-batch-size < --local-num-envs): each
    recv() returns the envs that finished first and the actor sends actions for
    exactly those (async_reset / recv / send(action, env_id), as Cleanba does).
    Each env fills its own trajectory of --num-steps transitions; a rollout
    holds one trajectory per env, in env-id order;
  * the learner makes one V-trace step per rollout: importance weights
    pi/mu clipped at rho_bar and c_bar correct for the actions the actors drew
    with older parameters.

Which env finishes first depends on timing, so which parameters acted on each
step does too: IMPALA runs are not bit-reproducible (docs/distributed.md).
With --async-batch-size equal to --local-num-envs the pools are sync.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import cleanba_common as cc  # noqa: E402  (sets XLA's flags before jax starts)
import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
import optax  # noqa: E402
from flax.training.train_state import TrainState  # noqa: E402
from jax.sharding import PartitionSpec as P  # noqa: E402

import cleanba_ppo  # noqa: E402  (envs, agent, keyed action sampling)
import ppo  # noqa: E402


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--env-id", default="CartPole-v1")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--total-timesteps", type=int, default=500_000, help="env steps of all processes together")
    p.add_argument("--num-steps", type=int, default=20, help="transitions per env per rollout")
    p.add_argument("--async-batch-size", type=int, default=0, help="rows per recv(); 0 = half of --local-num-envs")
    p.add_argument("--num-threads", type=int, default=0, help="worker threads of each pool (0 = auto)")
    p.add_argument("--learning-rate", type=float, default=6e-4)
    p.add_argument("--gamma", type=float, default=0.99)
    p.add_argument("--rho-bar", type=float, default=1.0, help="clip of the importance weight in the targets")
    p.add_argument("--c-bar", type=float, default=1.0, help="clip of the trace-cutting coefficient")
    p.add_argument("--ent-coef", type=float, default=0.01)
    p.add_argument("--vf-coef", type=float, default=0.5)
    p.add_argument("--max-grad-norm", type=float, default=40.0)
    p.add_argument("--csv", default="", help="per-episode CSV (default runs/cleanba_impala__<env>__<seed>.csv)")
    p.add_argument("--save-params", default="", help="write the final parameters here (.npz, leaves in tree order)")
    p.add_argument("--max-updates", type=int, default=0, help="stop after this many updates (0 = no limit)")
    p.add_argument("--quiet", action="store_true")
    cc.add_distributed_args(p)
    args = p.parse_args(argv)
    cc.check_distributed_args(p, args)
    args.async_batch_size = args.async_batch_size or max(args.local_num_envs // 2, 1)
    if not 0 < args.async_batch_size <= args.local_num_envs:
        p.error(f"--async-batch-size must be in 1..--local-num-envs={args.local_num_envs}, got {args.async_batch_size}")
    if args.num_steps < 1:
        p.error("--num-steps must be >= 1")
    args.csv = args.csv or os.path.join("runs", f"cleanba_impala__{args.env_id}__{args.seed}.csv")
    return p, args


# ---------------------------------------------------------------------------- actor
class Trajectories:
    """Each env's transitions in the order it made them, cut into trajectories
    of num_steps; a trajectory is complete once the observation after its
    last transition has arrived (the learner bootstraps from it)."""

    def __init__(self, num_envs: int, num_steps: int):
        self.num_steps = num_steps
        self.open = [[] for _ in range(num_envs)]  # [obs, action, logp, valid, reward, done] lists
        self.done: list[list] = [[] for _ in range(num_envs)]  # complete trajectories, oldest first

    def acted(self, env_id, obs, action, logp, valid) -> None:
        for i, e in enumerate(env_id):
            self.open[e].append([obs[i], action[i], logp[i], valid[i], 0.0, False])

    def received(self, env_id, obs, reward, done) -> None:
        """The outcome of each env's last action; obs is what it acts on next."""
        for i, e in enumerate(env_id):
            steps = self.open[e]
            if not steps:  # the first observation after async_reset
                continue
            steps[-1][4], steps[-1][5] = float(reward[i]), bool(done[i])
            if len(steps) == self.num_steps:
                self.done[e].append((steps, obs[i]))
                self.open[e] = []

    def ready(self) -> bool:
        return all(self.done)

    def take(self):
        """One trajectory per env, time-major: obs [T+1, n, ...] and the rest [T, n]."""
        trajs = [self.done[e].pop(0) for e in range(len(self.done))]
        obs = np.stack([np.stack([s[0] for s in steps] + [last]) for steps, last in trajs], axis=1)
        field = lambda j, dtype: np.stack([np.array([s[j] for s in steps], dtype) for steps, _ in trajs], axis=1)  # noqa: E731
        return dict(obs=obs, action=field(1, None), logp=field(2, np.float32), valid=field(3, np.float32),
                    reward=field(4, np.float32), done=field(5, np.float32))


def actor_body(args, layout: cc.Layout, continuous, act, obs_dtype, num_updates):
    def body(index: int, actors: cc.Actors) -> None:
        import rlpool
        from rlpool.registry import get_task

        n, first = layout.local_num_envs, layout.first_env(index)
        device = layout.actor_device(index)
        options = cleanba_ppo.ATARI_OPTIONS if get_task(args.env_id).family == "atari" else {}
        envs = rlpool.make(args.env_id, env_type="gym", num_envs=n, batch_size=args.async_batch_size,
                           seed=args.seed + first, num_threads=args.num_threads, **options)
        act_space = envs.action_space
        low, high = (act_space.low, act_space.high) if continuous else (None, None)
        max_steps = envs.spec.config.max_episode_steps
        global_ids = np.arange(first, first + n, dtype=np.uint32)
        env_steps = np.zeros(n, np.int64)  # actions keyed by (the env's own step, its global id)
        trajectories = Trajectories(n, args.num_steps)
        tracker = cc.EpisodeTracker(n, first)
        done_last = np.zeros(n, bool)
        envs.async_reset()
        try:
            for k in range(1, num_updates + 1):
                if k == 1 or k >= 3:
                    params = jax.device_put(actors.get(actors.params[index]), device)
                episodes: list = []
                start, recvs = time.time(), 0
                while not trajectories.ready():
                    obs, reward, done, info = envs.recv()
                    ids = np.asarray(info["env_id"])
                    obs = np.asarray(obs, obs_dtype)
                    truncated = np.asarray(info["elapsed_step"]) >= max_steps
                    tracker.step(ids, np.asarray(info.get("reward", reward)), done, done_last[ids], recvs, episodes)
                    trajectories.received(ids, obs, reward, done | truncated)
                    done_last[ids] = done  # an action on an episode's last row is ignored (next-step autoreset)
                    action, logp, _ = jax.device_get(
                        act(params, jax.device_put(obs, device), jax.device_put(env_steps[ids], device),
                            jax.device_put(global_ids[ids], device)))
                    trajectories.acted(ids, obs, action, logp, ~done_last[ids])
                    env_steps[ids] += 1
                    envs.send(np.clip(action, low, high) if continuous else action, ids)
                    recvs += 1
                actors.put(actors.rollouts[index], (trajectories.take(), episodes, time.time() - start))
        finally:
            envs.close()

    return body


def make_act(agent, continuous: bool, action_key):
    """examples/cleanba_ppo.py's keyed sampling, with a step per env."""

    @jax.jit
    def act(params, obs, steps, env_ids):
        head, logstd, value = agent.apply(params, obs)
        keys = jax.vmap(lambda t, g: jax.random.fold_in(jax.random.fold_in(action_key, t), g))(steps, env_ids)
        if continuous:
            action = head + jnp.exp(logstd) * jax.vmap(lambda k: jax.random.normal(k, head.shape[1:]))(keys)
        else:
            action = jax.vmap(jax.random.categorical)(keys, head)
        logp, _ = ppo.log_prob_entropy(continuous, head, logstd, action)
        return action, logp, value

    return act


# ---------------------------------------------------------------------------- learner
def vtrace(values, bootstrap, reward, discount, log_rho, rho_bar, c_bar):
    """V-trace targets v_s and policy-gradient advantages, time-major [T, n]
    (Espeholt et al. 2018, eq. 1): v_s = V(x_s) + sum_t discount^(t-s)
    (prod c_i) rho_t (r_t + discount V(x_t+1) - V(x_t))."""
    rho = jnp.exp(log_rho)
    clipped_rho, c = jnp.minimum(rho_bar, rho), jnp.minimum(c_bar, rho)
    next_values = jnp.concatenate([values[1:], bootstrap[None]], axis=0)
    delta = clipped_rho * (reward + discount * next_values - values)

    def back(acc, x):
        d, disc, c_t = x
        acc = d + disc * c_t * acc
        return acc, acc

    _, diffs = jax.lax.scan(back, jnp.zeros_like(bootstrap), (delta, discount, c), reverse=True)
    targets = values + diffs
    next_targets = jnp.concatenate([targets[1:], bootstrap[None]], axis=0)
    advantage = clipped_rho * (reward + discount * next_targets - values)
    return jax.lax.stop_gradient(targets), jax.lax.stop_gradient(advantage)


def make_learner(args, layout: cc.Layout, agent, continuous):
    shards, total_shards = layout.shards_per_device, layout.global_shards

    def loss_fn(params, r):
        obs = r["obs"]
        t1, n = obs.shape[:2]
        head, logstd, values = agent.apply(params, obs.reshape((t1 * n,) + obs.shape[2:]))
        head = head.reshape((t1, n) + head.shape[1:])
        values = values.reshape(t1, n)
        logp, entropy = jax.vmap(lambda h, a: ppo.log_prob_entropy(continuous, h, logstd, a))(head[:-1], r["action"])
        discount = args.gamma * (1.0 - r["done"])
        targets, advantage = vtrace(values[:-1], values[-1], r["reward"], discount, logp - r["logp"],
                                    args.rho_bar, args.c_bar)
        w = r["valid"]  # the reset row after an episode end: its action was ignored
        count = jnp.maximum(w.sum(), 1.0)
        pg_loss = -(w * advantage * logp).sum() / count
        v_loss = 0.5 * (w * (targets - values[:-1]) ** 2).sum() / count
        return pg_loss + args.vf_coef * v_loss - args.ent_coef * (w * entropy).sum() / count

    grad_fn = jax.grad(loss_fn)

    def device_update(state, rollout):
        rollout = jax.tree_util.tree_map(lambda x: x[0], rollout)  # [shards, ...]
        params = jax.lax.pcast(state.params, "d", to="varying")  # this device's gradient only (cleanba_ppo.py says why)
        grads = None
        for j in range(shards):  # as cleanba_ppo: unrolled, summed in shard order, then over devices
            g = grad_fn(params, jax.tree_util.tree_map(lambda x: x[j], rollout))
            grads = g if grads is None else jax.tree_util.tree_map(jnp.add, grads, g)
        grads = jax.tree_util.tree_map(lambda g: jax.lax.psum(g, "d") / total_shards, grads)
        return state.apply_gradients(grads=grads)

    return jax.jit(jax.shard_map(device_update, mesh=layout.mesh, in_specs=(P(), P("d")), out_specs=P()))


def split_trajectories(layout: cc.Layout, per_actor):
    """Rollouts [T(+1), envs, ...] of the actor threads as learner blocks
    [devices, shards, T(+1), envs per shard, ...]: shard s holds envs [s*E, (s+1)*E)."""
    devices, shards, e = len(layout.learner_devices), layout.shards_per_device, layout.envs_per_shard

    def one(*leaves):
        x = np.concatenate(leaves, axis=1)
        x = x.reshape((x.shape[0], devices, shards, e) + x.shape[2:])
        return np.ascontiguousarray(np.moveaxis(np.moveaxis(x, 1, 0), 2, 1))

    return jax.tree_util.tree_map(one, *per_actor)


# ---------------------------------------------------------------------------- main
def main(argv=None) -> dict:
    p, args = parse_args(argv)
    cc.join(args)
    layout = cc.make_layout(p, args)

    probe = cleanba_ppo.make_envs(args.env_id, 1, args.seed, 1)
    obs_space, act_space = probe.single_observation_space, probe.single_action_space
    probe.close()
    obs_dtype = np.uint8 if len(obs_space.shape) == 3 else np.float32
    agent, continuous = cleanba_ppo.make_agent(obs_space, act_space)

    rows_per_update = args.num_steps * layout.global_num_envs
    num_updates = args.total_timesteps // rows_per_update
    if args.max_updates:
        num_updates = min(num_updates, args.max_updates)
    if num_updates < 1:
        p.error(f"--total-timesteps={args.total_timesteps} is less than one update ({rows_per_update} env steps)")

    key = jax.random.PRNGKey(args.seed)
    key, init_key = jax.random.split(key)
    params = agent.init(init_key, jnp.zeros((1,) + tuple(obs_space.shape), obs_dtype))
    total = args.total_timesteps // rows_per_update
    schedule = optax.linear_schedule(args.learning_rate, 0.0, total)
    tx = optax.chain(optax.clip_by_global_norm(args.max_grad_norm),
                     optax.rmsprop(schedule, decay=0.99, eps=0.01))
    state = TrainState.create(apply_fn=agent.apply, params=params, tx=tx)
    act = make_act(agent, continuous, jax.random.fold_in(key, 0))
    update = make_learner(args, layout, agent, continuous)

    actors = cc.Actors(layout.num_actors)
    log = cc.EpisodeCSV(args.csv, layout)
    host_params = cc.to_host(state.params)
    state = cc.replicate(layout, state)
    for q in actors.params:
        q.put(host_params)
    actors.start(actor_body(args, layout, continuous, act, obs_dtype, num_updates))

    timings = []
    try:
        for k in range(1, num_updates + 1):
            wait = time.time()
            got = [actors.get(q) for q in actors.rollouts]
            start = time.time()
            blocks = split_trajectories(layout, [r for r, _, _ in got])
            state = cc.across_processes(layout, update, state, cc.to_global(layout, blocks))
            if k <= num_updates - 2:
                host_params = cc.to_host(state.params)
                for q in actors.params:
                    actors.put(q, host_params)
            log.write([e for _, eps, _ in got for e in eps], lambda s: k * rows_per_update)
            timings.append(dict(update=k, wait=start - wait, learn=time.time() - start,
                                rollout=max(t for _, _, t in got)))
            cc.print_update(args, layout, k, rows_per_update, log, timings)
    except BaseException as error:
        cc.exit_now_if_distributed(layout, error)
        raise
    finally:
        actors.close()
        log.close()
    result = cc.finish(args, layout, state.params, log, timings, num_updates, rows_per_update)
    if not args.quiet:
        print({k: v for k, v in result.items() if k != "timings"}, flush=True)
    return result


if __name__ == "__main__":
    main(sys.argv[1:])
