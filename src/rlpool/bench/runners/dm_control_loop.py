"""The DeepMind Control Suite's two reference rows: dm_control itself stepped
in a Python for-loop (its per-core rate, under the library name
"python-loop" so the report treats it as the loop row), and the bare-physics
ceiling: one core's rate of bare ``mj_step`` calls on the task's model, at the
task's control timestep (frame_skip mj_steps per env step) with the bench's
kind of random actions, restarting every 1000 steps with the physics steps
the task's reset runs (cheetah's 200 settling steps, 0.2 of an episode's
physics), with no observation, reward, random draw or Python in the loop. One loop per core runs at once (as the bare row's), each
stepping as many physics round-robin as one thread of the sync pool owns
(batch_size / cores), so that the caches hold what they hold there.
"""

from __future__ import annotations

import numpy as np

from .bare import at_once, envs_per_core
from .base import Runner, Skip, as_batches


def _task(task_id: str):
    from rlpool import registry

    try:
        task = registry.get_task(task_id)
    except ValueError:
        return None
    return task if task.family == "dm_control" else None


def is_dm_control(task_id: str) -> bool:
    return _task(task_id) is not None


def _load_suite():
    """dm_control's suite, made importable on MuJoCo 4 (dm_control 1.0.50
    indexes 9 flex fields that MuJoCo 4.0.0 removed; dropping them from its
    size table is enough for the suite, which never reads them)."""
    try:
        import mujoco
        from dm_control.mujoco.wrapper.mjbindings import sizes
    except ImportError:
        raise Skip("dm-control is not installed (pip install 'rlpool[test]')") from None
    model = mujoco.MjModel.from_xml_string("<mujoco/>")
    data = mujoco.MjData(model)
    for struct, obj in (("mjmodel", model), ("mjdata", data)):
        for field in list(sizes.array_sizes[struct]):
            if not hasattr(obj, field):
                del sizes.array_sizes[struct][field]
    from dm_control import suite
    from dm_control.suite import quadruped

    # quadruped-escape re-uploads its terrain to a rendering context, and
    # asking for one creates it (OpenGL); the episode does not need it.
    quadruped.Physics.contexts = property(lambda self: None)
    return suite


def _domain_and_task(task_id: str) -> tuple[str, str]:
    from rlpool.tasks.dm_control import DOMAINS, task_id as id_of

    for domain, _, tasks in DOMAINS:
        for task in tasks:
            if id_of(domain, task) == task_id:
                return domain, task
    raise Skip(f"{task_id} is not a dm_control suite task")


class DmControlLoop(Runner):
    library = "python-loop"
    mode = "loop"

    def open(self, actions: np.ndarray) -> None:
        suite = _load_suite()
        domain, task = _domain_and_task(self.point.task)
        self.env = suite.load(domain, task, task_kwargs={"random": 0})
        flat = actions.reshape((-1,) + actions.shape[2:])
        self.actions = as_batches(flat, np.float64)
        self.env.reset()

    def run(self, iterations: int) -> int:
        env = self.env
        step, reset = env.step, env.reset
        for a in self._cycle(iterations):
            if step(a).last():
                reset()
        return iterations


class BarePhysics(Runner):
    library = "bare-physics"
    mode = "loop"

    def open(self, actions: np.ndarray) -> None:
        from rlpool import make_spec

        from ..native import lab_module

        try:
            lab = lab_module("dm_control")
        except ImportError as e:
            raise Skip(str(e)) from None

        spec = make_spec(self.point.task)
        self.frame_skip = spec.config.frame_skip
        self.envs = envs_per_core(self.point.batch_size, self.point.cores)
        task = _task(self.point.task)
        self.xml_path = f"{task.defaults['base_path']}/{_domain_and_task(self.point.task)[0]}.xml"
        # Physics steps the task runs at each reset (cheetah settles for 200):
        # the env does them, so the ceiling does too.
        self.reset_steps = getattr(spec._task.env_class(), "reset_physics_steps", 0)
        # One loop per core, built here, untimed, and run at once (bare.py says why).
        self.loops = [lab.bare_physics(self.xml_path, self.envs, self.frame_skip, self.reset_steps)
                      for _ in range(self.point.cores)]
        self.loops_at_once = len(self.loops)

    def run(self, iterations: int) -> int:
        self.own_seconds = at_once([lambda loop=loop: loop.run(iterations) for loop in self.loops])
        return iterations

    def close(self) -> None:
        self.loops = []


def runners(point):
    if is_dm_control(point.task):
        yield DmControlLoop(point, 1)
        yield BarePhysics(point, 1)
