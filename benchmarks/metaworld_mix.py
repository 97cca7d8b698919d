"""Meta-World: the cost of mixing tasks in one pool, and rlpool's MT10 against
Meta-World's own MT10 (gymnasium SyncVectorEnv). Prints JSON; the recorded
run is benchmarks/results/metaworld_mix.json (command, date, load there).

    flock /tmp/rlpool-bench.lock python benchmarks/metaworld_mix.py

Each single-task pool runs 10 envs of one MT10 task; the mixed pool 10 envs,
one of each. Were mixing free, the mixed pool's rate would be 10 / sum(1 /
single rate): the time of one step of each task.
"""
import time, warnings, json, os
warnings.filterwarnings("ignore")
import numpy as np, rlpool
from rlpool.tasks.metaworld import MT10, task_id

def rate(make, steps):
    env = make(); env.reset()
    a = np.random.default_rng(0).uniform(-1, 1, size=(10, 4)).astype(np.float32)
    for _ in range(5): env.step(a)
    t = time.perf_counter()
    for _ in range(steps): env.step(a)
    dt = time.perf_counter() - t
    env.close()
    return 10 * steps / dt

out = {"load_before": os.getloadavg()}
single = {n: rate(lambda n=n: rlpool.make(task_id(n), num_envs=10, seed=0), 100) for n in MT10}
mixed = rate(lambda: rlpool.make("MetaWorld/MT10-v3", num_envs=10, seed=0), 100)
expected = 10 / sum(1 / single[n] for n in MT10)  # 10 envs, one of each task, no mixing cost
from rlpool.bench.metaworld_reference import install_mujoco4_shim
install_mujoco4_shim()
import gymnasium as gym, metaworld
ref = gym.make_vec("Meta-World/MT10", vector_strategy="sync", seed=0)
ref.reset(); a = np.random.default_rng(0).uniform(-1, 1, size=(10, 4)).astype(np.float32)
t = time.perf_counter()
for _ in range(20): ref.step(a)
ref_rate = 200 / (time.perf_counter() - t)
out.update(single=single, mt10=mixed, mt10_expected_without_mixing_cost=expected, metaworld_sync_mt10=ref_rate,
           load_after=os.getloadavg(), cores=os.cpu_count())
print(json.dumps(out, indent=1))
