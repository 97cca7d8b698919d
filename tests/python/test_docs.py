"""The "Without C++" section of docs/adding-an-environment.md runs as written."""

import pathlib
import re

import numpy as np

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "adding-an-environment.md"


def test_without_cpp_section_runs():
    text = DOC.read_text()
    section = text[text.index("## Without C++") :]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert len(blocks) == 2
    namespace: dict = {}
    for block in blocks:
        exec(compile(block, str(DOC), "exec"), namespace)
    env = namespace["env"]
    # A continuous toy: Box action, structured state, an info field, a step drawing noise.
    assert env.action_space.shape == (2,) and env.action_space.dtype == np.float32
    # Episodes end near step 45 (the controller brings the mass within 0.05 of the origin), so a batch
    # may hold envs in their reset step: reward 0, the new start's distance. Which envs those are
    # depends on the order the threads finished in, not on the seed.
    stepped = 0
    for _ in range(20):
        obs, reward, terminated, truncated, info = env.recv()
        distance = np.sqrt(obs[:, 0].astype(np.float64) ** 2 + obs[:, 1].astype(np.float64) ** 2)
        np.testing.assert_allclose(info["distance"], distance, rtol=1e-6)
        started = info["elapsed_step"] == 0
        np.testing.assert_array_equal(reward[started], 0.0)
        np.testing.assert_allclose(reward[~started], -info["distance"][~started], rtol=1e-6)
        stepped += int((~started).sum())
        env.send(-obs[:, :2] - obs[:, 2:], info["env_id"])
    assert stepped > 0
