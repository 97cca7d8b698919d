"""examples/cleanba_ppo.py over jax.distributed, two processes on localhost:
the paper's reproducibility claim made bitwise (two processes of one device,
one process of two devices and one device with two gradient shards train the
same parameters), the same seed twice,
a killed process, a run that never fills, and a faked SLURM launch.

Each test starts real processes (jax.distributed on CPU, gloo all-reduce) with
free ports and a timeout; none of them may hang the suite."""

from __future__ import annotations

import pathlib
import signal
import time

import pytest

pytest.importorskip("jax", reason="examples need the test extra (jax, flax, optax)")
pytest.importorskip("flax")
pytest.importorskip("optax")

from .launch import Proc, clean_env, curve, free_port, load_params, run_all, same_bits  # noqa: E402

# 3 updates of CartPole-v1: 2 x 4 envs x 16 steps per update, 4 minibatches x 4 epochs.
TINY = ["--env-id", "CartPole-v1", "--num-steps", "16", "--local-num-envs", "4", "--max-updates", "3"]
TIMEOUT = 240  # seconds for a whole launch; the loaded 2-core dev box needs ~3 min for three processes
EXIT_PEER_LOST, EXIT_JOIN_FAILED = 17, 18


def _two_processes(tmp, name, extra=(), env=None, seed="1", script="cleanba_ppo"):
    port = free_port()
    procs = []
    for i in range(2):
        args = [*TINY, "--seed", seed, "--coordinator-address", f"127.0.0.1:{port}", "--num-processes", "2",
                "--process-id", str(i), "--heartbeat-timeout", "10", "--initialization-timeout", "120",
                "--csv", str(tmp / f"{name}.csv"), "--save-params", str(tmp / f"{name}{i}.npz"), *extra]
        procs.append(Proc(script, args, tmp, f"{name}{i}", env or clean_env()))
    return procs


def _one_process_two_devices(tmp, name, seed="1"):
    args = [*TINY, "--seed", seed, "--num-actor-threads", "2", "--learner-device-ids", "0,1",
            "--csv", str(tmp / f"{name}.csv"), "--save-params", str(tmp / f"{name}.npz"), "--quiet"]
    return Proc("cleanba_ppo", args, tmp, name, clean_env(XLA_FLAGS="--xla_force_host_platform_device_count=2"))


def _one_device_two_shards(tmp, name):
    """Twice the local envs of one process of the two-process layout, on one
    device that splits them into the same two gradient shards."""
    args = [*TINY, "--seed", "1", "--num-actor-threads", "2", "--grad-shards-per-device", "2",
            "--csv", str(tmp / f"{name}.csv"), "--save-params", str(tmp / f"{name}.npz"), "--quiet"]
    return Proc("cleanba_ppo", args, tmp, name, clean_env())


@pytest.fixture(scope="module")
def layouts(tmp_path_factory):
    """The same seed and global batch (8 envs) on three layouts, run side by side."""
    tmp = tmp_path_factory.mktemp("cleanba")
    procs = _two_processes(tmp, "multi") + [_one_process_two_devices(tmp, "single"),
                                            _one_device_two_shards(tmp, "sharded")]
    run_all(procs, TIMEOUT)
    return tmp


@pytest.mark.slow
def test_two_processes_train_the_bits_of_one_process_with_two_devices(layouts):
    p0, p1 = load_params(layouts / "multi0.npz"), load_params(layouts / "multi1.npz")
    single = load_params(layouts / "single.npz")
    assert same_bits(p0, p1)  # the all-reduce kept the replicas equal
    assert same_bits(p0, single)


@pytest.mark.slow
def test_one_device_with_two_gradient_shards_trains_the_same_bits(layouts):
    # Fails if a device's gradient is summed over the devices twice (shard_map's
    # autodiff psums the gradient of replicated parameters by itself): the
    # two-device layouts would then step with a + b, this one with (a + b) / 2.
    assert same_bits(load_params(layouts / "sharded.npz"), load_params(layouts / "multi0.npz"))


@pytest.mark.slow
def test_logged_returns_are_the_same_in_all_layouts(layouts):
    multi = curve(layouts / "multi.process0.csv", layouts / "multi.process1.csv")
    single = curve(layouts / "single.csv")
    assert len(single) >= 4  # episodes ended and were logged
    assert multi == single
    assert curve(layouts / "sharded.csv") == single


@pytest.mark.slow
def test_same_seed_twice_gives_the_same_parameters(layouts, tmp_path):
    # The fixture already ran seed 1 four times (three layouts): their equality
    # above is this check too, so only the other seed costs a run here.
    first = load_params(layouts / "single.npz")
    assert same_bits(load_params(layouts / "sharded.npz"), first)
    other = _one_process_two_devices(tmp_path, "other", seed="2")
    run_all([other], TIMEOUT)
    assert not same_bits(load_params(tmp_path / "other.npz"), first)  # and the seed matters


