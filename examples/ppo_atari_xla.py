"""PPO with the Nature CNN on Atari, in JAX, with each rollout inside one
jax.lax.scan that steps the pool through env.xla() (CleanRL's
ppo_atari_envpool_xla_jax_scan.py, on rlpool).

    python examples/ppo_atari_xla.py --env-id Pong-v5 --total-timesteps 10000000

Only the rollout differs from examples/ppo_atari.py: there Python sends each
batch of actions and receives the results; here the policy, the env step and
the bookkeeping of num_steps steps run as one compiled XLA computation, with
the pool's handle threaded through the scan so its steps stay in order. The
network (NatureCNN), hyper-parameters, envpool's Atari defaults, the update
and the CSV are those of ppo_atari.py and ppo.py (same folder).

The pool is synchronous (every env steps every time); the rows are laid out
(num_steps, num_envs), so an env's successor row is the next scan step's.
Autoreset is next-step, as in ppo.py: the row after an episode end is the
reset (its action is ignored, so it is masked out of the loss), and a
truncated episode is bootstrapped with the value of its final observation.

The CSV has one row per finished game: global_step, episodic_return,
episodic_length, wall_time, SPS.
"""

from __future__ import annotations

import os
import sys
import time
from typing import NamedTuple

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402

import ppo  # noqa: E402  (also sets XLA's flags before jax starts)
import ppo_atari  # noqa: E402

import rlpool  # noqa: E402


class StepRows(NamedTuple):
    """One scan step for every env (the scan stacks them to (num_steps, num_envs))."""

    obs: jnp.ndarray  # what the policy saw
    action: jnp.ndarray
    logp: jnp.ndarray
    value: jnp.ndarray
    valid: jnp.ndarray  # the env really took this action (the row is not a reset)
    reward: jnp.ndarray  # clipped: what the agent learns from
    terminated: jnp.ndarray  # a lost life (episodic life): no bootstrap
    done: jnp.ndarray  # terminated or truncated: the next row is a reset
    score: jnp.ndarray  # the raw reward, for the log
    game_over: jnp.ndarray  # the game (not just a life) ended, for the log


def parse_args(argv=None):
    p = ppo.build_parser(__doc__.split("\n\n")[0], "Pong-v5", backends=("rlpool",))
    p.set_defaults(total_timesteps=10_000_000, clip_coef=0.1)
    p.add_argument("--episodic-life", type=int, default=1, choices=(0, 1))
    p.add_argument("--reward-clip", type=int, default=1, choices=(0, 1))
    args = p.parse_args(argv)
    args = ppo.resolve(p, args, ppo_atari.PRESET)
    if args.batch_size != args.num_envs:
        p.error("the scan steps every env each time: --batch-size must be 0 or --num-envs (ppo_atari.py runs async)")
    return args


def make_rollout(args, step, act):
    """One jitted rollout: num_steps of (policy -> pool step -> rows) in a lax.scan."""

    def one_step(carry, _):
        params, handle, obs, done_last, key = carry
        action, logp, value, key = act(params, obs, key)
        handle, (next_obs, reward, terminated, truncated, info) = step(handle, action.astype(jnp.int32))
        done = terminated | truncated
        # With episodic life, `terminated` is a lost life and info["terminated"] the game's end.
        game_over = info.get("terminated", terminated) | truncated
        rows = StepRows(obs, action, logp, value, ~done_last, reward, terminated, done, info["reward"], game_over)
        return (params, handle, next_obs, done, key), rows

    @jax.jit
    def rollout(params, handle, obs, done_last, key):
        (_, handle, obs, done_last, key), rows = jax.lax.scan(
            one_step, (params, handle, obs, done_last, key), None, length=args.num_steps
        )
        return handle, obs, done_last, key, rows

    return rollout


def make_advantages(args, value_of):
    """GAE backwards through the scan's steps; returns the flat training rows."""

    @jax.jit
    def advantages(params, rows: StepRows, last_obs) -> ppo.Rows:
        next_value = jnp.concatenate([rows.value[1:], value_of(params, last_obs)[None]])

        def back(adv_next, x):
            reward, terminated, done, value, next_v = x
            delta = reward + args.gamma * next_v * (1.0 - terminated) - value
            adv = delta + args.gamma * args.gae_lambda * (1.0 - done) * adv_next
            return adv, adv

        xs = (rows.reward, rows.terminated.astype(jnp.float32), rows.done.astype(jnp.float32), rows.value, next_value)
        _, adv = jax.lax.scan(back, jnp.zeros_like(rows.value[0]), xs, reverse=True)
        flat = lambda x: x.reshape((-1,) + x.shape[2:])  # noqa: E731
        return ppo.Rows(flat(rows.obs), flat(rows.action), flat(rows.logp), flat(rows.value), flat(adv),
                        flat(adv + rows.value), flat(rows.valid.astype(jnp.float32)))

    return advantages


def log_rollout(log: ppo.EpisodeLog, rows: StepRows, global_step: int, num_envs: int) -> None:
    """Writes the games that ended during the rollout to the CSV, step by step.
    A step whose row was not valid returned the reset: it adds no reward and
    no length (ppo.py's `after_end`)."""
    ids = np.arange(num_envs)
    score, game_over, valid = map(np.asarray, (rows.score, rows.game_over, rows.valid))
    for t in range(len(score)):
        batch = ppo.Batch(None, None, None, None, ids, score[t], game_over[t])
        log.record(batch, ~valid[t], global_step + (t + 1) * num_envs)


def main(argv=None) -> dict:
    args = parse_args(argv)
    env = rlpool.make_gymnasium(
        args.env_id, num_envs=args.num_envs, num_threads=args.num_threads, seed=args.seed,
        episodic_life=bool(args.episodic_life), reward_clip=bool(args.reward_clip),
    )
    agent = ppo_atari.NatureCNN(int(env.action_space.n))
    state, key = ppo.init_state(args, agent, env.observation_space.shape, np.uint8)
    act, value_of, evaluate = ppo.make_policy_fns(agent, continuous=False)
    update = ppo.make_update(evaluate, args)
    handle, _, _, step = env.xla()
    rollout = make_rollout(args, step, act)
    advantages = make_advantages(args, value_of)
    log = ppo.EpisodeLog(args.csv, args.num_envs, args.return_window, args.quiet)

    obs, _ = env.reset()
    obs = jnp.asarray(obs)
    done_last = jnp.zeros(args.num_envs, bool)
    global_step, reached_at, iteration = 0, None, 0
    for iteration in range(1, args.num_iterations + 1):
        handle, obs, done_last, key, rows = rollout(state.params, handle, obs, done_last, key)
        log_rollout(log, rows, global_step, args.num_envs)
        global_step += args.num_steps * args.num_envs
        state, key = update(state, advantages(state.params, rows, obs), key)

        average = log.average()
        if reached_at is None and args.stop_at_return is not None and average >= args.stop_at_return:
            reached_at = global_step
        if not args.quiet:
            sps = int(global_step / (time.time() - log.start))
            print(f"iteration={iteration} global_step={global_step} {log.progress()} SPS={sps}", flush=True)
        if reached_at is not None or (args.max_updates and iteration >= args.max_updates):
            break
    log.close()
    env.close()
    result = dict(
        global_step=global_step, iterations=iteration, average_return=log.average(),
        reached_at=reached_at, wall_time=time.time() - log.start, csv=args.csv,
    )
    if not args.quiet:
        print(result)
    return result


if __name__ == "__main__":
    main(sys.argv[1:])
