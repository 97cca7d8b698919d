"""MAPPO in JAX on MPE's simple_spread, in the style of CleanRL's single-file
scripts: one actor shared by every agent (its observation plus a one-hot of
its index), a centralised critic that sees the env's state (every agent's
observation), PPO's clipped surrogate and GAE.

    python examples/mappo_mpe.py --total-timesteps 2000000 --csv spread.csv

The pool is rlpool's gymnasium face of a multi-agent task: envpool's flat
rows, one per agent (`num_envs x players`, env-major), with each agent's own
reward; the env's truncation is repeated on its agents' rows. Autoreset is the
pool's next-step rule: the step after an episode ends returns the reset
observation and ignores its actions, so the rows acting on a final
observation are left out of the loss, and a truncated episode is
bootstrapped with the value of that final observation.

The CSV has one row per update:
    global_step (agent steps), mean episodic return per agent, SPS
"""

from __future__ import annotations

import argparse
import csv
import os
import time
from typing import NamedTuple

# Single-threaded XLA: the networks are tiny; threads would fight the env workers.
os.environ.setdefault("XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1")

import flax.linen as nn  # noqa: E402
import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
import optax  # noqa: E402
from flax.training.train_state import TrainState  # noqa: E402

import rlpool  # noqa: E402


def parse_args(argv=None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--env-id", default="simple_spread_v3")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--num-envs", type=int, default=32)
    p.add_argument("--num-steps", type=int, default=50, help="steps per env per rollout")
    p.add_argument("--total-timesteps", type=int, default=2_000_000, help="agent steps")
    p.add_argument("--max-updates", type=int, default=0, help="stop after this many updates (0: no limit)")
    p.add_argument("--learning-rate", type=float, default=7e-4)
    p.add_argument("--gamma", type=float, default=0.99)
    p.add_argument("--gae-lambda", type=float, default=0.95)
    p.add_argument("--num-minibatches", type=int, default=4)
    p.add_argument("--update-epochs", type=int, default=5)
    p.add_argument("--clip-coef", type=float, default=0.2)
    p.add_argument("--ent-coef", type=float, default=0.01)
    p.add_argument("--vf-coef", type=float, default=0.5)
    p.add_argument("--max-grad-norm", type=float, default=0.5)
    p.add_argument("--csv", default="", help="write the learning curve here")
    p.add_argument("--quiet", action="store_true")
    return p.parse_args(argv)


class Actor(nn.Module):
    num_actions: int

    @nn.compact
    def __call__(self, x):
        for _ in range(2):
            x = nn.tanh(nn.Dense(64, kernel_init=nn.initializers.orthogonal(np.sqrt(2)))(x))
        return nn.Dense(self.num_actions, kernel_init=nn.initializers.orthogonal(0.01))(x)


class Critic(nn.Module):
    @nn.compact
    def __call__(self, x):
        for _ in range(2):
            x = nn.tanh(nn.Dense(128, kernel_init=nn.initializers.orthogonal(np.sqrt(2)))(x))
        return nn.Dense(1, kernel_init=nn.initializers.orthogonal(1.0))(x)[..., 0]


class Batch(NamedTuple):
    obs: jnp.ndarray  # (N, actor input)
    state: jnp.ndarray  # (N, critic input)
    action: jnp.ndarray
    logp: jnp.ndarray
    advantage: jnp.ndarray
    ret: jnp.ndarray
    mask: jnp.ndarray  # 0 for rows whose action the pool ignored (they act on a final observation)


