"""examples/cleanba_ppo.py refuses a bad layout or launch before it starts
anything, with a message that says what was wrong and what would be right."""

from __future__ import annotations

import pytest

pytest.importorskip("jax", reason="examples need the test extra (jax, flax, optax)")
pytest.importorskip("flax")
pytest.importorskip("optax")

from ..examples._load import load  # noqa: E402

cleanba_ppo = load("cleanba_ppo")


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--coordinator-address", "127.0.0.1:1234"], "needs --num-processes and --process-id"),
        (["--coordinator-address", "127.0.0.1:1234", "--num-processes", "2", "--process-id", "2"],
         "--process-id must be in 0..1"),
        (["--coordinator-address", "localhost", "--num-processes", "2", "--process-id", "0"], "must be host:port"),
        (["--num-processes", "2"], "needs --coordinator-address"),
        (["--learner-device-ids", "0,x"], "comma-separated device indices"),
        (["--actor-device-ids", "0,0"], "distinct non-negative device indices"),
        (["--local-num-envs", "0"], "must be >= 1"),
        (["--num-minibatches", "0"], "must be >= 1"),
        (["--learner-device-ids", "7"], "out of range: this process has"),
        (["--local-num-envs", "3", "--grad-shards-per-device", "2"], "must divide into 2 learner shards"),
        (["--local-num-envs", "4", "--num-steps", "3", "--num-minibatches", "5"], "must divide into --num-minibatches"),
        (["--total-timesteps", "10"], "less than one update"),
    ],
)
def test_bad_options_exit_with_a_message(argv, message, capsys, tmp_path):
    with pytest.raises(SystemExit) as exit_info:
        cleanba_ppo.main([*argv, "--csv", str(tmp_path / "x.csv"), "--quiet"])
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err
