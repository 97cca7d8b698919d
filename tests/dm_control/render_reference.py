"""dm_control's own frames for tests/dm_control/test_render.py, drawn in a
process of their own: dm_control picks its GL backend once, when it is first
imported (MUJOCO_GL=egl here, whatever another test module imported before),
and this process can give quadruped-escape its rendering context back
(reference.py takes it away for the episodes of the other tests).

    python -m tests.dm_control.render_reference CASES.npz FRAMES.npz

CASES.npz holds `cases` (a JSON list: domain, task, seed, height, width,
camera_id, wrapper) and `actions_<i>` per case. For each case the episode is
reset and stepped with those actions; FRAMES.npz gets `frames_<i>`, one frame
after the reset and one after each step: physics.render(height, width,
camera_id), or with `wrapper` the observation of dm_control's pixels wrapper
(pixels_only, render_kwargs of the same size and camera).
"""

from __future__ import annotations

import json
import sys

import numpy as np


def main(cases_path: str, out_path: str) -> None:
    from dm_control.suite import quadruped
    from dm_control.suite.wrappers import pixels

    from .reference import load

    del quadruped.Physics.contexts  # escape re-uploads its terrain to the context, as dm_control does
    data = np.load(cases_path)
    out = {}
    for i, case in enumerate(json.loads(str(data["cases"]))):
        env = load(case["domain"], case["task"], case["seed"])
        size = {"height": case["height"], "width": case["width"], "camera_id": case["camera_id"]}
        if case["wrapper"]:
            env = pixels.Wrapper(env, pixels_only=True, render_kwargs=size)
            frames = [env.reset().observation["pixels"]]
            frames += [env.step(a).observation["pixels"] for a in data[f"actions_{i}"]]
        else:
            env.reset()
            frames = [env.physics.render(**size)]
            for a in data[f"actions_{i}"]:
                env.step(a)
                frames.append(env.physics.render(**size))
        out[f"frames_{i}"] = np.stack(frames)
    np.savez(out_path, **out)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
