"""Meta-World 3.0.0 itself, the reference the metaworld tests align with,
under the MuJoCo-4 shim of rlpool.bench.metaworld_reference (its docstring
says what the shim changes and why: the weld rows of eq_data, nothing else)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("metaworld", reason="the metaworld alignment reference: pip install metaworld==3.0.0")

from rlpool.bench.metaworld_reference import install_mujoco4_shim  # noqa: E402

install_mujoco4_shim()

import metaworld  # noqa: E402
from metaworld.env_dict import ALL_V3_ENVIRONMENTS  # noqa: E402
from metaworld.policies import ENV_POLICY_MAP  # noqa: E402


def make_single(name: str, seed: int, partially_observable: bool = True):
    """A task drawing a new goal every reset from its np_random seeded with
    ``seed`` (Meta-World's seeded_rand_vec mode): what rlpool's single-task
    env with seed ``seed`` plays."""
    env = ALL_V3_ENVIRONMENTS[name]()
    env._partially_observable = partially_observable
    del env.sawyer_observation_space  # recomputed for the observability (as set_task does)
    env._freeze_rand_vec = False
    env.seeded_rand_vec = True
    env._set_task_called = True
    env.seed(seed)
    return env


class Actor:
    """Actions for both sides: Meta-World's scripted expert for the task
    (shown the goal, which the hidden-goal observation lacks), or with
    probability ``noise`` a uniform draw from 1.2x the Box (exercising the
    clip to [-1, 1]). The expert makes successes happen; the noise keeps
    the episodes off its one path."""

    def __init__(self, name: str, seed: int, noise: float = 0.3):
        self.policy = ENV_POLICY_MAP[name]()
        self.rng = np.random.default_rng(seed)
        self.noise = noise

    def __call__(self, ref) -> np.ndarray:
        if self.rng.uniform() < self.noise:
            return self.rng.uniform(-1.2, 1.2, size=4).astype(np.float32)
        obs = np.concatenate([ref._prev_obs, ref._prev_obs, ref._target_pos])
        return np.asarray(self.policy.get_action(obs), dtype=np.float32)


__all__ = ["ALL_V3_ENVIRONMENTS", "Actor", "make_single", "metaworld"]
