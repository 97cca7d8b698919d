"""JaxMARL's MPE for the MPE tasks: the same scenario and number of envs,
`vmap`ped and jitted on the CPU (JAX's own threads), stepped in `lax.scan`
chunks over the point's action batches. Its episodes are not rlpool's
(JaxMARL draws from JAX's generator); this is a speed peer only. JaxMARL
resets an env inside `step` when its episode ends."""

from __future__ import annotations

import numpy as np

from .base import Runner, Skip
from .reference import _family

# rlpool task id -> JaxMARL's id, where their agents and actions were checked
# to agree (3 agents, Discrete(5) each); the other scenarios are not mapped.
JAXMARL_IDS = {"simple_spread_v3": "MPE_simple_spread_v3"}


class JaxMarlVmap(Runner):
    library = "jaxmarl"
    mode = "sync"

    def open(self, actions: np.ndarray) -> None:
        try:
            import jax
            import jaxmarl
        except ImportError:
            raise Skip("jaxmarl is not installed (pip install jaxmarl==0.2.0; its gymnax pins gymnasium < 1.4)") from None
        if self.point.options or self.point.task not in JAXMARL_IDS:
            raise Skip(f"no JaxMARL twin of {self.point.task} with options {dict(self.point.options)}")
        env = jaxmarl.make(JAXMARL_IDS[self.point.task])
        n = self.num_envs
        if actions.ndim != 3:
            raise Skip("JaxMARL is compared on discrete actions only")
        acts = jax.numpy.asarray(actions)  # (chunk, envs, players)
        self.chunk = acts.shape[0]
        agents = env.agents

        def one(state, xs):
            key, a = xs
            keys = jax.random.split(key, n)
            _, state, reward, _, _ = jax.vmap(env.step)(keys, state, {ag: a[:, i] for i, ag in enumerate(agents)})
            return state, reward[agents[0]].sum()

        @jax.jit
        def run_chunk(state, key):
            keys = jax.random.split(key, self.chunk)
            state, r = jax.lax.scan(one, state, (keys, acts))
            return state, r.sum()

        _, self.state = jax.vmap(env.reset)(jax.random.split(jax.random.PRNGKey(0), n))
        self.key = jax.random.PRNGKey(1)
        self.run_chunk = run_chunk
        self.jax = jax
        state, total = run_chunk(self.state, self.key)  # compile, untimed
        jax.block_until_ready(total)
        self.state = state

    def run(self, iterations: int) -> int:
        chunks = max(1, -(-iterations // self.chunk))
        total = None
        for i in range(chunks):
            self.state, total = self.run_chunk(self.state, self.jax.random.fold_in(self.key, i))
        self.jax.block_until_ready(total)
        return chunks * self.chunk * self.batch_size

    def close(self) -> None:
        self.state = None


def runners(point):
    if _family(point.task) == "mpe":
        yield JaxMarlVmap(point, point.batch_size)
