"""The examples run: the CartPole one trains to the solved threshold (seeded,
so deterministic), the maze one's main loop finishes."""

from .conftest import load_example


def test_cartpole_example_trains(cartpole_id):
    example = load_example("python_env_cartpole")
    assert example.same_as_cpp(cartpole_id, steps=300)
    assert example.train(cartpole_id, generations=15) >= 475.0


def test_maze_example_main_runs(maze_id, capsys, monkeypatch):
    example = load_example("python_env_maze")
    monkeypatch.setattr(example, "register", lambda: maze_id)
    example.main()
    assert "2000 episodes" in capsys.readouterr().out
