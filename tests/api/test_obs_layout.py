"""rlpool.obs_layout on its own: the one definition of where each
observation field goes (a plain array, a key, a key of a Dict inside the
Dict) and of envpool's namedtuple names for the dm face. The faces built
from it are tested with a real nested task in tests/robotics/test_kitchen_faces.py."""

import pytest
from gymnasium import spaces
from rlpool import obs_layout
from rlpool.spaces import observation_space


def test_paths_follow_envpool_names():
    assert obs_layout.obs_paths(["obs:pixels"]) is None  # one field: a plain array, whatever its name
    assert obs_layout.obs_paths(["obs:pos", "obs:vel"]) == [("pos",), ("vel",)]
    assert obs_layout.obs_paths(["obs:observation", "obs:achieved_goal:kettle", "obs:desired_goal:top burner"]) == [
        ("observation",), ("achieved_goal", "kettle"), ("desired_goal", "top burner")]
    assert obs_layout.obs_path("obs") == ("obs",)


def test_nest_keeps_field_order_at_every_level():
    paths = obs_layout.obs_paths(["obs:o", "obs:a:z", "obs:a:b", "obs:d:z", "obs:a:c:deep"])
    tree = obs_layout.nest(paths, [0, 1, 2, 3, 4])
    assert tree == {"o": 0, "a": {"z": 1, "b": 2, "c": {"deep": 4}}, "d": {"z": 3}}
    assert list(tree) == ["o", "a", "d"] and list(tree["a"]) == ["z", "b", "c"]
    assert obs_layout.nest(None, ["only"]) == "only"


@pytest.mark.parametrize("names, message", [
    (["obs:a", "obs:a"], "name one key twice"),
    (["obs:a", "obs:a:b"], "both an array and a dict"),
])
def test_conflicting_names_are_refused(names, message):
    with pytest.raises(ValueError, match=message):
        obs_layout.obs_paths(names)


def test_namedtuple_names_are_envpools():
    """Non-word characters become '_' and a repeated name is numbered
    (envpool's to_namedtuple)."""
    tree = {"bottom burner": 1, "bottom_burner": 2, "bottom-burner": 3, "inner": {"a-b": 5}}
    made = obs_layout.namedtuple_maker(tree, "achieved goal")(tree)
    assert type(made).__name__ == "achieved_goal"
    assert made._fields == ("bottom_burner", "bottom_burner_1", "bottom_burner_2", "inner")
    assert made.bottom_burner_1 == 2 and made.inner.a_b == 5


@pytest.mark.parametrize("key", ["class", "1st", "_private", ""])
def test_keys_no_namedtuple_can_hold_are_refused(key):
    with pytest.raises(ValueError, match="cannot be a field"):
        obs_layout.namedtuple_maker({key: 1}, "achieved_goal")


def test_nested_space_is_a_dict_of_dicts():
    box = dict(dtype="float64", shape=(2,), low=[-1.0], high=[1.0], discrete=False)
    fields = [dict(box, name="obs:observation"), dict(box, name="obs:achieved_goal:b"),
              dict(box, name="obs:achieved_goal:a")]
    space = observation_space(fields)
    assert isinstance(space["achieved_goal"], spaces.Dict) and set(space["achieved_goal"].spaces) == {"a", "b"}
    assert space["achieved_goal"]["a"] == spaces.Box(-1.0, 1.0, (2,), "float64")
