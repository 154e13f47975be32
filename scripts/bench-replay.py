#!/usr/bin/env python3
"""Times every output mode of `lodestar replay` beside gpsd's `gpsdecode`, on one corpus, in one run.

Usage: python3 scripts/bench-replay.py LODESTAR CORPUS [--runs N] [--repeat-stdin K]

Each command reads CORPUS on standard input and writes to /dev/null; the commands run N times
(default 3), in turn, in this one run, and the best wall-clock time of each is kept with the peak
resident memory of that child (ru_maxrss). One table: seconds, lines/s, × gpsdecode, peak RSS.

Goals (issue 22): `replay --json` at least 15 × gpsdecode; text, --gpx, --csv and --fusion --json
at least 5 ×; peak RSS under 30 MB for every mode. With --repeat-stdin K (default 10, 0 to skip),
`replay --json` then reads K copies of the corpus through a pipe (10 M lines for the 1 M corpus):
its peak RSS must equal the single corpus's (constant memory per epoch). The script exits 1 when a
goal is missed, naming it. Python 3 standard library only.
"""

import argparse
import os
import subprocess
import sys
import threading
import time

MiB = 1024.0 * 1024.0
MB = 1_000_000.0

# (name, arguments after the binary, goal as × gpsdecode)
MODES = [
    ("replay (text)", ["replay", "-"], 5.0),
    ("replay --json", ["replay", "--json", "-"], 15.0),
    ("replay --gpx", ["replay", "--gpx", "-"], 5.0),
    ("replay --csv", ["replay", "--csv", "-"], 5.0),
    ("replay --fusion --json", ["replay", "--fusion", "--json", "-"], 5.0),
]
RSS_GOAL_BYTES = 30 * MB


def run(argv, stdin_path, repeat=1):
    """Runs argv once with stdout to /dev/null, the corpus on stdin (a pipe fed `repeat` times
    when repeat > 1); returns (seconds, peak RSS in bytes)."""
    with open(os.devnull, "wb") as devnull:
        if repeat == 1:
            with open(stdin_path, "rb") as stdin:
                start = time.perf_counter()
                proc = subprocess.Popen(argv, stdin=stdin, stdout=devnull, stderr=subprocess.DEVNULL)
                _, status, usage = os.wait4(proc.pid, 0)
        else:
            start = time.perf_counter()
            proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=devnull, stderr=subprocess.DEVNULL)

            def feed():
                try:
                    for _ in range(repeat):
                        with open(stdin_path, "rb") as f:
                            for block in iter(lambda: f.read(1 << 20), b""):
                                proc.stdin.write(block)
                finally:
                    proc.stdin.close()

            feeder = threading.Thread(target=feed)
            feeder.start()
            _, status, usage = os.wait4(proc.pid, 0)
            feeder.join()
        elapsed = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit(f"bench-replay: {' '.join(argv)} exited with status {code}")
    return elapsed, usage.ru_maxrss * 1024.0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lodestar")
    parser.add_argument("corpus")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--repeat-stdin", type=int, default=10)
    args = parser.parse_args()
    with open(args.corpus, "rb") as f:
        lines = sum(chunk.count(b"\n") for chunk in iter(lambda: f.read(1 << 20), b""))

    commands = [("gpsdecode", ["gpsdecode"], None)] + [
        (name, [args.lodestar] + argv, goal) for name, argv, goal in MODES
    ]
    best = {name: (float("inf"), 0.0) for name, _, _ in commands}
    for _ in range(args.runs):
        for name, argv, _ in commands:
            seconds, rss = run(argv, args.corpus)
            if seconds < best[name][0]:
                best[name] = (seconds, rss)

    gpsdecode = best["gpsdecode"][0]
    missed = []
    print(f"corpus: {args.corpus}, {lines:,} lines; best of {args.runs} runs each, one run, "
          f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    print(f"| {'command':<24} | {'seconds':>8} | {'lines/s':>12} | {'x gpsdecode':>11} | {'goal':>6} | {'peak RSS':>10} |")
    print(f"|{'-' * 26}|{'-' * 10}|{'-' * 14}|{'-' * 13}|{'-' * 8}|{'-' * 12}|")
    for name, _, goal in commands:
        seconds, rss = best[name]
        ratio = gpsdecode / seconds
        goal_text = f">= {goal:g}" if goal else "-"
        print(f"| {name:<24} | {seconds:8.3f} | {lines / seconds:12,.0f} | {ratio:11.1f} | {goal_text:>6} | "
              f"{rss / MB:7.1f} MB |")
        if goal and ratio < goal:
            missed.append(f"{name}: {ratio:.1f} x gpsdecode, goal {goal:g} x")
        if goal and rss >= RSS_GOAL_BYTES:
            missed.append(f"{name}: peak RSS {rss / MB:.1f} MB, goal < 30 MB")

    if args.repeat_stdin > 1:
        argv = [args.lodestar, "replay", "--json", "-"]
        seconds, rss = run(argv, args.corpus, repeat=args.repeat_stdin)
        one = best["replay --json"][1]
        print(f"replay --json, {args.repeat_stdin} copies through a pipe ({lines * args.repeat_stdin:,} lines): "
              f"{seconds:.3f} s, peak RSS {rss / MB:.1f} MB (one copy from a file: {one / MB:.1f} MB)")
        # The same RSS within 1 MB: a pipe is read in chunks as a file is, nothing grows.
        if rss > one + 1 * MB:
            missed.append(f"replay --json through a pipe: peak RSS {rss / MB:.1f} MB grows with the input "
                          f"({one / MB:.1f} MB for one copy)")

    for m in missed:
        print(f"goal missed: {m}", file=sys.stderr)
    sys.exit(1 if missed else 0)


if __name__ == "__main__":
    main()
