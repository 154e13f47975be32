#!/usr/bin/env python3
"""`lodestar monitor` with 100,000 regions against the same command with one (issue 25).

Usage:
  python3 scripts/monitor-scale.py [--binary LODESTAR] [--regions N] [--runs R] [--instructions]

Writes two GeoJSON FeatureCollections to a temporary directory (seeded, the same bytes each time):
N circles (default 100,000) of 20-300 m radius with centres uniform over a 20 km square about the
start of Traces/city-drive.nmea, and one circle of 100 m at the square's centre. Runs
`lodestar monitor --regions FILE --trace Traces/city-drive.nmea --fast --json` on each, R times
(default 3), alternately, with standard output to /dev/null, and prints the best wall time and the
peak resident memory of each, the ratio (goal: at most 3), and, with --instructions, the
instructions of each whole process (callgrind, no clock). Python 3 standard library; valgrind for
--instructions.
"""

import argparse
import json
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TRACE = os.path.join(ROOT, "Traces", "city-drive.nmea")
LAT0, LON0 = 51.5085, -0.1247


def circles(n, path, seed=25):
    rng = random.Random(seed)
    side = 20_000.0
    features = []
    for i in range(n):
        east = (rng.random() - 0.5) * side
        north = (rng.random() - 0.5) * side
        lat = LAT0 + north / 111_320.0
        lon = LON0 + east / (111_320.0 * math.cos(math.radians(LAT0)))
        radius = 20 + 280 * rng.random() if n > 1 else 100.0
        if n == 1:
            lat, lon = LAT0, LON0
        features.append({"type": "Feature", "id": "r%d" % i,
                         "geometry": {"type": "Point", "coordinates": [round(lon, 7), round(lat, 7)]},
                         "properties": {"radius": round(radius, 1)}})
    with open(path, "w") as f:
        json.dump({"type": "FeatureCollection", "features": features}, f, separators=(",", ":"))


def run(binary, regions):
    """Wall seconds and peak RSS (KB) of one run."""
    # GNU time reports the peak RSS of the command alone (a child's own rusage would count the
    # copy of this Python process it was forked from, before exec).
    command = ["/usr/bin/time", "-f", "maxrss %M", binary, "monitor", "--regions", regions, "--trace", TRACE,
               "--fast", "--json"]
    start = time.monotonic()
    with open(os.devnull, "wb") as null:
        done = subprocess.run(command, stdout=null, stderr=subprocess.PIPE, text=True)
    elapsed = time.monotonic() - start
    if done.returncode != 0:
        sys.exit("monitor-scale: %s exited with status %d" % (" ".join(command), done.returncode))
    rss = [int(line.split()[1]) for line in done.stderr.splitlines() if line.startswith("maxrss ")]
    return elapsed, rss[-1] if rss else 0


def instructions(binary, regions, work):
    """Instructions of the whole process under callgrind (debug info stripped: valgrind cannot
    read the static binary's DWARF 5)."""
    plain = os.path.join(work, "lodestar-plain")
    if not os.path.exists(plain):
        subprocess.run(["objcopy", "--strip-debug", binary, plain], check=True)
    out = os.path.join(work, "callgrind.out")
    env = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")
    with open(os.devnull, "wb") as null:
        subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out, plain, "monitor",
                        "--regions", regions, "--trace", TRACE, "--fast", "--json"],
                       stdout=null, stderr=subprocess.DEVNULL, env=env, check=True)
    with open(out) as f:
        for line in f:
            if line.startswith("summary:") or line.startswith("totals:"):
                return int(line.split()[1])
    sys.exit("monitor-scale: no instruction total in " + out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "lodestar"))
    parser.add_argument("--regions", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--instructions", action="store_true")
    args = parser.parse_args()
    if not 1 <= args.regions <= 10_000_000 or not 1 <= args.runs <= 20:
        sys.exit("monitor-scale: --regions 1...10,000,000 and --runs 1...20")
    work = tempfile.mkdtemp(prefix="monitor-scale.")
    try:
        many, one = os.path.join(work, "many.geojson"), os.path.join(work, "one.geojson")
        circles(args.regions, many)
        circles(1, one)
        best = {one: (math.inf, 0), many: (math.inf, 0)}
        for _ in range(args.runs):
            for regions in (one, many):
                elapsed, rss = run(args.binary, regions)
                best[regions] = (min(best[regions][0], elapsed), max(best[regions][1], rss))
        print("| regions | best of %d, s | peak RSS, MB | instructions |" % args.runs)
        print("|---|---|---|---|")
        counts = {}
        for regions, n in ((one, 1), (many, args.regions)):
            counts[regions] = instructions(args.binary, regions, work) if args.instructions else None
            text = "{:,}".format(counts[regions]) if counts[regions] else "-"
            print("| {:,} ({:.1f} MB of GeoJSON) | {:.3f} | {:.1f} | {} |".format(
                n, os.path.getsize(regions) / 1e6, best[regions][0], best[regions][1] / 1024, text))
        ratio = best[many][0] / best[one][0]
        line = "monitor-scale: %d regions cost %.2f x one region (time)" % (args.regions, ratio)
        if args.instructions:
            line += ", %.2f x (instructions)" % (counts[many] / counts[one])
        print(line + "; goal at most 3 x")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
