"""How long one MiniGrid-WFC map takes to make: rlpool (one env, one thread,
`reset()` after `reset()`, each a new map from the same generator) against
minigrid 3.2.0's WFCEnv (`reset()` likewise). Stepping a WFC level costs what
any MiniGrid level costs (`rlpool bench minigrid`); making its map is what
differs, and minigrid's takes up to seconds.

minigrid ships no WFC sample pictures, so, as tests/minigrid/test_wfc.py does,
rlpool's pictures are written to PNG files and minigrid's presets pointed at
them.

    python benchmarks/wfc_maps.py [--maps 40] [--reference-maps 4] [--output benchmarks/results/minigrid_wfc.md]
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import sys
import tempfile
import time

import numpy as np

import rlpool

PRESETS = ("MazeSimple", "DungeonMazeScaled", "RoomsFabric", "ObstaclesBlackdots", "ObstaclesAngular", "ObstaclesHogs3")


def rlpool_times(preset: str, maps: int) -> np.ndarray:
    env = rlpool.make(f"MiniGrid-WFC-{preset}-v0", num_envs=1, num_threads=1, seed=0)
    env.reset()  # the first map builds the preset's pattern catalog
    times = []
    for _ in range(maps):
        start = time.perf_counter()
        env.reset()
        times.append(time.perf_counter() - start)
    env.close()
    return np.array(times)


def minigrid_times(preset: str, maps: int, folder: str) -> np.ndarray:
    import gymnasium as gym
    import imageio.v2 as imageio
    from minigrid.envs.wfc.config import WFC_PRESETS

    from rlpool._minigrid import wfc_pattern

    config = WFC_PRESETS[preset]
    value = {"#": 0, ".": 255, "+": 254}
    path = os.path.join(folder, config.pattern_path.name)
    imageio.imwrite(path, np.array([[[value[c]] * 3 for c in row] for row in wfc_pattern(preset)], np.uint8))
    config.pattern_path = path
    env = gym.make(f"MiniGrid-WFC-{preset}-v0").unwrapped
    times = []
    for seed in range(maps):
        start = time.perf_counter()
        env.reset(seed=seed)
        times.append(time.perf_counter() - start)
    return np.array(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--maps", type=int, default=40, help="rlpool maps per preset")
    parser.add_argument("--reference-maps", type=int, default=4, help="minigrid maps per preset (0: skip)")
    parser.add_argument("--output", help="write the markdown table here too")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    lines = [
        "Command: `" + " ".join(["python benchmarks/wfc_maps.py", *sys.argv[1:]]) + "`",
        "",
        f"Date {datetime.datetime.now(datetime.timezone.utc).isoformat(timespec='seconds')} · "
        f"{os.cpu_count()} cores ({platform.machine()}) · python {platform.python_version()} · "
        f"load average {load:.1f} at the start.",
        "",
        "Milliseconds to make one map (one core; rlpool: one env, one thread):",
        "",
        f"| preset | rlpool median ({args.maps} maps) | rlpool max | minigrid 3.2.0 median "
        f"({args.reference_maps} maps) | ratio |",
        "|---|---:|---:|---:|---:|",
    ]
    with tempfile.TemporaryDirectory() as folder:
        for preset in PRESETS:
            ours = rlpool_times(preset, args.maps) * 1e3
            ref = minigrid_times(preset, args.reference_maps, folder) * 1e3 if args.reference_maps else None
            ref_cell = f"{np.median(ref):,.0f}" if ref is not None else "-"
            ratio = f"{np.median(ref) / np.median(ours):,.0f}x" if ref is not None else "-"
            lines.append(f"| {preset} | {np.median(ours):.1f} | {ours.max():.1f} | {ref_cell} | {ratio} |")
            print(lines[-1], flush=True)
    lines += ["", f"Load average {os.getloadavg()[0]:.1f} at the end."]
    text = "\n".join(lines) + "\n"
    print(text)
    if args.output:
        with open(args.output, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
