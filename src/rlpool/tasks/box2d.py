"""Box2D, aligned with gymnasium 1.x ``gymnasium.envs.box2d`` (Box2D 2.3.0 physics)."""

from ..registry import register

_REF = "gymnasium 1.x box2d"

register("LunarLander-v3", "box2d", "LunarLander", max_episode_steps=1000, reward_threshold=200.0, reference=_REF)
register(
    "LunarLanderContinuous-v3",
    "box2d",
    "LunarLander",
    max_episode_steps=1000,
    reward_threshold=200.0,
    reference=_REF,
    continuous=True,
)
register("BipedalWalker-v3", "box2d", "BipedalWalker", max_episode_steps=1600, reward_threshold=300.0, reference=_REF)
register(
    "BipedalWalkerHardcore-v3",
    "box2d",
    "BipedalWalker",
    max_episode_steps=2000,
    reward_threshold=300.0,
    reference=_REF,
    hardcore=True,
)
register("CarRacing-v3", "box2d", "CarRacing", max_episode_steps=1000, reward_threshold=900.0, reference=_REF)

# envpool 1.x keeps the -v2 ids; gymnasium's v3 changes (wind reset, reward
# fixes) are already the behaviour above, so they alias the v3 envs.
register("LunarLander-v2", "box2d", "LunarLander", max_episode_steps=1000, reward_threshold=200.0, reference=_REF)
register(
    "LunarLanderContinuous-v2",
    "box2d",
    "LunarLander",
    max_episode_steps=1000,
    reward_threshold=200.0,
    reference=_REF,
    continuous=True,
)
register("CarRacing-v2", "box2d", "CarRacing", max_episode_steps=1000, reward_threshold=900.0, reference=_REF)
