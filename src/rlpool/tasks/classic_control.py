"""Classic control, aligned with gymnasium 1.x ``gymnasium.envs.classic_control``."""

from ..registry import register

_REF = "gymnasium 1.x classic_control"

register("CartPole-v0", "classic_control", "CartPole", max_episode_steps=200, reward_threshold=195.0, reference=_REF)
register("CartPole-v1", "classic_control", "CartPole", max_episode_steps=500, reward_threshold=475.0, reference=_REF)
register("Pendulum-v1", "classic_control", "Pendulum", max_episode_steps=200, reference=_REF)
register("MountainCar-v0", "classic_control", "MountainCar", max_episode_steps=200, reward_threshold=-110.0, reference=_REF)
register("MountainCarContinuous-v0", "classic_control", "MountainCarContinuous", max_episode_steps=999, reward_threshold=90.0, reference=_REF)
register("Acrobot-v1", "classic_control", "Acrobot", max_episode_steps=500, reward_threshold=-100.0, reference=_REF)
