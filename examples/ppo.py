"""PPO (clipped surrogate, GAE) in JAX on rlpool's numpy path, in the style of
CleanRL's single-file scripts.

    python examples/ppo.py --env-id CartPole-v1 --num-envs 8 --total-timesteps 500000
    python examples/ppo.py --env-id HalfCheetah-v5 --num-envs 1          # continuous preset
    python examples/ppo.py --env-id CartPole-v1 --num-envs 8 --batch-size 4   # async pool
    python examples/ppo.py --env-id MetaWorld/MT10-v3 --num-envs 10 --env-option one_hot_task_id=True \
        --log-info success                                                     # env options, info logged

Discrete action spaces get CleanRL ppo.py's hyper-parameters, continuous ones
those of ppo_continuous_action.py, including observation and reward
normalisation (each clipped to +-10). Any of them can be overridden.

Every env backend is driven the same way, through send(actions, env_ids) and
recv(), with next-step autoreset (the step after an episode ends returns the
reset observation and ignores its action). The script therefore:
  * stores each row it acts on, links it to the next row of the same env, and
    trains only on rows whose successor has arrived;
  * masks out the ignored-action rows that follow an episode end;
  * bootstraps a truncated episode with the value of its final observation
    (that observation is acted on in the next step, so its value is at hand);
  * in async mode (--batch-size < --num-envs) acts on whichever envs come
    back first; rows still in flight when a rollout ends are trained in the
    next one, with the log-probability of the policy that chose them.

The CSV has one row per finished episode:
    global_step, episodic_return, episodic_length, wall_time, SPS
and, for each --log-info KEY, a column max_KEY: the episode's largest
info[KEY] (with KEY=success: 1 if the episode succeeded at some step, the
success rate Meta-World reports). The first three columns are the learning curve; with the same seed on a
deterministic backend they are bit-identical across runs (`cut -d, -f1-3`).
wall_time and SPS are timings and vary.
"""

from __future__ import annotations

import argparse
import ast
import csv
import importlib
import os
import sys
import time
from collections import deque
from typing import NamedTuple

# Single-threaded XLA: the networks are tiny, so threads only fight the env
# workers for the cores, and one thread keeps float reductions in one order.
os.environ.setdefault("XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1")

import flax.linen as nn  # noqa: E402
import gymnasium as gym  # noqa: E402
import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
import optax  # noqa: E402
from flax.training.train_state import TrainState  # noqa: E402

BACKENDS = ("rlpool", "envpool", "gymnasium-sync", "gymnasium-async")

# CleanRL's defaults: ppo.py for discrete actions, ppo_continuous_action.py for continuous ones.
PRESETS = {
    "discrete": dict(
        num_envs=4, num_steps=128, learning_rate=2.5e-4, num_minibatches=4, update_epochs=4,
        ent_coef=0.01, normalize=False,
    ),
    "continuous": dict(
        num_envs=1, num_steps=2048, learning_rate=3e-4, num_minibatches=32, update_epochs=10,
        ent_coef=0.0, normalize=True,
    ),
}


