"""dm_control 1.0.50, the reference, made importable on MuJoCo 4.0.0.

dm_control 1.0.50 indexes 9 flex fields of mjModel / mjData that MuJoCo 4.0.0
removed (its named-index tables list every array field); building those
indexers raises AttributeError. Dropping the fields the installed mujoco
does not have from dm_control's size table fixes it; the suite never reads
them. Applied once, when this module is imported.
"""

from __future__ import annotations

import mujoco
from dm_control.mujoco.wrapper.mjbindings import sizes  # noqa: E402


def _drop_fields_mujoco_removed() -> list[str]:
    model = mujoco.MjModel.from_xml_string("<mujoco/>")
    data = mujoco.MjData(model)
    dropped = []
    for struct, obj in (("mjmodel", model), ("mjdata", data)):
        for field in list(sizes.array_sizes[struct]):
            if not hasattr(obj, field):
                del sizes.array_sizes[struct][field]
                dropped.append(field)
    return dropped


DROPPED_FIELDS = _drop_fields_mujoco_removed()

from dm_control import suite  # noqa: E402
from dm_control.suite import quadruped  # noqa: E402

# quadruped-escape re-uploads its new terrain to the rendering context, and
# asking for `physics.contexts` creates one, which needs OpenGL (absent on a
# headless test machine). Rendering is no part of the episode: without a
# context the upload is skipped, as dm_control itself does when none exists.
quadruped.Physics.contexts = property(lambda self: None)


def load(domain: str, task: str, seed: int, **task_kwargs):
    """suite.load with task.random = RandomState(seed), as rlpool seeds env i with seed + i."""
    return suite.load(domain, task, task_kwargs={"random": seed, **task_kwargs})


def obs_keys(dm_pool) -> list[str]:
    """The observation keys of an rlpool dm-face pool, in order: the fields of
    its observation spec (envpool's State) before the engine's env_id."""
    fields = list(dm_pool.observation_spec()._fields)
    return fields[: fields.index("env_id")]
