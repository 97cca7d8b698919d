"""Options and registration follow gymnasium's constructors and registry."""

import importlib
import inspect

import gymnasium
import numpy as np
import pytest
import rlpool

from .reference import TASKS

# Rendering arguments: rlpool takes envpool's render_* make() options instead.
RENDER_ONLY = {"default_camera_config", "render_mode", "width", "height", "camera_id", "camera_name",
               "max_geom", "visual_options"}


def gymnasium_class(task_id):
    module, cls = gymnasium.spec(task_id).entry_point.split(":")
    return getattr(importlib.import_module(module), cls)


def same(a, b) -> bool:
    # gymnasium's tuples are lists here; its int weights (e.g. 1) are floats.
    if isinstance(b, (tuple, list)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b if isinstance(b, (bool, str)) else a == b


@pytest.mark.parametrize("task_id", TASKS)
def test_every_constructor_option_with_its_default(task_id):
    config = rlpool.make_spec(task_id).config._asdict()
    params = inspect.signature(gymnasium_class(task_id).__init__).parameters
    for name, p in params.items():
        if name == "self" or p.kind in (p.VAR_KEYWORD, p.VAR_POSITIONAL) or name in RENDER_ONLY:
            continue
        assert name in config, f"{task_id}: gymnasium option {name!r} missing"
        assert same(config[name], p.default), f"{task_id}: {name} default {config[name]!r} vs {p.default!r}"


@pytest.mark.parametrize("task_id", TASKS)
def test_registration_matches_gymnasium(task_id):
    spec = rlpool.make_spec(task_id)
    ref = gymnasium.spec(task_id)
    assert spec.config.max_episode_steps == ref.max_episode_steps
    assert spec.reward_threshold == ref.reward_threshold


def test_unknown_option_is_a_type_error():
    with pytest.raises(TypeError, match="use_contact_forces"):
        rlpool.make("Ant-v5", use_contact_forces=True)  # a v4-only option


def test_missing_model_file_says_so():
    # a bare name: the bundled names that exist are listed
    with pytest.raises(ValueError, match="not a bundled MuJoCo model; the names that exist are"):
        rlpool.make("HalfCheetah-v5", xml_file="no_such_model.xml")
    # a path: the native loader names the missing file
    with pytest.raises(ValueError, match="does not exist"):
        rlpool.make("HalfCheetah-v5", xml_file="/no/such/model.xml")


def test_bad_range_says_so():
    with pytest.raises(ValueError, match="healthy_z_range must be a pair"):
        rlpool.make("Hopper-v5", healthy_z_range=(0.7,))