def build_parser(description: str, env_id: str, backends=BACKENDS) -> argparse.ArgumentParser:
    """Options shared by the PPO scripts; those left None come from a preset."""
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--env-id", default=env_id)
    p.add_argument("--backend", choices=backends, default="rlpool", help="who steps the envs")
    p.add_argument("--seed", type=int, default=1, help="env i gets seed + i; the policy's PRNG starts from seed")
    p.add_argument("--total-timesteps", type=int, default=500_000, help="env steps (rows received) in all")
    p.add_argument("--num-envs", type=int, help="envs in the pool (preset: 4 discrete, 1 continuous)")
    p.add_argument("--batch-size", type=int, default=0, help="rows per recv(); 0 or num_envs = sync, less = async")
    p.add_argument("--num-threads", type=int, default=0, help="pool worker threads (rlpool/envpool); 0 = auto")
    p.add_argument("--num-steps", type=int, help="steps per env per rollout")
    p.add_argument("--learning-rate", type=float)
    p.add_argument("--anneal-lr", type=int, default=1, choices=(0, 1), help="1: decay the learning rate linearly to 0")
    p.add_argument("--gamma", type=float, default=0.99)
    p.add_argument("--gae-lambda", type=float, default=0.95)
    p.add_argument("--num-minibatches", type=int)
    p.add_argument("--update-epochs", type=int)
    p.add_argument("--norm-adv", type=int, default=1, choices=(0, 1))
    p.add_argument("--clip-coef", type=float, default=0.2)
    p.add_argument("--clip-vloss", type=int, default=1, choices=(0, 1))
    p.add_argument("--ent-coef", type=float)
    p.add_argument("--vf-coef", type=float, default=0.5)
    p.add_argument("--max-grad-norm", type=float, default=0.5)
    p.add_argument("--normalize", type=int, choices=(0, 1), help="normalise observations and rewards (preset: continuous)")
    p.add_argument("--csv", default="", help="where to write the per-episode CSV (default runs/<env>__<seed>.csv)")
    p.add_argument("--return-window", type=int, default=100, help="episodes in the running average return")
    p.add_argument("--stop-at-return", type=float, default=None,
                   help="stop once the running average return reaches this")
    p.add_argument("--max-updates", type=int, default=0, help="stop after this many updates (0 = no limit)")
    p.add_argument("--quiet", action="store_true", help="no progress lines on stdout")
    p.add_argument("--env-option", action="append", default=[], type=env_option, metavar="KEY=VALUE",
                   help="an option of the env's make() (repeatable), e.g. one_hot_task_id=True; VALUE is read as a "
                        "Python literal (True, 3, 0.5, [1, 2]), else kept as text")
    p.add_argument("--log-info", action="append", default=[], metavar="KEY",
                   help="log each episode's largest info[KEY] too (repeatable), e.g. success")
    return p


def env_option(text: str) -> tuple:
    """KEY=VALUE from the command line: VALUE as a Python literal where it is one, else the text."""
    key, sep, value = text.partition("=")
    if not sep or not key.isidentifier():
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE with KEY an option name, got {text!r}")
    try:
        return key, ast.literal_eval(value)
    except (ValueError, SyntaxError):
        return key, value


def parse_args(argv=None) -> argparse.Namespace:
    p = build_parser(__doc__.split("\n\n")[0], "CartPole-v1")
    args = p.parse_args(argv)
    options = dict(args.env_option)
    probe = gym.make(args.env_id, **options) if args.backend.startswith("gymnasium") else None
    space = probe.action_space if probe else _pool_module(args.backend).make_spec(args.env_id, **options).action_space
    if probe:
        probe.close()
    kind = "discrete" if isinstance(space, gym.spaces.Discrete) else "continuous"
    return resolve(p, args, PRESETS[kind])