def actor_input(obs: np.ndarray, players: int) -> np.ndarray:
    """Each row's observation with a one-hot of its agent index (rows are env-major)."""
    ids = np.tile(np.eye(players, dtype=np.float32), (obs.shape[0] // players, 1))
    return np.concatenate([obs, ids], axis=1)


def critic_input(obs: np.ndarray, players: int) -> np.ndarray:
    """The env's state (all its agents' observations) plus the row's agent one-hot."""
    state = obs.reshape(-1, players * obs.shape[1]).repeat(players, axis=0)
    return actor_input(state, players)


def main(argv=None) -> dict:
    args = parse_args(argv)
    env = rlpool.make(args.env_id, num_envs=args.num_envs, seed=args.seed)
    players = env.spec.fields["num_players"]
    rows = args.num_envs * players
    num_actions = env.single_action_space.n
    obs, _ = env.reset()

    key = jax.random.PRNGKey(args.seed)
    key, ka, kc = jax.random.split(key, 3)
    actor, critic = Actor(num_actions), Critic()
    a_in, c_in = actor_input(obs, players), critic_input(obs, players)
    tx = lambda: optax.chain(optax.clip_by_global_norm(args.max_grad_norm), optax.adam(args.learning_rate, eps=1e-5))
    actor_state = TrainState.create(apply_fn=actor.apply, params=actor.init(ka, a_in), tx=tx())
    critic_state = TrainState.create(apply_fn=critic.apply, params=critic.init(kc, c_in), tx=tx())

    @jax.jit
    def act(actor_params, critic_params, a_in, c_in, key):
        logits = actor.apply(actor_params, a_in)
        key, sub = jax.random.split(key)
        action = jax.random.categorical(sub, logits)
        logp = jax.nn.log_softmax(logits)[jnp.arange(action.shape[0]), action]
        return action, logp, critic.apply(critic_params, c_in), key

    @jax.jit
    def gae(reward, value, next_value, done):
        def body(carry, x):
            r, v, nv, d = x
            delta = r + args.gamma * nv - v  # MPE episodes only truncate: always bootstrap
            carry = delta + args.gamma * args.gae_lambda * (1.0 - d) * carry
            return carry, carry

        _, adv = jax.lax.scan(body, jnp.zeros_like(reward[0]), (reward, value, next_value, done), reverse=True)
        return adv, adv + value

    def loss_fn(actor_params, critic_params, b: Batch):
        logits = actor.apply(actor_params, b.obs)
        logp_all = jax.nn.log_softmax(logits)
        logp = logp_all[jnp.arange(b.action.shape[0]), b.action]
        ratio = jnp.exp(logp - b.logp)
        adv = (b.advantage - b.advantage.mean()) / (b.advantage.std() + 1e-8)
        pg = jnp.maximum(-adv * ratio, -adv * jnp.clip(ratio, 1 - args.clip_coef, 1 + args.clip_coef))
        entropy = -(jnp.exp(logp_all) * logp_all).sum(-1)
        v = critic.apply(critic_params, b.state)
        n = b.mask.sum() + 1e-8
        return ((pg - args.ent_coef * entropy) * b.mask).sum() / n + args.vf_coef * (
            0.5 * ((v - b.ret) ** 2) * b.mask).sum() / n

    @jax.jit
    def update(actor_state, critic_state, b: Batch):
        ga, gc = jax.grad(loss_fn, argnums=(0, 1))(actor_state.params, critic_state.params, b)
        return actor_state.apply_gradients(grads=ga), critic_state.apply_gradients(grads=gc)

    steps_per_update = args.num_steps * rows
    num_updates = max(1, args.total_timesteps // steps_per_update)
    if args.max_updates:
        num_updates = min(num_updates, args.max_updates)
    rng = np.random.default_rng(args.seed)
    writer, out = None, None
    if args.csv:
        out = open(args.csv, "w", newline="")
        writer = csv.writer(out)
        writer.writerow(["global_step", "episodic_return", "SPS"])
    episode_return, finished = np.zeros(rows), []
    was_done = np.zeros(rows, bool)  # this row's observation is a final one: its action will be ignored
    curve, global_step, start = [], 0, time.time()
    for update_i in range(num_updates):
        buf = {k: [] for k in ("a_in", "c_in", "action", "logp", "value", "reward", "done", "mask")}
        for _ in range(args.num_steps):
            a_in, c_in = actor_input(obs, players), critic_input(obs, players)
            action, logp, value, key = act(actor_state.params, critic_state.params, a_in, c_in, key)
            action = np.asarray(action)
            obs, reward, terminated, truncated, _ = env.step(action)
            done = terminated | truncated
            for k, v in (("a_in", a_in), ("c_in", c_in), ("action", action), ("logp", logp), ("value", value),
                         ("reward", reward), ("done", done), ("mask", ~was_done)):
                buf[k].append(np.asarray(v))
            episode_return += reward
            if done.any():
                finished.extend(episode_return[done].tolist())
                episode_return[done] = 0.0
            was_done = done
            global_step += rows
        last_value = act(actor_state.params, critic_state.params, actor_input(obs, players),
                         critic_input(obs, players), key)[2]
        value = np.stack(buf["value"])
        next_value = np.concatenate([value[1:], np.asarray(last_value)[None]])
        advantage, ret = gae(jnp.asarray(np.stack(buf["reward"])), jnp.asarray(value), jnp.asarray(next_value),
                             jnp.asarray(np.stack(buf["done"]), jnp.float32))
        flat = lambda x: jnp.asarray(np.asarray(x).reshape((steps_per_update,) + np.asarray(x).shape[2:]))
        data = Batch(flat(np.stack(buf["a_in"])), flat(np.stack(buf["c_in"])), flat(np.stack(buf["action"])),
                     flat(np.stack(buf["logp"])), flat(advantage), flat(ret),
                     flat(np.stack(buf["mask"]).astype(np.float32)))
        size = steps_per_update // args.num_minibatches
        for _ in range(args.update_epochs):
            order = rng.permutation(steps_per_update)
            for i in range(args.num_minibatches):
                idx = order[i * size:(i + 1) * size]
                actor_state, critic_state = update(actor_state, critic_state, jax.tree.map(lambda x: x[idx], data))
        mean_return = float(np.mean(finished[-rows * 4:])) if finished else float("nan")
        sps = int(global_step / (time.time() - start))
        curve.append((global_step, mean_return))
        if writer:
            writer.writerow([global_step, f"{mean_return:.4f}", sps])
        if not args.quiet and (update_i % 10 == 0 or update_i == num_updates - 1):
            print(f"update {update_i + 1}/{num_updates}  agent steps {global_step}  return/agent {mean_return:.2f}  "
                  f"SPS {sps}")
    env.close()
    if out:
        out.close()
    return {"updates": num_updates, "global_step": global_step, "curve": curve}


if __name__ == "__main__":
    main()
