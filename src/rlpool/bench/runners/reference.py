"""How to build the gymnasium reference env for an rlpool task so that it does
the same work: same id where gymnasium has it; for Atari the ALE env with
envpool's default preprocessing (frame skip 4 with max-pool, 30 no-ops,
84x84 grayscale, 4 stacked frames, no sticky actions)."""

from __future__ import annotations

import re
from typing import Any, Callable

from .base import Skip
from .python_envs import is_python_env, make_plain


def _family(task_id: str) -> str:
    from rlpool import registry

    try:
        return registry.get_task(task_id).family
    except ValueError:
        return ""


def _atari_wrappers() -> list[Callable[[Any], Any]]:
    from gymnasium.wrappers import AtariPreprocessing, FrameStackObservation

    return [
        lambda env: AtariPreprocessing(env, noop_max=30, frame_skip=4, screen_size=84, grayscale_obs=True),
        lambda env: FrameStackObservation(env, stack_size=4),
    ]


def gymnasium_recipe(task_id: str) -> tuple[str, dict[str, Any], list[Callable[[Any], Any]]]:
    """(gymnasium id, make kwargs, wrappers) of the reference env, or Skip."""
    import gymnasium

    if is_python_env(task_id):
        raise Skip(f"{task_id} is written in Python for rlpool; gymnasium has no registration of it")
    if _family(task_id) == "atari":
        try:
            import ale_py
        except ImportError:
            raise Skip("ale-py is not installed (the gymnasium Atari envs need it)") from None
        gymnasium.register_envs(ale_py)
        gym_id = "ALE/" + task_id
        if gym_id not in gymnasium.registry:
            raise Skip(f"gymnasium has no {gym_id}")
        return gym_id, {"frameskip": 1, "repeat_action_probability": 0.0}, _atari_wrappers()
    if _family(task_id) == "minigrid":
        try:
            import minigrid  # noqa: F401  (registers MiniGrid / BabyAI ids with gymnasium)
        except ImportError:
            raise Skip("minigrid is not installed (pip install minigrid==3.2.0)") from None
    if _family(task_id) == "vizdoom":
        return _vizdoom_recipe(task_id)
    if _family(task_id) == "robotics":
        try:
            from ..robotics_reference import install_mujoco4_shim, reference_id

            install_mujoco4_shim()
        except ImportError:
            raise Skip("gymnasium-robotics is not installed (pip install gymnasium-robotics==1.4.2)") from None
        task_id = reference_id(task_id)
    if _family(task_id) == "metaworld":
        return _metaworld_recipe(task_id)
    if task_id not in gymnasium.registry:
        raise Skip(f"gymnasium has no {task_id}")
    return task_id, {}, []


def _metaworld_recipe(task_id: str):
    """Meta-World's own single-task env (its "Meta-World/MT1" registration,
    500 steps), under the MuJoCo-4 shim; its multi-task pools have no
    single-env registration."""
    from rlpool import registry

    name = registry.get_task(task_id).defaults.get("task_name")
    if not name:
        raise Skip(f"Meta-World registers no single env for the multi-task pool {task_id}")
    try:
        from ..metaworld_reference import install_mujoco4_shim

        install_mujoco4_shim()
        import metaworld  # noqa: F401  (registers Meta-World/MT1 with gymnasium)
    except ImportError:
        raise Skip("metaworld is not installed (pip install metaworld==3.0.0)") from None
    return "Meta-World/MT1", {"env_name": name}, []


def _vizdoom_recipe(task_id: str):
    """Python's vizdoom.DoomGame with rlpool's default preprocessing, as a gymnasium env."""
    try:
        import vizdoom  # noqa: F401
    except ImportError:
        raise Skip("vizdoom is not installed") from None
    from rlpool import registry

    from ..vizdoom_reference import register

    defaults = registry.get_task(task_id).defaults
    if not defaults.get("cfg_path"):
        raise Skip(f"{task_id} has no scenario to compare")
    return register(task_id, defaults["cfg_path"], defaults["wad_path"], defaults["max_episode_steps"]), {}, []


def make_single(task_id: str):
    """One reference env, wrapped; Skip when its dependencies are missing."""
    import gymnasium

    if is_python_env(task_id):
        return make_plain(task_id)
    gym_id, kwargs, wrappers = gymnasium_recipe(task_id)
    env = None
    try:
        env = gymnasium.make(gym_id, **kwargs)
        for wrap in wrappers:
            env = wrap(env)
    except (ImportError, gymnasium.error.DependencyNotInstalled) as e:
        if env is not None:
            env.close()
        raise Skip(f"gymnasium {gym_id} needs a missing dependency: {e}") from None
    return env


def ale_game(task_id: str) -> str:
    """'SpaceInvaders-v5' -> 'space_invaders', the ROM name ale-py uses."""
    name = task_id.split("-")[0]
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def is_atari(task_id: str) -> bool:
    return _family(task_id) == "atari"