def resolve(p: argparse.ArgumentParser, args: argparse.Namespace, preset: dict) -> argparse.Namespace:
    """Fills the options left unset from the preset and checks the sizes fit."""
    for key, value in preset.items():
        if getattr(args, key) is None:
            setattr(args, key, value)
    args.batch_size = args.batch_size or args.num_envs
    if not 0 < args.batch_size <= args.num_envs:
        p.error(f"--batch-size must be in 1..num_envs={args.num_envs}, got {args.batch_size}")
    if args.batch_size < args.num_envs and args.backend.startswith("gymnasium"):
        p.error("gymnasium's vector envs have no batch_size: async (--batch-size < --num-envs) needs rlpool or envpool")
    # A rollout holds num_steps * num_envs rows whatever the pool's batch size.
    rows = args.num_steps * args.num_envs
    if rows % args.batch_size or (rows // args.num_minibatches) * args.num_minibatches != rows:
        p.error(f"num_steps*num_envs={rows} must divide by batch_size and num_minibatches")
    if args.total_timesteps < rows:
        p.error(f"--total-timesteps={args.total_timesteps} is less than one rollout (num_steps*num_envs={rows})")
    args.recvs_per_rollout = rows // args.batch_size
    args.num_iterations = args.total_timesteps // rows
    args.csv = args.csv or os.path.join("runs", f"{args.env_id}__{args.backend}__{args.seed}.csv")
    return args


# ---------------------------------------------------------------------------- envs
def _pool_module(backend: str):
    return importlib.import_module(backend)


class Batch(NamedTuple):
    """What one recv() returns: rows for the envs in env_id."""

    obs: np.ndarray
    reward: np.ndarray  # what the agent learns from (Atari: clipped)
    terminated: np.ndarray  # ends the return the agent bootstraps (Atari: a lost life too)
    truncated: np.ndarray
    env_id: np.ndarray
    score: np.ndarray  # what the episode log adds up (Atari: the raw reward)
    game_over: np.ndarray  # ends a logged episode (Atari: the last life lost)
    logged: tuple = ()  # info[KEY] of each --log-info KEY, in that order


def logged_info(info: dict, keys) -> tuple:
    """The info values --log-info asks for; a key the env does not give is an error naming the ones it does."""
    missing = [k for k in keys if k not in info]
    if missing:
        raise ValueError(f"--log-info {', '.join(missing)}: the env's info has no such key; it has "
                         f"{', '.join(sorted(info))}")
    return tuple(np.asarray(info[k], np.float64) for k in keys)


class PoolBackend:
    """rlpool or envpool, gymnasium face, next-step autoreset; sync or async."""

    def __init__(self, args, **options):
        module = _pool_module(args.backend)
        options = {**options, **dict(getattr(args, "env_option", ()))}  # the command line's last
        self.log_info = tuple(getattr(args, "log_info", ()))
        self.env = module.make_gymnasium(
            args.env_id, num_envs=args.num_envs, batch_size=args.batch_size,
            num_threads=args.num_threads, seed=args.seed, **options,
        )
        self.single_observation_space = self.env.observation_space
        self.single_action_space = self.env.action_space

    def start(self) -> Batch:
        self.env.async_reset()
        return self.recv()

    def send(self, action, env_id) -> None:
        self.env.send(action, env_id)

    def recv(self) -> Batch:
        obs, reward, terminated, truncated, info = self.env.recv()
        score = info.get("reward", reward)
        # Atari with episodic life: `terminated` is a lost life, info["terminated"] the game's end.
        game_over = np.asarray(info.get("terminated", terminated), bool) | truncated
        return Batch(obs, reward, terminated, truncated, np.asarray(info["env_id"]), score, game_over,
                     logged_info(info, self.log_info))

    def close(self) -> None:
        self.env.close()


class GymnasiumBackend:
    """gymnasium's SyncVectorEnv / AsyncVectorEnv (subprocesses), next-step autoreset."""

    def __init__(self, args):
        options = dict(args.env_option)
        fns = [lambda: gym.make(args.env_id, **options) for _ in range(args.num_envs)]
        self.log_info = tuple(args.log_info)
        cls = gym.vector.AsyncVectorEnv if args.backend == "gymnasium-async" else gym.vector.SyncVectorEnv
        self.env = cls(fns, autoreset_mode=gym.vector.AutoresetMode.NEXT_STEP)
        self.seed = args.seed
        self.ids = np.arange(args.num_envs, dtype=np.int32)
        self.single_observation_space = self.env.single_observation_space
        self.single_action_space = self.env.single_action_space

    def start(self) -> Batch:
        obs, _ = self.env.reset(seed=self.seed)
        zeros, no = np.zeros(len(self.ids)), np.zeros(len(self.ids), bool)
        return Batch(obs, zeros, no, no, self.ids, zeros, no, (zeros,) * len(self.log_info))  # not a step: unlogged

    def send(self, action, env_id) -> None:
        if isinstance(self.env, gym.vector.AsyncVectorEnv):
            self.env.step_async(action)
        else:  # SyncVectorEnv steps in recv()
            self.action = action

    def recv(self) -> Batch:
        if isinstance(self.env, gym.vector.AsyncVectorEnv):
            obs, reward, terminated, truncated, info = self.env.step_wait()
        else:
            obs, reward, terminated, truncated, info = self.env.step(self.action)
        return Batch(obs, reward, terminated, truncated, self.ids, reward, terminated | truncated,
                     logged_info(info, self.log_info))

    def close(self) -> None:
        self.env.close()


class RunningMeanStd:
    """Running mean and variance (parallel update), as gymnasium's normalisation wrappers keep."""

    def __init__(self, shape=()):
        self.mean = np.zeros(shape, np.float64)
        self.var = np.ones(shape, np.float64)
        self.count = 1e-4

    def update(self, x: np.ndarray) -> None:
        batch_mean, batch_var, n = x.mean(axis=0), x.var(axis=0), x.shape[0]
        delta, total = batch_mean - self.mean, self.count + n
        self.mean = self.mean + delta * n / total
        m2 = self.var * self.count + batch_var * n + delta**2 * self.count * n / total
        self.var, self.count = m2 / total, total


class Normalizer:
    """CleanRL's continuous-action wrappers, per received batch: observations
    scaled by their running statistics, rewards by the running std of the
    discounted return, both clipped to +-10."""

    def __init__(self, obs_shape, num_envs: int, gamma: float, enabled: bool):
        self.enabled, self.gamma = enabled, gamma
        self.obs_rms, self.ret_rms = RunningMeanStd(obs_shape), RunningMeanStd()
        self.discounted = np.zeros(num_envs, np.float64)

    def obs(self, obs: np.ndarray) -> np.ndarray:
        if not self.enabled:
            return obs
        self.obs_rms.update(obs)
        out = (obs - self.obs_rms.mean) / np.sqrt(self.obs_rms.var + 1e-8)
        return np.clip(out, -10, 10).astype(np.float32)

    def reward(self, reward, terminated, env_id) -> np.ndarray:
        if not self.enabled:
            return reward.astype(np.float32)
        ret = self.discounted[env_id] * self.gamma * (1 - terminated) + reward
        self.discounted[env_id] = ret
        self.ret_rms.update(ret)
        return np.clip(reward / np.sqrt(self.ret_rms.var + 1e-8), -10, 10).astype(np.float32)


# ---------------------------------------------------------------------------- agent
def _dense(features: int, scale: float):
    return nn.Dense(features, kernel_init=nn.initializers.orthogonal(scale), bias_init=nn.initializers.zeros)


class Agent(nn.Module):
    """Separate 64-64 tanh actor and critic, orthogonal init (CleanRL's)."""

    action_dim: int
    continuous: bool

    @nn.compact
    def __call__(self, obs):
        def mlp(out: int, scale: float):
            x = obs
            for _ in range(2):
                x = nn.tanh(_dense(64, np.sqrt(2))(x))
            return _dense(out, scale)(x)

        value = mlp(1, 1.0)[..., 0]
        head = mlp(self.action_dim, 0.01)
        logstd = self.param("actor_logstd", nn.initializers.zeros, (self.action_dim,))
        return head, logstd, value


def log_prob_entropy(continuous: bool, head, logstd, action):
    """Log-probability of a batch of actions and the policy's entropy: a
    diagonal Gaussian (mean head, log-std logstd) or a categorical (logits head)."""
    if continuous:
        std = jnp.exp(logstd)
        logp = -0.5 * ((action - head) / std) ** 2 - logstd - 0.5 * jnp.log(2 * jnp.pi)
        entropy = jnp.broadcast_to(logstd + 0.5 * jnp.log(2 * jnp.pi * jnp.e), head.shape)
        return logp.sum(-1), entropy.sum(-1)
    logits = jax.nn.log_softmax(head)
    logp = jnp.take_along_axis(logits, action[:, None].astype(jnp.int32), axis=-1)[:, 0]
    entropy = -(jnp.exp(logits) * logits).sum(-1)
    return logp, entropy


def make_policy_fns(agent: Agent, continuous: bool):
    def log_prob_entropy_(head, logstd, action):
        return log_prob_entropy(continuous, head, logstd, action)

    @jax.jit
    def act(params, obs, key):
        key, sub = jax.random.split(key)
        head, logstd, value = agent.apply(params, obs)
        if continuous:
            action = head + jnp.exp(logstd) * jax.random.normal(sub, head.shape)
        else:
            action = jax.random.categorical(sub, head)
        logp, _ = log_prob_entropy_(head, logstd, action)
        return action, logp, value, key

    @jax.jit
    def value_of(params, obs):
        return agent.apply(params, obs)[2]

    def evaluate(params, obs, action):
        head, logstd, value = agent.apply(params, obs)
        logp, entropy = log_prob_entropy_(head, logstd, action)
        return logp, entropy, value

    return act, value_of, evaluate


class Rows(NamedTuple):
    """Training rows (all arrays have the same leading length)."""

    obs: jnp.ndarray
    action: jnp.ndarray
    logp: jnp.ndarray
    value: jnp.ndarray
    advantage: jnp.ndarray
    ret: jnp.ndarray
    mask: jnp.ndarray  # 1 where the row's action was really taken


def make_loss(evaluate, args):
    """PPO's clipped loss on one minibatch; rows with mask 0 count for nothing.
    Shared with examples/cleanba_ppo.py, whose learner all-reduces its gradient."""

    def loss_fn(params, mb: Rows):
        logp, entropy, value = evaluate(params, mb.obs, mb.action)
        w = mb.mask
        n = jnp.maximum(w.sum(), 1.0)
        adv = mb.advantage
        if args.norm_adv:
            mean = (w * adv).sum() / n
            std = jnp.sqrt((w * (adv - mean) ** 2).sum() / jnp.maximum(n - 1.0, 1.0))
            adv = (adv - mean) / (std + 1e-8)
        ratio = jnp.exp(logp - mb.logp)
        pg = jnp.maximum(-adv * ratio, -adv * jnp.clip(ratio, 1 - args.clip_coef, 1 + args.clip_coef))
        v_err = (value - mb.ret) ** 2
        if args.clip_vloss:
            clipped = mb.value + jnp.clip(value - mb.value, -args.clip_coef, args.clip_coef)
            v_err = jnp.maximum(v_err, (clipped - mb.ret) ** 2)
        pg_loss = (w * pg).sum() / n
        v_loss = 0.5 * (w * v_err).sum() / n
        ent = (w * entropy).sum() / n
        return pg_loss - args.ent_coef * ent + args.vf_coef * v_loss

    return loss_fn


def make_update(evaluate, args):
    grad_fn = jax.grad(make_loss(evaluate, args))
    num_rows = args.num_steps * args.num_envs

    @jax.jit
    def update(state: TrainState, rows: Rows, key):
        def epoch(carry, _):
            state, key = carry
            key, sub = jax.random.split(key)
            order = jax.random.permutation(sub, num_rows)
            shuffled = jax.tree_util.tree_map(
                lambda x: x[order].reshape((args.num_minibatches, -1) + x.shape[1:]), rows
            )

            def minibatch(state, mb):
                return state.apply_gradients(grads=grad_fn(state.params, mb)), None

            state, _ = jax.lax.scan(minibatch, state, shuffled)
            return (state, key), None

        (state, key), _ = jax.lax.scan(epoch, (state, key), None, length=args.update_epochs)
        return state, key

    return update


# ---------------------------------------------------------------------------- rollout storage
class Rollout:
    """Rows acted on, in the order acted, each linked to the next row of the
    same env. A row is trainable once that successor has been received:
    its reward, termination and value are then known."""

    def __init__(self, args, obs_shape, obs_dtype, action_shape, action_dtype):
        cap = args.num_steps * args.num_envs + args.num_envs  # + rows carried from the last rollout
        self.obs = np.zeros((cap,) + obs_shape, obs_dtype)
        self.action = np.zeros((cap,) + action_shape, action_dtype)
        self.logp = np.zeros(cap, np.float32)
        self.value = np.zeros(cap, np.float32)
        self.env_id = np.zeros(cap, np.int64)
        self.valid = np.zeros(cap, bool)
        self.has_next = np.zeros(cap, bool)
        self.next_reward = np.zeros(cap, np.float32)
        self.next_terminated = np.zeros(cap, bool)
        self.next_done = np.zeros(cap, bool)
        self.next_value = np.zeros(cap, np.float32)
        self.next_row = np.full(cap, -1, np.int64)
        self.latest = np.full(args.num_envs, -1, np.int64)  # each env's row still waiting for its successor
        self.size = 0
        self.carried = 0  # rows at the front that came from the last rollout

    def received(self, env_id, reward, terminated, done) -> None:
        """Successor outcome for the rows these envs last acted on."""
        rows = self.latest[env_id]
        have = rows >= 0
        r = rows[have]
        self.has_next[r] = True
        self.next_reward[r] = reward[have]
        self.next_terminated[r] = terminated[have]
        self.next_done[r] = done[have]

    def acted(self, env_id, obs, valid, action, logp, value) -> None:
        n = len(env_id)
        rows = np.arange(self.size, self.size + n)
        self.obs[rows], self.action[rows], self.logp[rows], self.value[rows] = obs, action, logp, value
        self.env_id[rows], self.valid[rows], self.has_next[rows] = env_id, valid, False
        self.next_row[rows] = -1
        self.bootstrap(env_id, value, rows)
        self.latest[env_id] = rows
        self.size += n

    def bootstrap(self, env_id, value, rows=None) -> None:
        prev = self.latest[env_id]
        have = prev >= 0
        self.next_value[prev[have]] = value[have]
        if rows is not None:
            self.next_row[prev[have]] = rows[have]

    def advantages(self, gamma: float, lam: float, block: int):
        """GAE over the stored rows. Successors always sit in later rows, so
        blocks are filled from the last to the first; a row still waiting
        for its successor ends its chain (advantage 0, value bootstrap)."""
        n = self.size
        adv = np.zeros(n + 1, np.float32)  # adv[n] = 0: successor not acted on in this rollout
        nxt = np.where(self.next_row[:n] >= 0, self.next_row[:n], n)
        delta = (
            self.next_reward[:n]
            + gamma * self.next_value[:n] * (1 - self.next_terminated[:n])
            - self.value[:n]
        )
        keep = gamma * lam * (1 - self.next_done[:n])
        starts = list(range(self.carried, n, block))[::-1] + ([0] if self.carried else [])
        for start in starts:
            stop = min(start + block, n) if start >= self.carried else self.carried
            idx = np.arange(start, stop)
            a = delta[idx] + keep[idx] * adv[nxt[idx]]
            adv[idx] = np.where(self.has_next[idx], a, 0.0)
        return adv[:n]

    def take_training_rows(self, gamma: float, lam: float, block: int, num_rows: int) -> Rows:
        """The trainable rows (padded to num_rows with masked rows), and keeps
        the rest at the front for the next rollout."""
        adv = self.advantages(gamma, lam, block)
        n = self.size
        train = np.flatnonzero(self.has_next[:n])
        pad = num_rows - len(train)
        assert pad >= 0, (num_rows, len(train))
        idx = np.concatenate([train, np.full(pad, train[0] if len(train) else 0)])
        mask = np.concatenate([self.valid[train], np.zeros(pad, bool)]).astype(np.float32)
        rows = Rows(
            self.obs[idx], self.action[idx], self.logp[idx], self.value[idx], adv[idx],
            adv[idx] + self.value[idx], mask,
        )
        keep = np.flatnonzero(~self.has_next[:n])
        moved = np.full(n, -1, np.int64)
        moved[keep] = np.arange(len(keep))
        for field in ("obs", "action", "logp", "value", "env_id", "valid", "has_next", "next_row"):
            arr = getattr(self, field)
            arr[: len(keep)] = arr[keep]
        self.latest = np.where(self.latest >= 0, moved[np.maximum(self.latest, 0)], -1)
        self.size = self.carried = len(keep)
        return rows


# ---------------------------------------------------------------------------- episode log
class EpisodeLog:
    """Raw (unnormalised) returns and lengths per env, written to CSV as each
    episode ends; keeps the running average the stop criterion reads. Each
    logged info key adds the episode's largest value of it (max_KEY)."""

    def __init__(self, path: str, num_envs: int, window: int, quiet: bool, info_keys=()):
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        self.file = open(path, "w", newline="")
        self.writer = csv.writer(self.file)
        self.info_keys = tuple(info_keys)
        self.writer.writerow(["global_step", "episodic_return", "episodic_length", "wall_time", "SPS",
                              *(f"max_{k}" for k in self.info_keys)])
        self.ret = np.zeros(num_envs, np.float64)
        self.len = np.zeros(num_envs, np.int64)
        self.best = np.full((len(self.info_keys), num_envs), -np.inf)
        self.recent: deque = deque(maxlen=window)
        self.recent_best = [deque(maxlen=window) for _ in self.info_keys]
        self.quiet = quiet
        self.start = time.time()

    def record(self, batch: Batch, after_end: np.ndarray, global_step: int) -> None:
        ids = batch.env_id
        step = ~after_end  # a row after an episode end is the reset: no reward, no step
        self.ret[ids] += np.where(step, batch.score, 0.0)
        self.len[ids] += step
        for best, value in zip(self.best, batch.logged):
            best[ids] = np.maximum(best[ids], np.where(step, value, -np.inf))
        ended = batch.game_over
        if ended.any():
            wall = time.time() - self.start
            sps = int(global_step / max(wall, 1e-9))
            for e in ids[ended]:
                # repr keeps every bit of the float, so two CSVs compare exactly
                self.writer.writerow([global_step, repr(float(self.ret[e])), int(self.len[e]), f"{wall:.3f}", sps,
                                      *(repr(float(best[e])) for best in self.best)])
                self.recent.append(self.ret[e])
                for recent, best in zip(self.recent_best, self.best):
                    recent.append(best[e])
            self.ret[ids[ended]] = 0.0
            self.len[ids[ended]] = 0
            self.best[:, ids[ended]] = -np.inf

    def average(self) -> float:
        """The stop criterion: the mean of the last `window` returns, -inf until
        that many episodes have finished (gymnasium's "solved" needs all 100)."""
        return float(np.mean(self.recent)) if len(self.recent) == self.recent.maxlen else float("-inf")

    def progress(self) -> str:
        """What a progress line shows: the mean of the returns finished so far
        (at most `window`), since -inf until the window fills reads as broken."""
        if not self.recent:
            return "avg_return=n/a (no episode finished yet)"
        shown = f"avg_return={np.mean(self.recent):.1f}"
        for key, recent in zip(self.info_keys, self.recent_best):
            shown += f" avg_max_{key}={np.mean(recent):.3f}"
        if len(self.recent) < self.recent.maxlen:
            shown += f" (over {len(self.recent)} episodes)"
        return shown

    def info_averages(self) -> dict:
        """The mean of each logged key's episode maxima over the last `window` episodes (nan before any)."""
        return {k: float(np.mean(r)) if r else float("nan") for k, r in zip(self.info_keys, self.recent_best)}

    def close(self) -> None:
        self.file.close()


# ---------------------------------------------------------------------------- main loop
def main(argv=None) -> dict:
    args = parse_args(argv)
    envs = GymnasiumBackend(args) if args.backend.startswith("gymnasium") else PoolBackend(args)
    act_space = envs.single_action_space
    continuous = isinstance(act_space, gym.spaces.Box)
    action_dim = int(np.prod(act_space.shape)) if continuous else int(act_space.n)
    return train(args, envs, Agent(action_dim, continuous), obs_dtype=np.float32)


def init_state(args, agent: nn.Module, obs_shape, obs_dtype):
    """The agent's parameters and Adam (learning rate annealed per update), and
    the policy's PRNG key; both start from the seed."""
    key = jax.random.PRNGKey(args.seed)
    key, init_key = jax.random.split(key)
    params = agent.init(init_key, jnp.zeros((1,) + tuple(obs_shape), obs_dtype))
    grad_steps_per_update = args.num_minibatches * args.update_epochs

    def schedule(count):
        frac = 1.0 - (count // grad_steps_per_update) / args.num_iterations
        return args.learning_rate * frac if args.anneal_lr else args.learning_rate

    tx = optax.chain(optax.clip_by_global_norm(args.max_grad_norm), optax.adam(schedule, eps=1e-5))
    return TrainState.create(apply_fn=agent.apply, params=params, tx=tx), key


def train(args, envs, agent: nn.Module, obs_dtype) -> dict:
    """The PPO loop: collect a rollout, compute GAE, update; log each episode."""
    obs_space, act_space = envs.single_observation_space, envs.single_action_space
    continuous = isinstance(act_space, gym.spaces.Box)
    action_dim = int(np.prod(act_space.shape)) if continuous else int(act_space.n)
    obs_shape = tuple(obs_space.shape)

    state, key = init_state(args, agent, obs_shape, obs_dtype)
    act, value_of, evaluate = make_policy_fns(agent, continuous)
    update = make_update(evaluate, args)

    action_shape = (action_dim,) if continuous else ()
    rollout = Rollout(args, obs_shape, obs_dtype, action_shape, np.float32 if continuous else np.int32)
    norm = Normalizer(obs_shape, args.num_envs, args.gamma, bool(args.normalize))
    log = EpisodeLog(args.csv, args.num_envs, args.return_window, args.quiet, getattr(args, "log_info", ()))
    low, high = (act_space.low, act_space.high) if continuous else (None, None)
    # Whether each env's latest row ended an episode: its action will be ignored
    # (the row is not trained on) and the env's next row is a reset.
    done_last = np.ones(args.num_envs, bool)
    num_rows = args.num_steps * args.num_envs

    batch = envs.start()
    global_step = 0
    log.record(batch, done_last[batch.env_id], global_step)
    done_last[batch.env_id] = False
    obs = np.asarray(norm.obs(batch.obs), obs_dtype)
    reached_at, iteration = None, 0
    for iteration in range(1, args.num_iterations + 1):
        for _ in range(args.recvs_per_rollout):
            ids = batch.env_id
            action, logp, value, key = jax.device_get(act(state.params, obs, key))
            rollout.acted(ids, obs, ~done_last[ids], action, logp, value)
            envs.send(np.clip(action, low, high) if continuous else action, ids)

            batch = envs.recv()
            ids = batch.env_id
            global_step += len(ids)
            done = batch.terminated | batch.truncated
            log.record(batch, done_last[ids], global_step)
            reward = norm.reward(batch.reward, batch.terminated, ids)
            rollout.received(ids, reward, batch.terminated, done)
            done_last[ids] = done
            obs = np.asarray(norm.obs(batch.obs), obs_dtype)
        # The rows just received are acted on next rollout; their value closes this one.
        rollout.bootstrap(batch.env_id, np.asarray(value_of(state.params, obs)))
        rows = rollout.take_training_rows(args.gamma, args.gae_lambda, args.batch_size, num_rows)
        state, key = update(state, Rows(*map(jnp.asarray, rows)), key)

        average = log.average()
        if reached_at is None and args.stop_at_return is not None and average >= args.stop_at_return:
            reached_at = global_step
        if not args.quiet:
            sps = int(global_step / (time.time() - log.start))
            print(f"iteration={iteration} global_step={global_step} {log.progress()} SPS={sps}", flush=True)
        if reached_at is not None or (args.max_updates and iteration >= args.max_updates):
            break
    log.close()
    envs.close()
    result = dict(
        global_step=global_step, iterations=iteration, average_return=log.average(),
        reached_at=reached_at, wall_time=time.time() - log.start, csv=args.csv,
        average_max_info=log.info_averages(),
    )
    if not args.quiet:
        print(result)
    return result


if __name__ == "__main__":
    main(sys.argv[1:])
