"""What examples/cleanba_ppo.py and examples/cleanba_impala.py share: joining
the jax.distributed run, the device layout (actor devices, learner devices, the
global learner mesh, which envs each actor thread owns), the size-one queues
between actor threads and the learner, the per-process episode CSV, and
turning a lost peer process into a clear exit instead of a hang.

See docs/distributed.md for how to launch, and what is and is not reproducible.
"""

from __future__ import annotations

import argparse
import atexit
import csv
import os
import queue
import sys
import threading
import time
from dataclasses import dataclass


def _single_threaded_xla() -> None:
    """One XLA thread keeps float reductions in one order (bit-identical runs)
    and leaves the cores to the env workers. Appended, not set, so a caller's
    --xla_force_host_platform_device_count survives."""
    flags = os.environ.get("XLA_FLAGS", "")
    for flag in ("--xla_cpu_multi_thread_eigen=false", "intra_op_parallelism_threads=1"):
        if flag.split("=")[0] not in flags:
            flags = f"{flags} {flag}".strip()
    os.environ["XLA_FLAGS"] = flags


_single_threaded_xla()

import jax  # noqa: E402
import numpy as np  # noqa: E402
from jax.sharding import Mesh, NamedSharding, PartitionSpec  # noqa: E402

# The exit status of a process whose peer died (documented in docs/distributed.md).
EXIT_PEER_LOST = 17
# The exit status of a process that could not join the run in time.
EXIT_JOIN_FAILED = 18

_SLURM_VARIABLES = ("SLURM_JOB_ID", "SLURM_STEP_NODELIST", "SLURM_NTASKS", "SLURM_PROCID", "SLURM_LOCALID")


def _env_int(name: str):
    value = os.environ.get(name)
    return int(value) if value not in (None, "") else None


def _device_ids(text: str) -> list[int]:
    try:
        ids = [int(x) for x in text.split(",") if x.strip() != ""]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected comma-separated device indices such as 0 or 0,1, got {text!r}")
    if not ids or len(set(ids)) != len(ids) or min(ids) < 0:
        raise argparse.ArgumentTypeError(f"expected distinct non-negative device indices, got {text!r}")
    return ids


def add_distributed_args(p: argparse.ArgumentParser) -> None:
    """The layout and jax.distributed options both trainers take."""
    g = p.add_argument_group("layout and jax.distributed")
    g.add_argument("--local-num-envs", type=int, default=8, help="envs in each actor thread's pool")
    g.add_argument("--num-actor-threads", type=int, default=1, help="actor threads per actor device")
    g.add_argument("--actor-device-ids", type=_device_ids, default=[0], help="local devices the actors act on")
    g.add_argument("--learner-device-ids", type=_device_ids, default=[0], help="local devices the learner trains on")
    g.add_argument("--grad-shards-per-device", type=int, default=1,
                   help="each learner device splits its rows into this many shards and sums their gradients "
                        "in order: 1 device x 2 shards trains as 2 devices x 1 shard, bit for bit")
    g.add_argument("--coordinator-address", default=os.environ.get("JAX_COORDINATOR_ADDRESS"),
                   help="host:port of process 0's coordinator (env JAX_COORDINATOR_ADDRESS); "
                        "none and no SLURM job = a plain single-process run")
    g.add_argument("--num-processes", type=int, default=_env_int("JAX_NUM_PROCESSES"),
                   help="processes in the run (env JAX_NUM_PROCESSES)")
    g.add_argument("--process-id", type=int, default=_env_int("JAX_PROCESS_ID"),
                   help="this process's index, 0..num_processes-1 (env JAX_PROCESS_ID)")
    g.add_argument("--initialization-timeout", type=int, default=300,
                   help="seconds to wait for every process to join before giving up")
    g.add_argument("--heartbeat-timeout", type=int, default=60,
                   help="seconds without a heartbeat after which jax.distributed declares a process dead")
    g.add_argument("--shutdown-timeout", type=int, default=60,
                   help="seconds a finished process waits for the others at the exit barrier")


