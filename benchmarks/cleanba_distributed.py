"""One process against two: examples/cleanba_ppo.py's SPS, time per update and
the all-reduce's share of an update, on this machine (two processes on 127.0.0.1).

    python benchmarks/cleanba_distributed.py                       # CartPole, 8 envs per process
    python benchmarks/cleanba_distributed.py --env-id Breakout-v5 --local-num-envs 16 --num-steps 32

Weak scaling: every process has the same layout, so two processes step twice the
envs per update. The first --warmup updates (compilation) are left out. The
all-reduce is timed after training, on a gradient-sized tree, and its share is
(seconds per all-reduce x all-reduces per update) / learner seconds per update.
Writes a JSON (--out) and prints a Markdown table.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import pathlib
import platform
import random
import socket
import subprocess
import sys
import tempfile

SCRIPT = pathlib.Path(__file__).resolve().parents[1] / "examples" / "cleanba_ppo.py"


def free_port() -> int:
    for _ in range(200):
        port = random.randint(20000, 60000)
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError("no free port")


def launch(args, num_processes: int, tmp: pathlib.Path) -> list[dict]:
    common = ["--env-id", args.env_id, "--local-num-envs", str(args.local_num_envs), "--num-steps",
              str(args.num_steps), "--max-updates", str(args.updates), "--total-timesteps", str(10**9),
              "--measure-allreduce", str(args.allreduce_repeats), "--quiet"]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SLURM_", "JAX_"))}
    port = free_port()
    procs = []
    for i in range(num_processes):
        extra = ["--coordinator-address", f"127.0.0.1:{port}", "--num-processes", str(num_processes),
                 "--process-id", str(i)] if num_processes > 1 else []
        out = tmp / f"n{num_processes}_p{i}.json"
        cmd = [sys.executable, str(SCRIPT), *common, *extra, "--csv", str(tmp / f"n{num_processes}.csv"),
               "--timings-json", str(out)]
        procs.append((subprocess.Popen(cmd, env=env), out))
    results = []
    for proc, out in procs:
        if proc.wait(timeout=args.timeout) != 0:
            raise SystemExit(f"a trainer exited {proc.returncode}")
        results.append(json.loads(out.read_text()))
    return results


def summarise(results: list[dict], warmup: int) -> dict:
    r = results[0]  # process 0; the others wait for the same all-reduces
    steady = r["timings"][warmup:]
    if not steady:
        raise SystemExit(f"--updates must exceed --warmup={warmup}")
    per_update = sum(t["wait"] + t["learn"] for t in steady) / len(steady)
    learn = sum(t["learn"] for t in steady) / len(steady)
    rows = r["global_step"] / r["updates"]
    return dict(
        processes=r["process_count"], env_steps_per_update=rows, seconds_per_update=per_update,
        sps=rows / per_update, learner_seconds_per_update=learn, allreduce_seconds=r["allreduce_s"],
        allreduces_per_update=r["allreduces_per_update"],
        allreduce_share_of_learn=r["allreduce_s"] * r["allreduces_per_update"] / learn,
    )


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--env-id", default="CartPole-v1")
    p.add_argument("--local-num-envs", type=int, default=8)
    p.add_argument("--num-steps", type=int, default=128)
    p.add_argument("--updates", type=int, default=12)
    p.add_argument("--warmup", type=int, default=2, help="updates left out (compilation)")
    p.add_argument("--allreduce-repeats", type=int, default=50)
    p.add_argument("--processes", default="1,2", help="process counts to run, in order")
    p.add_argument("--timeout", type=int, default=1800)
    p.add_argument("--out", default="benchmarks/results/cleanba_distributed.json")
    args = p.parse_args(argv)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in (int(x) for x in args.processes.split(",")):
            rows.append(summarise(launch(args, n, pathlib.Path(tmp)), args.warmup))
    report = dict(
        date=datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        host=platform.node(), cores=os.cpu_count(), load_average=os.getloadavg(),
        command=" ".join([os.path.basename(sys.executable), *sys.argv]), options=vars(args), rows=rows,
    )
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w") as f:
        json.dump(report, f, indent=1)
    print(f"{report['date']}, {report['cores']} cores, load {report['load_average']}")
    print("| processes | env steps / update | s / update | SPS | learner s / update | all-reduce s | share of learner |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['processes']} | {r['env_steps_per_update']:.0f} | {r['seconds_per_update']:.3f} | {r['sps']:.0f} "
              f"| {r['learner_seconds_per_update']:.4f} | {r['allreduce_seconds'] * 1e3:.2f} ms x "
              f"{r['allreduces_per_update']} | {r['allreduce_share_of_learn']:.1%} |")


if __name__ == "__main__":
    main(sys.argv[1:])