@pytest.mark.slow
def test_a_killed_process_stops_the_other_with_an_error_naming_it(tmp_path):
    # Enough updates that process 0 is still training when process 1 dies.
    p0, p1 = _two_processes(tmp_path, "kill", extra=["--max-updates", "1000", "--total-timesteps", "10000000"])
    try:
        p1.wait_for_output("update=1 ", TIMEOUT)
        p1.popen.send_signal(signal.SIGKILL)
        killed = time.time()
        code = p0.wait(60)  # heartbeat timeout 10 s, plus slack for a loaded machine
        err = p0.stderr()
        assert code == EXIT_PEER_LOST, f"exit status {code}; stderr:\n{err[-3000:]}"
        assert "cleanba: process 0: process(es) [1] died" in err
        assert time.time() - killed < 60
    finally:
        p0.kill()
        p1.kill()


@pytest.mark.slow
def test_a_raising_process_leaves_at_once_and_the_other_stops_naming_it(tmp_path):
    script = str(pathlib.Path(__file__).parent / "raise_in_process_1.py")
    p0, p1 = _two_processes(tmp_path, "raise", extra=["--max-updates", "1000", "--total-timesteps", "10000000"],
                            script=script)
    try:
        code1 = p1.wait(TIMEOUT)
        left = time.time()
        assert code1 == 1, p1.stderr()[-3000:]
        assert "injected failure in process 1" in p1.stderr()
        assert "cleanba: process 1 failed; leaving the run now" in p1.stderr()
        code0 = p0.wait(60)
        assert code0 == EXIT_PEER_LOST, p0.stderr()[-3000:]
        assert "cleanba: process 0: process(es) [1] died" in p0.stderr()
        assert time.time() - left < 60
    finally:
        p0.kill()
        p1.kill()


@pytest.mark.slow
def test_a_run_that_never_fills_gives_a_clear_error_within_the_timeout(tmp_path):
    port = free_port()
    args = [*TINY, "--coordinator-address", f"127.0.0.1:{port}", "--num-processes", "2", "--process-id", "0",
            "--initialization-timeout", "3", "--quiet"]
    proc = Proc("cleanba_ppo", args, tmp_path, "alone", clean_env())
    code = proc.wait(90)
    assert code == EXIT_JOIN_FAILED, proc.stderr()[-3000:]
    assert f"could not join the distributed run at 127.0.0.1:{port} as process 0 of 2" in proc.stderr()


@pytest.mark.slow
def test_a_wrong_coordinator_address_gives_a_clear_error_within_the_timeout(tmp_path):
    port = free_port()  # nothing listens there
    args = [*TINY, "--coordinator-address", f"127.0.0.1:{port}", "--num-processes", "2", "--process-id", "1",
            "--initialization-timeout", "3", "--quiet"]
    proc = Proc("cleanba_ppo", args, tmp_path, "lost", clean_env())
    code = proc.wait(90)
    assert code == EXIT_JOIN_FAILED, proc.stderr()[-3000:]
    assert "could not join the distributed run" in proc.stderr()


@pytest.mark.slow
def test_a_faked_slurm_launch_starts_two_processes_that_train_together(layouts, tmp_path):
    """As Cleanba's README fakes a two-task SLURM step on one machine: jax.distributed
    reads SLURM_* and takes the coordinator port from the job id."""
    port = free_port(61440, 65535)  # jax's SLURM port: 61440 + job_id % 4096
    procs = []
    for i in range(2):
        env = clean_env(SLURM_JOB_ID=str(port - 61440), SLURM_STEP_NODELIST="127.0.0.1", SLURM_NTASKS="2",
                        SLURM_PROCID=str(i), SLURM_LOCALID=str(i), SLURM_STEP_NUM_NODES="1")
        args = [*TINY, "--csv", str(tmp_path / "slurm.csv"), "--save-params", str(tmp_path / f"slurm{i}.npz"),
                "--initialization-timeout", "120", "--heartbeat-timeout", "10", "--quiet"]
        procs.append(Proc("cleanba_ppo", args, tmp_path, f"slurm{i}", env))
    run_all(procs, TIMEOUT)
    # They found each other: a lone process would train on 4 envs, not 8, and
    # end elsewhere. Together they match the command-line two-process run.
    assert same_bits(load_params(tmp_path / "slurm0.npz"), load_params(layouts / "multi0.npz"))
    assert same_bits(load_params(tmp_path / "slurm1.npz"), load_params(layouts / "multi0.npz"))
