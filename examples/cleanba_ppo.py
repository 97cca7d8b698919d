"""Cleanba's PPO (Huang, Weng et al., 2023) on rlpool, over jax.distributed.

    python examples/cleanba_ppo.py --env-id CartPole-v1 --local-num-envs 8
    python examples/cleanba_ppo.py --env-id Breakout-v5 --local-num-envs 64 --num-actor-threads 2
    # two processes (see docs/distributed.md for two hosts and SLURM):
    python examples/cleanba_ppo.py --coordinator-address 127.0.0.1:9876 --num-processes 2 --process-id 0 &
    python examples/cleanba_ppo.py --coordinator-address 127.0.0.1:9876 --num-processes 2 --process-id 1

One process per host. In each, actor threads each step their own rlpool pool
(sync: rows come back in env-id order) and hand rollouts to the learner through
queues of size one; the learner trains on its devices and every gradient is
averaged over the learner devices of all processes (shard_map + psum over a
global mesh). The queues fix the staleness: the learner trains on rollout k
while the actors collect rollout k+1 with the parameters of update k-1, so
rollout k always uses parameters max(k-2, 0), whatever the speed of anything.

Every random draw is keyed by what it is for, not by who draws it: env g is
seeded seed + g; the action of env g at step t uses key(seed, t, g); shard s
shuffles its minibatches with key(seed, update, epoch, s). So with the same
seed and the same global batch, two processes of one device, one process of
two devices and one device with two gradient shards (--grad-shards-per-device 2)
train the same parameters bit for bit (docs/distributed.md says which settings
this needs).

Each process writes examples/ppo.py's CSV for its own envs (a process index is
added to the file name when there are several).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import cleanba_common as cc  # noqa: E402  (sets XLA's flags before jax starts)
import flax.linen as nn  # noqa: E402
import gymnasium as gym  # noqa: E402
import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax.sharding import PartitionSpec as P  # noqa: E402

import ppo  # noqa: E402

# Cleanba's Atari protocol (Machado et al. 2018): sticky actions, full action
# set, no life loss signal, 27k agent steps (108k frames) per episode.
ATARI_OPTIONS = dict(
    episodic_life=False, repeat_action_probability=0.25, noop_max=1, full_action_space=True,
    max_episode_steps=27000, reward_clip=True,
)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--env-id", default="CartPole-v1")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--total-timesteps", type=int, default=500_000, help="env steps of all processes together")
    p.add_argument("--num-steps", type=int, default=128, help="steps per env per rollout")
    p.add_argument("--num-threads", type=int, default=0, help="worker threads of each pool (0 = auto)")
    p.add_argument("--learning-rate", type=float, default=2.5e-4)
    p.add_argument("--anneal-lr", type=int, default=1, choices=(0, 1))
    p.add_argument("--gamma", type=float, default=0.99)
    p.add_argument("--gae-lambda", type=float, default=0.95)
    p.add_argument("--num-minibatches", type=int, default=4, help="per gradient shard")
    p.add_argument("--update-epochs", type=int, default=4)
    p.add_argument("--norm-adv", type=int, default=1, choices=(0, 1))
    p.add_argument("--clip-coef", type=float, default=0.1)
    p.add_argument("--clip-vloss", type=int, default=1, choices=(0, 1))
    p.add_argument("--ent-coef", type=float, default=0.01)
    p.add_argument("--vf-coef", type=float, default=0.5)
    p.add_argument("--max-grad-norm", type=float, default=0.5)
    p.add_argument("--csv", default="", help="per-episode CSV (default runs/cleanba_ppo__<env>__<seed>.csv)")
    p.add_argument("--save-params", default="", help="write the final parameters here (.npz, leaves in tree order)")
    p.add_argument("--max-updates", type=int, default=0, help="stop after this many updates (0 = no limit)")
    p.add_argument("--quiet", action="store_true")
    p.add_argument("--measure-allreduce", type=int, default=0,
                   help="after training, time this many gradient-sized all-reduces (benchmarks/cleanba_distributed.py)")
    p.add_argument("--timings-json", default="", help="write per-update timings and the result here")
    cc.add_distributed_args(p)
    return p


def parse_args(argv=None):
    p = build_parser()
    args = p.parse_args(argv)
    cc.check_distributed_args(p, args)
    if args.num_steps < 1 or args.num_minibatches < 1 or args.update_epochs < 1:
        p.error("--num-steps, --num-minibatches and --update-epochs must be >= 1")
    args.csv = args.csv or os.path.join("runs", f"cleanba_ppo__{args.env_id}__{args.seed}.csv")
    return p, args


# ---------------------------------------------------------------------------- envs
def make_envs(env_id: str, num_envs: int, first_seed: int, num_threads: int):
    """Cleanba's way: the gym face (reset -> obs, 4-tuple step), sync, with the
    spaces and is_vector_env set on the pool as its scripts do."""
    import rlpool
    from rlpool.registry import get_task

    options = ATARI_OPTIONS if get_task(env_id).family == "atari" else {}
    envs = rlpool.make(env_id, env_type="gym", num_envs=num_envs, seed=first_seed, num_threads=num_threads,
                       **options)
    envs.num_envs = num_envs
    envs.single_action_space = envs.action_space
    envs.single_observation_space = envs.observation_space
    envs.is_vector_env = True
    return envs


def make_agent(obs_space, act_space):
    continuous = isinstance(act_space, gym.spaces.Box)
    action_dim = int(np.prod(act_space.shape)) if continuous else int(act_space.n)
    if len(obs_space.shape) == 3:  # Atari frames
        import ppo_atari

        return ppo_atari.NatureCNN(action_dim), continuous
    return ppo.Agent(action_dim, continuous), continuous


# ---------------------------------------------------------------------------- actor
def make_act(agent: nn.Module, continuous: bool, action_key):
    @jax.jit
    def act(params, obs, step, env_ids):
        """Actions keyed by (step, global env id): the same whichever thread,
        process or batch the env sits in."""
        head, logstd, value = agent.apply(params, obs)
        keys = jax.vmap(lambda g: jax.random.fold_in(jax.random.fold_in(action_key, step), g))(env_ids)
        if continuous:
            noise = jax.vmap(lambda k: jax.random.normal(k, head.shape[1:]))(keys)
            action = head + jnp.exp(logstd) * noise
        else:
            action = jax.vmap(jax.random.categorical)(keys, head)
        logp, _ = ppo.log_prob_entropy(continuous, head, logstd, action)
        return action, logp, value

    return act


def actor_body(args, layout: cc.Layout, agent, continuous, act, obs_dtype, num_updates):
    value_of = jax.jit(lambda params, obs: agent.apply(params, obs)[2])

    def body(index: int, actors: cc.Actors) -> None:
        n = layout.local_num_envs
        first = layout.first_env(index)
        device = layout.actor_device(index)
        envs = make_envs(args.env_id, n, args.seed + first, args.num_threads)
        act_space = envs.single_action_space
        low, high = (act_space.low, act_space.high) if continuous else (None, None)
        shape = (int(np.prod(act_space.shape)),) if continuous else ()
        sizes = argparse.Namespace(num_steps=args.num_steps, num_envs=n)
        rollout = ppo.Rollout(sizes, tuple(envs.single_observation_space.shape), obs_dtype, shape,
                              np.float32 if continuous else np.int32)
        tracker = cc.EpisodeTracker(n, first)
        env_ids = jax.device_put(np.arange(first, first + n, dtype=np.uint32), device)
        local_ids = np.arange(n)
        max_steps = envs.spec.config.max_episode_steps
        obs = np.asarray(envs.reset(), obs_dtype)
        done_last = np.zeros(n, bool)
        params = None
        try:
            for k in range(1, num_updates + 1):
                if k == 1 or k >= 3:  # rollout 2 reuses the initial parameters (one update of staleness)
                    params = jax.device_put(actors.get(actors.params[index]), device)
                episodes: list = []
                start = time.time()
                for s in range(args.num_steps):
                    step = (k - 1) * args.num_steps + s
                    action, logp, value = jax.device_get(act(params, jax.device_put(obs, device), step, env_ids))
                    rollout.acted(local_ids, obs, ~done_last, action, logp, value)
                    obs, reward, done, info = envs.step(np.clip(action, low, high) if continuous else action)
                    if not np.array_equal(info["env_id"], local_ids):
                        raise RuntimeError(f"the pool returned env ids {info['env_id']}; a sync pool must keep order")
                    # Cleanba's reading of the gym face: elapsed_step, not TimeLimit.truncated (envpool#239).
                    truncated = np.asarray(info["elapsed_step"]) >= max_steps
                    terminated = np.asarray(info.get("terminated", done & ~truncated), bool)
                    score = np.asarray(info.get("reward", reward))
                    tracker.step(local_ids, score, done, done_last, s, episodes)
                    rollout.received(local_ids, reward, terminated, done)
                    done_last = done
                    obs = np.asarray(obs, obs_dtype)
                rollout.bootstrap(local_ids, np.asarray(value_of(params, jax.device_put(obs, device))))
                rows = rollout.take_training_rows(args.gamma, args.gae_lambda, n, args.num_steps * n)
                # [steps * envs] in (step, env) order -> [steps, envs]
                rows = ppo.Rows(*(np.asarray(x).reshape((args.num_steps, n) + np.shape(x)[1:]) for x in rows))
                actors.put(actors.rollouts[index], (rows, episodes, time.time() - start))
        finally:
            envs.close()

    return body


# ---------------------------------------------------------------------------- learner
def make_learner(args, layout: cc.Layout, evaluate, learn_key):
    grad_fn = jax.grad(ppo.make_loss(evaluate, args))
    shards = layout.shards_per_device
    total_shards = layout.global_shards

    def device_update(state, rows, update):
        rows = jax.tree_util.tree_map(lambda x: x[0], rows)  # [shards, rows, ...]
        num_rows = rows.obs.shape[1]
        first_shard = jax.lax.axis_index("d") * shards

        def epoch(state, e):
            epoch_key = jax.random.fold_in(jax.random.fold_in(learn_key, update), e)

            def shuffle(j, shard_rows):
                order = jax.random.permutation(jax.random.fold_in(epoch_key, first_shard + j), num_rows)
                return jax.tree_util.tree_map(
                    lambda x: x[order].reshape((args.num_minibatches, -1) + x.shape[1:]), shard_rows)

            shuffled = jax.lax.map(lambda j: shuffle(j, jax.tree_util.tree_map(lambda x: x[j], rows)),
                                   jnp.arange(shards))
            by_minibatch = jax.tree_util.tree_map(lambda x: jnp.swapaxes(x, 0, 1), shuffled)

            def minibatch(state, mb):
                # The parameters are the same on every device; marked as varying,
                # their gradient is this device's own. Left invariant, shard_map's
                # autodiff would already psum it over the devices (the transpose of
                # broadcasting them), and the psum below would add it up twice.
                params = jax.lax.pcast(state.params, "d", to="varying")
                # Unrolled, so each shard's gradient is the same computation as
                # on a device with one shard; summed in shard order, then over
                # devices. With two shards in all, a + b is the same on any layout.
                grads = None
                for j in range(shards):
                    g = grad_fn(params, jax.tree_util.tree_map(lambda x: x[j], mb))
                    grads = g if grads is None else jax.tree_util.tree_map(jnp.add, grads, g)
                grads = jax.tree_util.tree_map(lambda g: jax.lax.psum(g, "d") / total_shards, grads)
                return state.apply_gradients(grads=grads), None

            state, _ = jax.lax.scan(minibatch, state, by_minibatch)
            return state, None

        state, _ = jax.lax.scan(epoch, state, jnp.arange(args.update_epochs))
        return state

    return jax.jit(jax.shard_map(device_update, mesh=layout.mesh, in_specs=(P(), P("d"), P()), out_specs=P()))


# ---------------------------------------------------------------------------- main
def main(argv=None) -> dict:
    p, args = parse_args(argv)
    cc.join(args)
    layout = cc.make_layout(p, args)

    probe = make_envs(args.env_id, 1, args.seed, 1)
    obs_space, act_space = probe.single_observation_space, probe.single_action_space
    probe.close()
    obs_dtype = np.uint8 if len(obs_space.shape) == 3 else np.float32
    agent, continuous = make_agent(obs_space, act_space)

    rows_per_update = args.num_steps * layout.global_num_envs
    rows_per_shard = args.num_steps * layout.envs_per_shard
    if rows_per_shard % args.num_minibatches:
        p.error(f"each gradient shard's {rows_per_shard} rows (num_steps x envs per shard) must divide into "
                f"--num-minibatches={args.num_minibatches}")
    num_updates = args.total_timesteps // rows_per_update
    if args.max_updates:
        num_updates = min(num_updates, args.max_updates)
    if num_updates < 1:
        p.error(f"--total-timesteps={args.total_timesteps} is less than one update ({rows_per_update} env steps)")
    args.num_iterations = args.total_timesteps // rows_per_update  # the learning-rate schedule's length

    state, key = ppo.init_state(args, agent, obs_space.shape, obs_dtype)
    action_key, learn_key = jax.random.fold_in(key, 0), jax.random.fold_in(key, 1)
    _, _, evaluate = ppo.make_policy_fns(agent, continuous)
    update = make_learner(args, layout, evaluate, learn_key)
    act = make_act(agent, continuous, action_key)

    actors = cc.Actors(layout.num_actors)
    log = cc.EpisodeCSV(args.csv, layout)
    host_params = cc.to_host(state.params)
    state = cc.replicate(layout, state)
    for q in actors.params:
        q.put(host_params)
    actors.start(actor_body(args, layout, agent, continuous, act, obs_dtype, num_updates))

    timings = []
    try:
        for k in range(1, num_updates + 1):
            wait = time.time()
            got = [actors.get(q) for q in actors.rollouts]
            start = time.time()
            blocks = cc.split_rows(layout, [rows for rows, _, _ in got])
            state = cc.across_processes(layout, update, state, cc.to_global(layout, blocks), np.int32(k))
            if k <= num_updates - 2:  # versions 1..N-2 are the ones rollouts 3..N use
                host_params = cc.to_host(state.params)
                for q in actors.params:
                    actors.put(q, host_params)
            episodes = [e for _, eps, _ in got for e in eps]
            log.write(episodes, lambda s: (k - 1) * rows_per_update + (s + 1) * layout.global_num_envs)
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
    if args.measure_allreduce:
        result["allreduce_s"] = cc.time_allreduce(layout, host_params, args.measure_allreduce)
        result["allreduces_per_update"] = args.update_epochs * args.num_minibatches
    if args.timings_json:
        with open(args.timings_json, "w") as f:
            json.dump(result, f, indent=1)
    if not args.quiet:
        print({k: v for k, v in result.items() if k != "timings"}, flush=True)
    return result


if __name__ == "__main__":
    main(sys.argv[1:])
