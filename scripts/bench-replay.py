#!/usr/bin/env python3
"""Times `lodestar replay --json CORPUS > /dev/null` beside gpsd's `gpsdecode < CORPUS > /dev/null`.

Usage: python3 scripts/bench-replay.py LODESTAR CORPUS [--runs N]

Both commands run N times (default 3), alternately, in this one run; the best wall-clock time of
each is reported with the ratio, and the peak resident memory of each child (ru_maxrss). Goals
(issue 3): replay at least 5x faster than gpsdecode, and under 30 MB peak for the whole corpus.
Python 3 standard library only.
"""

import argparse
import os
import resource
import subprocess
import sys
import time


def run(argv, stdin_path):
    """Runs argv once with stdout to /dev/null; returns (seconds, peak RSS in MiB)."""
    with open(stdin_path, "rb") as stdin, open(os.devnull, "wb") as devnull:
        start = time.perf_counter()
        proc = subprocess.Popen(argv, stdin=stdin, stdout=devnull, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit(f"bench-replay: {' '.join(argv)} exited with status {code}")
    return elapsed, usage.ru_maxrss / 1024.0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lodestar")
    parser.add_argument("corpus")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with open(args.corpus, "rb") as f:
        lines = sum(chunk.count(b"\n") for chunk in iter(lambda: f.read(1 << 20), b""))

    commands = {
        "lodestar replay --json": [args.lodestar, "replay", "--json", "-"],
        "gpsdecode": ["gpsdecode"],
    }
    best = {name: (float("inf"), 0.0) for name in commands}
    for _ in range(args.runs):
        for name, argv in commands.items():
            seconds, rss = run(argv, args.corpus)
            if seconds < best[name][0]:
                best[name] = (seconds, rss)

    print(f"corpus: {args.corpus}, {lines} lines; best of {args.runs} runs each, same run")
    for name, (seconds, rss) in best.items():
        print(f"  {name:<24} {seconds:8.3f} s  {lines / seconds / 1e6:6.2f} M lines/s  peak RSS {rss:6.1f} MiB")
    ratio = best["gpsdecode"][0] / best["lodestar replay --json"][0]
    print(f"  replay is {ratio:.1f}x faster than gpsdecode (goal >= 5x); "
          f"replay peak RSS {best['lodestar replay --json'][1]:.1f} MiB (goal < 30 MB)")


if __name__ == "__main__":
    main()
