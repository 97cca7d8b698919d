"""MPE frames vs mpe2 1.1.1's own ``render()`` in rgb_array mode, same seed, same actions.

Both sides step side by side from ``reset(seed=s)`` across an episode end
(``reset()`` without a seed continues the generator on both), and every
frame is compared.

Tolerance: none outside mpe2's text. Every pixel equals mpe2's except those
inside the boxes where mpe2 writes the agents' messages ("alice_0 sends C")
with FreeType and its own font file, which rlpool does not draw. Those boxes
are exactly the rects mpe2's ``game_font.render_to`` returns for the frame: a
recording wrapper around mpe2's real font (it still draws) collects them, and
only their pixels are left out. Silent scenarios have no text, so their frames
are compared whole.
"""

import importlib

import gymnasium
import numpy as np
import pytest

import rlpool

SEED = 5
STEPS = 14  # with max_cycles=8: a whole episode, its end, and the next one's start
CASES = [
    ("simple_v3", {}),
    ("simple_adversary_v3", {"N": 3}),
    ("simple_crypto_v3", {}),
    ("simple_crypto_v3", {"continuous_actions": True}),
    ("simple_push_v3", {}),
    ("simple_reference_v3", {}),
    ("simple_reference_v3", {"continuous_actions": True}),
    ("simple_speaker_listener_v4", {}),
    ("simple_spread_v3", {"N": 4}),
    ("simple_spread_v3", {"dynamic_rescaling": False}),
    ("simple_tag_v3", {"num_obstacles": 3}),
    ("simple_world_comm_v3", {}),
    ("simple_world_comm_v3", {"continuous_actions": True}),
]


class _TextBoxes:
    """mpe2's font, drawing as before, remembering where it drew."""

    def __init__(self, font):
        self.font = font
        self.rects = []

    def render_to(self, *args, **kwargs):
        rect = self.font.render_to(*args, **kwargs)
        self.rects.append(rect)
        return rect


def reference(task_id: str, options: dict):
    env = importlib.import_module(f"mpe2.{task_id}").parallel_env(render_mode="rgb_array", **options)
    boxes = _TextBoxes(env.unwrapped.game_font)
    env.unwrapped.game_font = boxes
    return env, boxes


def assert_frame(ref, boxes: _TextBoxes, frame: np.ndarray, where: str) -> None:
    boxes.rects.clear()
    want = ref.render()
    assert frame.shape == want.shape == (700, 700, 3) and frame.dtype == np.uint8
    outside_text = np.ones(want.shape[:2], bool)
    for r in boxes.rects:
        outside_text[max(r.top, 0) : r.bottom, max(r.left, 0) : r.right] = False
    assert outside_text.mean() > 0.9, f"{where}: the text boxes cover {1 - outside_text.mean():.1%} of the frame"
    bad = np.any(frame != want, axis=2) & outside_text
    if bad.any():
        y, x = np.argwhere(bad)[0]
        raise AssertionError(f"{where}: {bad.sum()} pixels differ from mpe2's, first at (y={y}, x={x}): "
                             f"{frame[y, x]} vs {want[y, x]}")


@pytest.mark.parametrize("task_id,options", CASES, ids=lambda v: str(v) if v else "defaults")
def test_frames_equal_mpe2(task_id, options):
    options = dict(options, max_cycles=8)
    ref, boxes = reference(task_id, options)
    env = rlpool.make_pettingzoo(task_id, render_mode="rgb_array", **options)
    ref.reset(seed=SEED)
    env.reset(seed=SEED)
    rng = np.random.default_rng(0)
    assert_frame(ref, boxes, env.render(), "after reset")
    for t in range(STEPS):
        if not ref.agents:
            ref.reset()
            env.reset()
        actions = {}
        for agent in ref.agents:
            space = ref.action_space(agent)
            actions[agent] = int(rng.integers(space.n)) if hasattr(space, "n") else rng.random(space.shape, np.float32)
        ref.step(actions)
        env.step(actions)
        assert_frame(ref, boxes, env.render(), f"step {t}")
    ref.close()
    env.close()


def test_every_face_renders_the_reference_frames():
    """The pool's render(env_ids) (env i seeded seed + i, after reset and
    steps), the vectorised PettingZoo face and gymnasium.make's env show
    mpe2's frames."""
    task = "simple_tag_v3"
    refs = [reference(task, {}) for _ in range(3)]
    agents = refs[0][0].possible_agents

    def reset_refs():
        for i, (ref, _) in enumerate(refs):
            ref.reset(seed=SEED + i)

    reset_refs()
    pool = rlpool.make(task, num_envs=3, seed=SEED, render_mode="rgb_array", render_env_id=1)
    pool.reset()
    first = pool.render(env_ids=[0, 1, 2])
    assert first.shape == (3, 700, 700, 3)
    for i, (ref, boxes) in enumerate(refs):
        assert_frame(ref, boxes, first[i], f"pool env {i}")
    assert np.array_equal(pool.render()[0], first[1])  # render_env_id
    rng = np.random.default_rng(1)
    for t in range(4):  # envpool's flat player rows, env-major
        actions = rng.integers(0, 5, size=3 * len(agents))
        pool.step(actions)
        frames = pool.render(env_ids=[0, 1, 2])
        for i, (ref, boxes) in enumerate(refs):
            ref.step({a: int(actions[i * len(agents) + k]) for k, a in enumerate(agents)})
            assert_frame(ref, boxes, frames[i], f"pool env {i}, step {t}")
    pool.close()

    vec = rlpool.make_pettingzoo(task, num_envs=3, seed=SEED, render_mode="rgb_array")
    assert vec.metadata["render_modes"] == ["rgb_array"]
    vec.reset()
    assert np.array_equal(vec.render(), first)
    vec.close()

    reset_refs()
    one = gymnasium.make(f"rlpool/{task}", render_mode="rgb_array")
    one.reset(seed=SEED)
    assert_frame(*refs[0], one.render(), "gymnasium.make")
    one.close()
    for ref, _ in refs:
        ref.close()


def test_render_bad_input():
    with pytest.raises(ValueError, match="700x700"):
        rlpool.make("simple_v3", render_mode="rgb_array", render_width=64)
    with pytest.raises(ValueError, match="render_mode must be None or 'rgb_array'"):
        rlpool.make_pettingzoo("simple_spread_v3", render_mode="human")
    env = rlpool.make_pettingzoo("simple_spread_v3")
    env.reset(seed=0)
    with pytest.raises(RuntimeError, match="render_mode='rgb_array'"):
        env.render()
    env.close()
