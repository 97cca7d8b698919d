"""Where each observation field sits in an observation: the one definition,
read by every path that builds observations or describes them: the numpy
results (csrc/bind/bind_result.h calls :func:`obs_paths` once per pool), the
JAX results (``xla.py``), the gymnasium spaces (``spaces.py``) and the dm_env
face and specs (``faces.py``, ``envs.py``).

A field's name is its place, in envpool's spelling: ``obs`` or
``obs:<key>``, and ``obs:<key>:<subkey>...`` for a Dict inside the Dict
(gymnasium-robotics' FrankaKitchen: ``obs:achieved_goal:kettle`` is
``obs["achieved_goal"]["kettle"]``, as envpool's gymnasium face nests the same
names). One field is a plain array, whatever its name. The dm_env face turns
each nested dict into a namedtuple whose fields are the keys with every
non-word character made ``_`` (``bottom burner`` -> ``bottom_burner``, a
repeated name numbered ``_1``, ``_2``), envpool's ``to_namedtuple``.
"""

from __future__ import annotations

import collections
import keyword
import re
from typing import Any, Callable, Sequence


def obs_path(name: str) -> tuple[str, ...]:
    """'obs' -> ('obs',); 'obs:pos' -> ('pos',); 'obs:a:b' -> ('a', 'b')."""
    parts = name.split(":")
    return tuple(parts[1:]) if len(parts) > 1 else (name,)


def obs_paths(names: Sequence[str]) -> list[tuple[str, ...]] | None:
    """Each field's key path, or None when the one field is a plain array.
    A path may not be another's prefix (a key holding both an array and a
    dict) nor repeat one."""
    if len(names) == 1:
        return None
    paths = [obs_path(n) for n in names]
    seen = set(paths)
    if len(seen) != len(paths):
        raise ValueError(f"observation fields {list(names)} name one key twice")
    for path in paths:
        for cut in range(1, len(path)):
            if path[:cut] in seen:
                raise ValueError(f"observation key {':'.join(path[:cut])!r} is both an array and a dict of "
                                 f"{':'.join(path)!r}; give the array another name")
    return paths


def nest(paths: Sequence[tuple[str, ...]] | None, values: Sequence[Any]) -> Any:
    """The observation from its fields' values, in field order: the one value
    when ``paths`` is None, else nested dicts in field order."""
    if paths is None:
        return values[0]
    root: dict[str, Any] = {}
    for path, value in zip(paths, values):
        node = root
        for key in path[:-1]:
            node = node.setdefault(key, {})
        node[path[-1]] = value
    return root


def map_dicts(tree: Any, fn: Callable[[dict[str, Any]], Any]) -> Any:
    """``tree`` with each dict replaced by ``fn`` of it, innermost first."""
    if not isinstance(tree, dict):
        return tree
    return fn({k: map_dicts(v, fn) for k, v in tree.items()})


def _identifier(key: str) -> str:
    """envpool's field name for a key: non-word characters become '_'. A key
    that still makes no namedtuple field (empty, a leading digit or '_', a
    keyword) is refused: envpool's leading '_' makes a name namedtuple refuses."""
    name = re.sub(r"\W", "_", key)
    if not name or name[0].isdigit() or name[0] == "_" or keyword.iskeyword(name):
        raise ValueError(f"observation key {key!r} cannot be a field of the dm face's namedtuple; start it with a "
                         "letter and make it no Python keyword")
    return name


def namedtuple_maker(tree: dict[str, Any], typename: str) -> Callable[[dict[str, Any]], tuple]:
    """A function turning a dict shaped like ``tree`` (nested dicts included)
    into envpool's nested namedtuples; the classes are made once, here."""
    fields: list[str] = []
    used: dict[str, int] = {}
    for key in tree:
        name = _identifier(key)
        if name in used:  # two keys made the same name: envpool numbers the later ones a_1, a_2, ...
            used[name] += 1
            name = f"{name}_{used[name]}"
        else:
            used[name] = 0
        fields.append(name)
    cls = collections.namedtuple(re.sub(r"\W", "_", typename), fields)
    inner = {k: namedtuple_maker(v, k) for k, v in tree.items() if isinstance(v, dict)}
    keys = list(tree)

    def make(value: dict[str, Any]) -> tuple:
        return cls(*[inner[k](value[k]) if k in inner else value[k] for k in keys])

    return make