def check_distributed_args(p: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    if args.local_num_envs < 1 or args.num_actor_threads < 1 or args.grad_shards_per_device < 1:
        p.error("--local-num-envs, --num-actor-threads and --grad-shards-per-device must be >= 1")
    if args.coordinator_address is not None:
        if args.num_processes is None or args.process_id is None:
            p.error("--coordinator-address needs --num-processes and --process-id (or JAX_NUM_PROCESSES / JAX_PROCESS_ID)")
        if args.num_processes < 1 or not 0 <= args.process_id < args.num_processes:
            p.error(f"--process-id must be in 0..{args.num_processes - 1} with --num-processes={args.num_processes}, "
                    f"got {args.process_id}")
        if ":" not in args.coordinator_address:
            p.error(f"--coordinator-address must be host:port, got {args.coordinator_address!r}")
    elif args.num_processes not in (None, 1):
        p.error(f"--num-processes={args.num_processes} needs --coordinator-address (or a SLURM job)")


def join(args: argparse.Namespace) -> None:
    """Joins the jax.distributed run the options (or SLURM's variables) describe;
    does nothing for a plain single-process run. Must run before any JAX computation."""
    slurm = all(v in os.environ for v in _SLURM_VARIABLES)
    if args.coordinator_address is None and not slurm:
        return
    # CPU devices of different processes all-reduce over gloo (TCP); the
    # default CPU client has no cross-process collectives at all.
    jax.config.update("jax_cpu_collectives_implementation", "gloo")
    # Without recoverability the coordination service, on finding a process
    # dead, aborts every other process from C++ (SIGABRT) at the same moment
    # the live-process query in report_lost_peer returns; that race decided
    # whether a survivor named the dead process. With it, a dead task is only
    # recorded, and Cleanba's own exit path (EXIT_PEER_LOST) always runs. It
    # also drops the service's exit barrier, so leave_together puts it back.
    jax.config.update("jax_enable_recoverability", True)
    options = dict(
        local_device_ids=sorted(set(args.learner_device_ids) | set(args.actor_device_ids)),
        initialization_timeout=args.initialization_timeout,
        heartbeat_timeout_seconds=args.heartbeat_timeout,
        shutdown_timeout_seconds=args.shutdown_timeout,
    )
    if args.coordinator_address is not None:
        options.update(coordinator_address=args.coordinator_address, num_processes=args.num_processes,
                       process_id=args.process_id)
        where = f"{args.coordinator_address} as process {args.process_id} of {args.num_processes}"
    else:  # jax.distributed reads SLURM_* itself (coordinator = the step's first node)
        where = f"the SLURM job {os.environ['SLURM_JOB_ID']} as task {os.environ['SLURM_PROCID']}"
    advice = (f"could not join the distributed run at {where} within --initialization-timeout="
              f"{args.initialization_timeout} s. Check that process 0 runs, that its address and port are reachable "
              "from here, and that every process got the same --num-processes")

    def give_up() -> None:
        print(f"cleanba: {advice} (exit status {EXIT_JOIN_FAILED}).", file=sys.stderr, flush=True)
        os._exit(EXIT_JOIN_FAILED)

    # jax.distributed aborts the process from C++ (SIGABRT, "DEADLINE_EXCEEDED
    # ... RegisterTask") when its own deadline passes; this watchdog fires first
    # and says what went wrong in the user's terms.
    options["initialization_timeout"] = args.initialization_timeout + 30
    watchdog = threading.Timer(args.initialization_timeout, give_up)
    watchdog.daemon = True
    watchdog.start()
    try:
        jax.distributed.initialize(**options)
    except Exception as error:  # jax raises several types; all mean the same to the user
        raise SystemExit(f"cleanba: {advice}: {error}") from None
    finally:
        watchdog.cancel()
    # Registered after jax's own clean-up (at import), so it runs before it.
    atexit.register(leave_together, args.shutdown_timeout)


def leave_together(timeout_s: int) -> None:
    """A normal exit waits for every process: process 0 holds the
    coordination service, so it leaves last, once the others have
    disconnected from it. Failing processes leave with os._exit and never
    reach this."""
    from jax._src.distributed import global_state  # the client's barrier is not public

    client, me, n = global_state.client, global_state.process_id, global_state.num_processes
    if client is None:  # the program shut jax.distributed down itself
        return
    try:
        client.wait_at_barrier("cleanba_exit", timeout_s * 1000)
        if me != 0:
            jax.distributed.shutdown()
            return
        # Returns once every other process has disconnected (or died).
        client.get_live_nodes(list(range(n)))
    except Exception as error:
        print(f"cleanba: not every process reached the end within --shutdown-timeout={timeout_s} s "
              f"({str(error).splitlines()[0]}); leaving anyway.", file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------- layout
@dataclass
class Layout:
    """Who does what. Env g (global index) is seeded seed + g, whatever the layout."""

    process_index: int
    process_count: int
    actor_devices: list
    learner_devices: list  # this process's
    mesh: Mesh  # every process's learner devices, axis "d"
    local_num_envs: int  # per actor thread
    num_actors: int  # actor threads in this process
    shards_per_device: int

    @property
    def process_num_envs(self) -> int:
        return self.num_actors * self.local_num_envs

    @property
    def global_num_envs(self) -> int:
        return self.process_count * self.process_num_envs

    @property
    def global_shards(self) -> int:
        return self.mesh.devices.size * self.shards_per_device

    @property
    def envs_per_shard(self) -> int:
        return self.process_num_envs // (len(self.learner_devices) * self.shards_per_device)

    def first_env(self, actor_index: int) -> int:
        return self.process_index * self.process_num_envs + actor_index * self.local_num_envs

    def actor_device(self, actor_index: int):
        return self.actor_devices[actor_index // (self.num_actors // len(self.actor_devices))]


def make_layout(p: argparse.ArgumentParser, args: argparse.Namespace) -> Layout:
    local = jax.local_devices()
    for name in ("learner_device_ids", "actor_device_ids"):
        bad = [i for i in getattr(args, name) if i >= len(local)]
        if bad:
            p.error(f"--{name.replace('_', '-')} {bad} out of range: this process has {len(local)} local device(s) "
                    "(on CPU, XLA_FLAGS=--xla_force_host_platform_device_count=N makes N)")
    # Learner devices of every process, process by process, so shard d of the
    # global batch always holds the same envs.
    by_process: dict[int, list] = {}
    for device in jax.devices():
        by_process.setdefault(device.process_index, []).append(device)
    learners = [by_process[i][j] for i in sorted(by_process) for j in args.learner_device_ids]
    layout = Layout(
        process_index=jax.process_index(), process_count=jax.process_count(),
        actor_devices=[local[i] for i in args.actor_device_ids],
        learner_devices=[local[i] for i in args.learner_device_ids],
        mesh=Mesh(np.array(learners), ("d",)),
        local_num_envs=args.local_num_envs,
        num_actors=args.num_actor_threads * len(args.actor_device_ids),
        shards_per_device=args.grad_shards_per_device,
    )
    split = len(layout.learner_devices) * layout.shards_per_device
    if layout.process_num_envs % split:
        p.error(f"this process's {layout.process_num_envs} envs (actor threads x --local-num-envs) must divide "
                f"into {split} learner shards (--learner-device-ids x --grad-shards-per-device)")
    return layout


def to_global(layout: Layout, local_blocks):
    """This process's rows, leading axis = its learner devices, as one global
    array sharded over every process's learner devices."""
    sharding = NamedSharding(layout.mesh, PartitionSpec("d"))

    def one(x):
        x = np.asarray(x)
        shape = (layout.mesh.devices.size,) + x.shape[1:]
        return jax.make_array_from_process_local_data(sharding, x, shape)

    return jax.tree_util.tree_map(one, local_blocks)


def replicate(layout: Layout, tree):
    """The same host value on every process, as a global array copied to every learner device."""
    sharding = NamedSharding(layout.mesh, PartitionSpec())

    def one(x):
        x = np.asarray(x)
        return jax.make_array_from_callback(x.shape, sharding, lambda index: x[index])

    return jax.tree_util.tree_map(one, tree)


def to_host(tree):
    """A replicated global array's value, read from this process's own copy."""
    return jax.tree_util.tree_map(lambda x: np.asarray(x.addressable_data(0)), tree)


def split_rows(layout: Layout, per_actor):
    """Rollouts of this process's actor threads, each leaf [num_steps, local_num_envs, ...],
    as learner blocks [learner devices, shards per device, num_steps * envs_per_shard, ...]:
    shard s holds envs [s*E, (s+1)*E) of the process in (step, env) order."""
    devices, shards, e = len(layout.learner_devices), layout.shards_per_device, layout.envs_per_shard

    def one(*leaves):
        x = np.concatenate(leaves, axis=1)  # [steps, process envs, ...]
        steps = x.shape[0]
        x = x.reshape((steps, devices * shards, e) + x.shape[2:])
        x = np.moveaxis(x, 1, 0)
        return np.ascontiguousarray(x).reshape((devices, shards, steps * e) + x.shape[3:])

    return jax.tree_util.tree_map(one, *per_actor)


# ---------------------------------------------------------------------------- actor threads
class Actors:
    """Actor threads, each with its own params and rollout queues of size one.
    A failing thread stops the run; the learner sees its exception."""

    def __init__(self, num_actors: int):
        self.params = [queue.Queue(maxsize=1) for _ in range(num_actors)]
        self.rollouts = [queue.Queue(maxsize=1) for _ in range(num_actors)]
        self.stop = threading.Event()
        self.errors: list[tuple[int, BaseException]] = []
        self.threads: list[threading.Thread] = []

    def start(self, body) -> None:
        """Runs body(actor_index, actors) on one daemon thread per actor."""
        for i in range(len(self.params)):
            t = threading.Thread(target=self._run, args=(body, i), name=f"actor-{i}", daemon=True)
            t.start()
            self.threads.append(t)

    def _run(self, body, index: int) -> None:
        try:
            body(index, self)
        except _Stopped:
            pass
        except BaseException as error:  # reported to the learner, which raises it
            self.errors.append((index, error))
            self.stop.set()

    def get(self, q: queue.Queue):
        """q's next item; raises if an actor failed or the run is stopping."""
        while True:
            self._raise_actor_error()
            if self.stop.is_set():
                raise _Stopped()
            try:
                return q.get(timeout=0.2)
            except queue.Empty:
                continue

    def put(self, q: queue.Queue, item) -> None:
        while True:
            self._raise_actor_error()
            if self.stop.is_set():
                raise _Stopped()
            try:
                return q.put(item, timeout=0.2)
            except queue.Full:
                continue

    def _raise_actor_error(self) -> None:
        if self.errors and threading.current_thread() not in self.threads:
            index, error = self.errors[0]
            raise RuntimeError(f"cleanba: actor thread {index} failed: {error!r}") from error

    def close(self) -> None:
        self.stop.set()
        for t in self.threads:
            t.join(timeout=30)


class _Stopped(Exception):
    """The run is stopping: an actor thread leaves quietly."""


# ---------------------------------------------------------------------------- faults
def across_processes(layout: Layout, fn, *args):
    """Runs fn (which all-reduces over every process) and waits for it. If a
    peer process died, names it and exits with EXIT_PEER_LOST; without this
    the survivor would only learn of it from jax.distributed's abort."""
    try:
        return jax.block_until_ready(fn(*args))
    except Exception as error:
        if layout.process_count == 1:
            raise
        report_lost_peer(layout, error)


def report_lost_peer(layout: Layout, error: BaseException) -> None:
    me, n = layout.process_index, layout.process_count
    first = str(error).splitlines()[0] if str(error) else repr(error)
    print(f"cleanba: process {me}: the all-reduce with the other processes failed ({first}). "
          f"Asking jax.distributed which process is gone (up to --heartbeat-timeout)...", file=sys.stderr, flush=True)
    try:
        from jax._src.distributed import global_state  # the only way to ask for live processes

        live = set(global_state.client.get_live_nodes(list(range(n))))
        gone = sorted(set(range(n)) - live)
        who = f"process(es) {gone} died" if gone else "every process still answers; the all-reduce failed for another reason"
    except Exception as query_error:  # the coordinator (process 0) itself may be the one gone
        who = f"the coordinator (process 0) is unreachable ({str(query_error).splitlines()[0]})"
    print(f"cleanba: process {me}: {who}; stopping this process too (exit status {EXIT_PEER_LOST}).",
          file=sys.stderr, flush=True)
    # os._exit: a normal exit would wait --shutdown-timeout at leave_together's
    # exit barrier for the dead process.
    os._exit(EXIT_PEER_LOST)


def exit_now_if_distributed(layout: Layout, error: BaseException) -> None:
    """Called with the exception that ends a process's training. In a
    distributed run, exits at once instead of raising: a normal exit waits up
    to --shutdown-timeout at leave_together's exit barrier while the others
    block in an all-reduce this process will never join; gone, it breaks their
    all-reduce and they stop with EXIT_PEER_LOST naming it."""
    if layout.process_count == 1 or isinstance(error, SystemExit) and error.code == 0:
        return
    import traceback

    traceback.print_exception(error, file=sys.stderr)
    print(f"cleanba: process {layout.process_index} failed; leaving the run now so the others stop too "
          "(exit status 1).", file=sys.stderr, flush=True)
    os._exit(1)


# ---------------------------------------------------------------------------- episodes
class EpisodeTracker:
    """Raw returns and lengths of one actor's envs; reports each episode as it
    ends. Next-step autoreset: the row after an end is the reset and counts for nothing."""

    def __init__(self, num_envs: int, first_env: int):
        self.ret = np.zeros(num_envs, np.float64)
        self.len = np.zeros(num_envs, np.int64)
        self.first_env = first_env

    def step(self, ids, score, game_over, after_end, step_index: int, out: list) -> None:
        """ids: the actor's local env ids of these rows; episodes that end go to
        out as (step_index, global env id, return, length)."""
        real = ~after_end
        self.ret[ids] += np.where(real, score, 0.0)
        self.len[ids] += real
        for e in ids[game_over]:
            out.append((step_index, self.first_env + int(e), float(self.ret[e]), int(self.len[e])))
        self.ret[ids[game_over]] = 0.0
        self.len[ids[game_over]] = 0


class EpisodeCSV:
    """examples/ppo.py's CSV (global_step, episodic_return, episodic_length,
    wall_time, SPS), one file per process for that process's envs. Rows of one
    update are written in (step, env) order, so the first three columns are a
    function of the seed and the global batch only."""

    def __init__(self, path: str, layout: Layout):
        if layout.process_count > 1:
            stem, ext = os.path.splitext(path)
            path = f"{stem}.process{layout.process_index}{ext or '.csv'}"
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        self.path = path
        self.file = open(path, "w", newline="")
        self.writer = csv.writer(self.file)
        self.writer.writerow(["global_step", "episodic_return", "episodic_length", "wall_time", "SPS"])
        self.start = time.time()
        self.recent: list[float] = []

    def write(self, episodes, global_step_of) -> None:
        """episodes: (step_index, env, return, length); global_step_of(step_index)
        says which global step a row gets."""
        wall = time.time() - self.start
        for step_index, _env, ret, length in sorted(episodes):
            global_step = global_step_of(step_index)
            sps = int(global_step / max(wall, 1e-9))
            self.writer.writerow([global_step, repr(ret), length, f"{wall:.3f}", sps])
            self.recent = (self.recent + [ret])[-100:]
        self.file.flush()

    def average(self) -> float:
        return float(np.mean(self.recent)) if self.recent else float("nan")

    def close(self) -> None:
        self.file.close()


def time_allreduce(layout: Layout, params, repeats: int) -> float:
    """Seconds one all-reduce of a gradient-sized tree takes over every learner
    device of every process (mean of repeats, after one warm-up call)."""
    def total(g):  # each device's copy counts as its own gradient, as in the learners
        return jax.tree_util.tree_map(lambda x: jax.lax.psum(jax.lax.pcast(x, "d", to="varying"), "d"), g)

    psum = jax.jit(jax.shard_map(total, mesh=layout.mesh, in_specs=PartitionSpec(), out_specs=PartitionSpec()))
    grads = replicate(layout, params)
    across_processes(layout, psum, grads)
    start = time.perf_counter()
    for _ in range(repeats):
        across_processes(layout, psum, grads)
    return (time.perf_counter() - start) / repeats


def save_params(path: str, params) -> None:
    """Every leaf of the parameter tree, in tree order, for bitwise comparison."""
    leaves = jax.tree_util.tree_leaves(params)
    np.savez(path, *[np.asarray(x) for x in leaves])


def print_update(args: argparse.Namespace, layout: Layout, k: int, rows_per_update: int, log, timings) -> None:
    """The learner's progress line after update k, unless --quiet."""
    if not args.quiet:
        print(f"update={k} global_step={k * rows_per_update} process={layout.process_index} "
              f"avg_return={log.average():.1f} learn_s={timings[-1]['learn']:.3f}", flush=True)


def finish(args: argparse.Namespace, layout: Layout, params, log, timings, num_updates: int,
           rows_per_update: int) -> dict:
    """The end of a run both learners share: the parameters saved if
    --save-params asks, and the run's summary."""
    if args.save_params:
        save_params(args.save_params, to_host(params))
    return dict(updates=num_updates, global_step=num_updates * rows_per_update, csv=log.path,
                process_index=layout.process_index, process_count=layout.process_count,
                average_return=log.average(), timings=timings)
