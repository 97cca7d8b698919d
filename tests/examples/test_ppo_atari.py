"""examples/ppo_atari.py: two updates end to end with tiny sizes, sync and
async, with envpool's Atari defaults (episodic life, reward clipping)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("jax", reason="examples need the examples extra: pip install '.[examples]'")

from ._load import learning_curve, load  # noqa: E402

ppo_atari = load("ppo_atari")


@pytest.mark.parametrize("extra", [[], ["--num-envs", "4", "--batch-size", "2"]])
@pytest.mark.slow
def test_two_updates_end_to_end(tmp_path, extra):
    csv = tmp_path / "pong.csv"
    args = ["--env-id", "Pong-v5", "--num-envs", "2", "--num-steps", "8", "--num-minibatches", "2",
            "--update-epochs", "1", "--max-updates", "2", "--csv", str(csv), "--quiet", *extra]
    result = ppo_atari.main(args)
    num_envs = 4 if extra else 2  # the later --num-envs wins
    assert result["iterations"] == 2 and result["global_step"] == 2 * 8 * num_envs
    assert learning_curve(csv)[0] == "global_step,episodic_return,episodic_length"


def test_atari_defaults_are_envpools():
    args = ppo_atari.parse_args(["--max-updates", "1"])
    assert (args.episodic_life, args.reward_clip, args.clip_coef, args.num_envs) == (1, 1, 0.1, 8)
    net = ppo_atari.NatureCNN(6)
    import jax
    import jax.numpy as jnp

    params = net.init(jax.random.PRNGKey(0), jnp.zeros((1, 4, 84, 84), np.uint8))
    logits, _, value = net.apply(params, jnp.zeros((3, 4, 84, 84), np.uint8))
    assert logits.shape == (3, 6) and value.shape == (3,)
