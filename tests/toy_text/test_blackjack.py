"""Blackjack-v1 vs gymnasium 1.x's BlackjackEnv.

Replay: with ``debug_state=True`` rlpool reports both hands. We give
gymnasium the same hands and feed it, through a stub RNG, exactly the cards
rlpool drew; then observation, reward and terminated must be equal at every
step (rules: hit/bust, dealer hits below 17, natural / sab scoring).
Dealing: the initial-observation distribution is compared with the exact one
(infinite deck, 13 equally likely ranks), each cell within 5 binomial
standard deviations.
"""

import itertools

import numpy as np
import pytest
from gymnasium.envs.toy_text.blackjack import BlackjackEnv

import rlpool


class StubDeck:
    """Stands in for gymnasium's np_random: deals the given cards in order."""

    def __init__(self, cards):
        self.cards = list(cards)

    def choice(self, options):
        return self.cards.pop(0)


def hand(row):
    return [int(c) for c in row if c]


@pytest.mark.parametrize("kwargs", [{}, {"sab": False, "natural": True}, {"sab": False, "natural": False},
                                    {"sab": True, "natural": True}])
def test_replayed_hands_match_gymnasium(kwargs):
    n = 32
    env = rlpool.make("Blackjack-v1", num_envs=n, seed=9, debug_state=True, **kwargs)
    sab = kwargs.get("sab", True)
    refs = [BlackjackEnv(natural=kwargs.get("natural", False), sab=sab) for _ in range(n)]
    assert env.single_action_space == refs[0].action_space
    rng = np.random.default_rng(1)
    obs, info = env.reset()
    prev = [None] * n

    def start(i):
        refs[i].reset(seed=i)
        refs[i].player, refs[i].dealer = hand(info["player_hand"][i]), hand(info["dealer_hand"][i])
        assert tuple(obs[i]) == refs[i]._get_obs()
        prev[i] = (list(refs[i].player), list(refs[i].dealer))

    for i in range(n):
        start(i)
    ended = np.zeros(n, bool)
    rewards = set()
    for _ in range(300):
        # Hit more often with low sums so hands grow long.
        actions = (rng.random(n) < np.where(obs[:, 0] < 15, 0.8, 0.3)).astype(np.int32)
        obs, rew, term, trunc, info = env.step(actions)
        for i in range(n):
            if ended[i]:  # autoreset step
                start(i)
                continue
            player, dealer = hand(info["player_hand"][i]), hand(info["dealer_hand"][i])
            old_player, old_dealer = prev[i]
            assert player[: len(old_player)] == old_player and dealer[: len(old_dealer)] == old_dealer
            refs[i].np_random = StubDeck(player[len(old_player):] + dealer[len(old_dealer):])
            r_obs, r_rew, r_term, _, _ = refs[i].step(int(actions[i]))
            assert tuple(obs[i]) == r_obs and rew[i] == r_rew and term[i] == r_term, (i, player, dealer)
            assert not refs[i].np_random.cards  # gymnasium drew exactly the cards rlpool drew
            prev[i] = (player, dealer)
            rewards.add(float(r_rew))
        ended = term | trunc
    expected = {-1.0, 0.0, 1.0} | ({1.5} if kwargs.get("natural") and not sab else set())
    assert rewards == expected


def test_initial_deal_distribution():
    ranks = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]
    exact = {}
    for a, b, d in itertools.product(ranks, ranks, ranks):
        ace = 1 in (a, b) and a + b + 10 <= 21
        key = (a + b + 10 * ace, d, int(ace))
        exact[key] = exact.get(key, 0.0) + 1 / 13**3
    n = 100000
    env = rlpool.make("Blackjack-v1", num_envs=n, seed=2)
    obs, _ = env.reset()
    keys, counts = np.unique(obs, axis=0, return_counts=True)
    seen = {tuple(int(v) for v in k): c / n for k, c in zip(keys, counts)}
    assert set(seen) == set(exact)
    for key, p in exact.items():
        assert abs(seen[key] - p) <= 5 * np.sqrt(p * (1 - p) / n), key
    space = env.single_observation_space
    assert space.dtype == np.int32 and space.shape == (3,)
    assert list(space.low) == [0, 0, 0] and list(space.high) == [31, 10, 1]
