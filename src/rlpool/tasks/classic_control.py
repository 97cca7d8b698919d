"""Classic control, aligned with gymnasium 1.x ``gymnasium.envs.classic_control``."""

from ..registry import register

_REF = "gymnasium 1.x classic_control"

register("CartPole-v0", "classic_control", "CartPole", max_episode_steps=200, reward_threshold=195.0, reference=_REF)
register("CartPole-v1", "classic_control", "CartPole", max_episode_steps=500, reward_threshold=475.0, reference=_REF)
register("Pendulum-v1", "classic_control", "Pendulum", max_episode_steps=200, reference=_REF)
register("MountainCar-v0", "classic_control", "MountainCar", max_episode_steps=200, reward_threshold=-110.0, reference=_REF)
register("MountainCarContinuous-v0", "classic_control", "MountainCarContinuous", max_episode_steps=999, reward_threshold=90.0, reference=_REF)
register("Acrobot-v1", "classic_control", "Acrobot", max_episode_steps=500, reward_threshold=-100.0, reference=_REF)

# envpool 1.x's other ids for these envs.
# Pendulum-v0: gymnasium's notes say v1 only "simplified the math equations, no
# difference in behavior" (envpool 1.2.5's v0 and v1 also step identically).
register("Pendulum-v0", "classic_control", "Pendulum", max_episode_steps=200,
         reference="gym Pendulum-v0 = Pendulum-v1 per gymnasium's version notes")
# phys2d/*: envpool 1.2.5 registers these as aliases of its classic envs, and
# so does rlpool: they are NOT gymnasium's JAX phys2d envs of the same name
# (whose CartPole uses polemass_length = masspole + length and Box spaces).
_ALIAS = "envpool 1.2.5 alias of {} (not gymnasium's JAX phys2d env)"
register("phys2d/CartPole-v0", "classic_control", "CartPole", max_episode_steps=200, reward_threshold=195.0,
         reference=_ALIAS.format("CartPole-v0"))
register("phys2d/CartPole-v1", "classic_control", "CartPole", max_episode_steps=500, reward_threshold=475.0,
         reference=_ALIAS.format("CartPole-v1"))
register("phys2d/Pendulum-v0", "classic_control", "Pendulum", max_episode_steps=200,
         reference=_ALIAS.format("Pendulum-v0"))
