#!/usr/bin/env python3
"""Instructions per epoch of `lodestar track --json` against a real gpsd (gpsfake), beside
`lodestar replay --json` on the same sentences: the figure issue 22 asks for, that the live path
writes each epoch at the same cost as the replay path.

Usage: python3 scripts/track-instructions.py LODESTAR [--epochs N]

gpsfake (on a free loopback port, stopped by pid) plays the first epochs of the fixed corpus
(`make-nmea-corpus.py`, 8 sentences an epoch) once; `track --json -n R` runs under callgrind and
stops after R records (a TPV and a SKY an epoch). It runs twice, for N and 2N epochs' records;
the difference of the two counts divided by N is the cost per epoch, without start-up. The same
is done for `replay --json` on N and 2N epochs. Both include what the process does for an epoch:
track reads gpsd's JSON through libgps, replay decodes NMEA; both encode TPV and SKY.

Track's count is split in two: libgps's own share, `gps_read` with all it calls (reading gpsd's
lines and parsing their JSON, `json_read_object`; what any libgps client pays), taken from the
same callgrind runs with callgrind_annotate --inclusive=yes, and the rest, Lodestar's share, to
set beside replay's count in one table. The last column is the shared writers (TPV and SKY
encoders) alone, entered through each command's epoch writer.
"""

import argparse
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LINES_PER_EPOCH = 8


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def collected(stderr):
    match = re.search(r"Collected : (\d+)", stderr)
    if not match:
        sys.exit("track-instructions: callgrind printed no count:\n" + stderr[-2000:])
    return int(match.group(1))


def inclusive(out_file, function):
    """The inclusive count of `function` (a C symbol) in a callgrind output file."""
    text = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", out_file],
                          capture_output=True, text=True, check=True).stdout
    pattern = re.compile(r"\s*([\d,]+)\s+(?:\([^)]*\)\s+)?\S*:" + re.escape(function) + r" \[")
    counts = [int(m.group(1).replace(",", "")) for m in map(pattern.match, text.splitlines()) if m]
    if not counts:
        sys.exit(f"track-instructions: no {function} in {out_file}")
    return sum(counts)


def inclusive_containing(out_file, fragment):
    """The inclusive count of the one function whose (mangled) name contains `fragment`."""
    text = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", out_file],
                          capture_output=True, text=True, check=True).stdout
    pattern = re.compile(r"\s*([\d,]+)\s+(?:\([^)]*\)\s+)?\S*:(\S*" + re.escape(fragment) + r"\S*) \[")
    counts = {m.group(2): int(m.group(1).replace(",", "")) for m in map(pattern.match, text.splitlines()) if m}
    # A closure or a specialization of the function has a longer name; the function itself is
    # the shortest.
    if not counts:
        sys.exit(f"track-instructions: no function named like {fragment} in {out_file}")
    return counts[min(counts, key=len)]


# The writers both commands share (TPVEncoder and SKYEncoder), entered through each command's own
# epoch writer: what issue 22 found copied once an epoch.
TRACK_WRITER = "TrackOutputO6WriterV6append"
REPLAY_WRITER = "ReplayWriterV5write"


def track(binary, log, records, tmp):
    """Callgrind's total for `track --json -n records`, and libgps's gps_read in it."""
    port = free_port()
    fake = subprocess.Popen(["gpsfake", "-q", "-1", "-P", str(port), "-c", "0.01", log],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        result = subprocess.run(
            ["valgrind", "--tool=callgrind", "--dump-instr=no", f"--callgrind-out-file={tmp}/track-{records}.out", binary, "track",
             "--json", "-n", str(records), "--gpsd", f"127.0.0.1:{port}"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=600,
            env=dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1"))
    finally:
        os.killpg(fake.pid, signal.SIGTERM)
        fake.wait()
    out = f"{tmp}/track-{records}.out"
    return collected(result.stderr), inclusive(out, "gps_read"), inclusive_containing(out, TRACK_WRITER)


def replay(binary, log, tmp):
    out = f"{tmp}/replay-{os.path.basename(log)}.out"
    with open(log, "rb") as stdin:
        result = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", binary, "replay", "--json", "-"],
            stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
            env=dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1"))
    return collected(result.stderr), inclusive_containing(out, REPLAY_WRITER)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lodestar")
    parser.add_argument("--epochs", type=int, default=300)
    args = parser.parse_args()
    for tool in ("valgrind", "callgrind_annotate", "gpsfake", "objcopy"):
        if shutil.which(tool) is None:
            sys.exit(f"track-instructions: {tool} is not installed (make deps installs it)")
    n = args.epochs
    with tempfile.TemporaryDirectory() as tmp:
        binary = os.path.join(tmp, "lodestar")
        subprocess.run(["objcopy", "--strip-debug", args.lodestar, binary], check=True)
        corpus = os.path.join(tmp, "corpus.nmea")
        # Whole epochs of the corpus, and a margin: track joins gpsfake's playback late (a few seconds
        # under callgrind), and gpsd must still have more than it is asked for.
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "make-nmea-corpus.py"), corpus,
                        "--lines", str((4 * n + 200) * LINES_PER_EPOCH)], check=True, stderr=subprocess.DEVNULL)
        logs = {}
        with open(corpus) as f:
            lines = f.readlines()
        for epochs in (n, 2 * n):
            logs[epochs] = os.path.join(tmp, f"first-{epochs}.nmea")
            with open(logs[epochs], "w") as out:
                out.writelines(lines[: epochs * LINES_PER_EPOCH])
        # A TPV and a SKY per epoch.
        (t1, g1, w1) = track(binary, corpus, 2 * n, tmp)
        (t2, g2, w2) = track(binary, corpus, 4 * n, tmp)
        (r1, v1) = replay(binary, logs[n], tmp)
        (r2, v2) = replay(binary, logs[2 * n], tmp)
    track_total, libgps, replay_total = (t2 - t1) / n, (g2 - g1) / n, (r2 - r1) / n
    track_writer, replay_writer = (w2 - w1) / n, (v2 - v1) / n
    print(f"instructions per epoch, ({2 * n} - {n} epochs) / {n}, a TPV and a SKY an epoch:")
    print(f"  {'':46} {'total':>10} {'libgps':>10} {'Lodestar':>10} {'writers':>10}")
    print(f"  {'track --json (gpsd 3.22 via gpsfake, libgps)':46} {track_total:10,.0f} {libgps:10,.0f} "
          f"{track_total - libgps:10,.0f} {track_writer:10,.0f}")
    print(f"  {'replay --json (NMEA)':46} {replay_total:10,.0f} {'-':>10} {replay_total:10,.0f} {replay_writer:10,.0f}")
    print("libgps: gps_read with all it calls (reading and parsing gpsd's JSON); Lodestar: the rest;")
    print("writers: the TPV and SKY encoders both share, entered through each command's epoch writer")


if __name__ == "__main__":
    main()
