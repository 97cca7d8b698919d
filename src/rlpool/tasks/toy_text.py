"""Toy text, aligned with gymnasium 1.x ``gymnasium.envs.toy_text`` (NChain and
Catch: as envpool 1.2.5 implements them).

FrozenLake's custom map ``desc`` is one string, rows separated by commas (or
whitespace): ``desc="SFFF,FHFH,FFFH,HFFG"``. Blackjack's observation is an int32
3-vector ``[player_sum, dealer_card, usable_ace]``. The tabular envs take a
test hook ``debug_start_state`` (-1: off).
"""

from ..registry import register

_REF = "gymnasium 1.x toy_text"
_ENVPOOL = "envpool 1.2.5 toy_text"

register("FrozenLake-v1", "toy_text", "FrozenLake", size=4, max_episode_steps=100, reward_threshold=0.70, reference=_REF)
register("FrozenLake8x8-v1", "toy_text", "FrozenLake", size=8, max_episode_steps=200, reward_threshold=0.85, reference=_REF)
# gymnasium 1.x names the same env Taxi-v4 (v3 plus fixed is_rainy / fickle_passenger options).
register("Taxi-v3", "toy_text", "Taxi", max_episode_steps=200, reward_threshold=8.0, reference=_REF)
register("Taxi-v4", "toy_text", "Taxi", max_episode_steps=200, reward_threshold=8.0, reference=_REF)
register("CliffWalking-v0", "toy_text", "CliffWalking", is_slippery=False, reference=_REF)
register("CliffWalking-v1", "toy_text", "CliffWalking", is_slippery=False, reference=_REF)
register("CliffWalkingSlippery-v1", "toy_text", "CliffWalking", is_slippery=True, reference=_REF)
register("Blackjack-v1", "toy_text", "Blackjack", sab=True, natural=False, reference=_REF)
register("NChain-v0", "toy_text", "NChain", max_episode_steps=1000, reference=_ENVPOOL)
register("Catch-v0", "toy_text", "Catch", height=10, width=5, reference=_ENVPOOL)

# envpool 1.2.5 registers gymnasium's tabular/* ids as aliases of its toy_text
# envs, and so does rlpool: they are NOT gymnasium's JAX tabular envs (whose
# spaces are Boxes and whose episodes have no time limit).
_ALIAS = "envpool 1.2.5 alias of {} (not gymnasium's JAX tabular env)"
register("tabular/CliffWalking-v0", "toy_text", "CliffWalking", is_slippery=False,
         reference=_ALIAS.format("CliffWalking-v1"))
register("tabular/Blackjack-v0", "toy_text", "Blackjack", sab=True, natural=False,
         reference=_ALIAS.format("Blackjack-v1"))
