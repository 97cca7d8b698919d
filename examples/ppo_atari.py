"""PPO with the Nature CNN on Atari, in JAX, on rlpool's numpy path.

    python examples/ppo_atari.py --env-id Pong-v5 --total-timesteps 10000000
    python examples/ppo_atari.py --env-id Pong-v5 --num-envs 16 --batch-size 8   # async pool

The envs use envpool's Atari defaults as CleanRL's envpool scripts do:
84x84 grayscale, 4 stacked frames, frame skip 4, up to 30 no-ops after a reset,
episodic life (a lost life ends the agent's episode) and rewards clipped to
their sign. The CSV logs the real game: raw rewards summed over all lives.
Hyper-parameters are CleanRL's ppo_atari_envpool.py's (clip 0.1, 8 envs x 128
steps, 4 minibatches x 4 epochs, lr 2.5e-4 annealed).

The rollout, GAE, update and CSV are those of examples/ppo.py (same folder):
only the network and the env options differ, so a fix there holds here too.
"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import flax.linen as nn  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402

import ppo  # noqa: E402  (also sets XLA's flags before jax starts)

PRESET = dict(
    num_envs=8, num_steps=128, learning_rate=2.5e-4, num_minibatches=4, update_epochs=4,
    ent_coef=0.01, normalize=False,
)


class NatureCNN(nn.Module):
    """Mnih et al. (2015): three convolutions, a 512-unit layer, then the
    actor and critic heads (CleanRL's orthogonal init)."""

    action_dim: int

    @nn.compact
    def __call__(self, obs):
        # The pool hands (stack, height, width) uint8 frames; convolutions want channels last.
        x = jnp.transpose(obs, (0, 2, 3, 1)).astype(jnp.float32) / 255.0
        for features, kernel, stride in ((32, 8, 4), (64, 4, 2), (64, 3, 1)):
            x = nn.Conv(
                features, (kernel, kernel), (stride, stride), padding="VALID",
                kernel_init=nn.initializers.orthogonal(np.sqrt(2)), bias_init=nn.initializers.zeros,
            )(x)
            x = nn.relu(x)
        x = x.reshape((x.shape[0], -1))
        x = nn.relu(ppo._dense(512, np.sqrt(2))(x))
        logits = ppo._dense(self.action_dim, 0.01)(x)
        value = ppo._dense(1, 1.0)(x)[..., 0]
        logstd = jnp.zeros((self.action_dim,))  # discrete actions: unused
        return logits, logstd, value


def parse_args(argv=None):
    p = ppo.build_parser(__doc__.split("\n\n")[0], "Pong-v5", backends=("rlpool", "envpool"))
    p.set_defaults(total_timesteps=10_000_000, clip_coef=0.1)
    p.add_argument("--episodic-life", type=int, default=1, choices=(0, 1))
    p.add_argument("--reward-clip", type=int, default=1, choices=(0, 1))
    args = p.parse_args(argv)
    return ppo.resolve(p, args, PRESET)


def main(argv=None) -> dict:
    args = parse_args(argv)
    envs = ppo.PoolBackend(args, episodic_life=bool(args.episodic_life), reward_clip=bool(args.reward_clip))
    agent = NatureCNN(int(envs.single_action_space.n))
    return ppo.train(args, envs, agent, obs_dtype=np.uint8)


if __name__ == "__main__":
    main(sys.argv[1:])
