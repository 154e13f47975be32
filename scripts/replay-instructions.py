#!/usr/bin/env python3
"""The replay cost guard: instructions per input line of `lodestar replay`, per output mode, counted
by callgrind (no clock), against the budgets in BENCHMARKS.md.

Usage:
  python3 scripts/replay-instructions.py [--binary LODESTAR] [--record]

Each mode runs the whole replay process under `valgrind --tool=callgrind` twice, on the first
20,000 and the first 40,000 lines of a fixed corpus (`scripts/make-nmea-corpus.py --lines 40000`,
seeded, byte for byte the same each time); the count per line is the difference divided by 20,000,
so the process's start (loading, argument parsing, the first allocations) cancels out and what is
left is the per-line cost of decoding, the rules and the writer: the figure a per-epoch copy or a
per-line allocation changes.

The process is either the release `lodestar` binary given with --binary (as `make bench` builds
it), or, by default, `replayguard`: the replay command's own sources (Sources/LodestarCLI/Replay and
the support files it uses, symlinked, not copied) and the library modules it imports, built in
release in .build/replay-guard with `ReplayCommand.main()` as its entry. That build takes minutes
where the whole `lodestar` in release (server and all) takes about 18 on two cores, so CI runs
this one; BENCHMARKS.md shows both counts side by side.

The budgets are the table under "Replay instruction budgets" in BENCHMARKS.md, one row per mode.
A mode over its budget by more than 10% fails the guard (exit 1), naming the mode, the count and
the budget. --record prints the rows to paste there instead of checking. Python 3 standard library.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, ".build", "replay-guard")
SMALL, LARGE = 20_000, 40_000
TOLERANCE = 0.10

# (mode name as in BENCHMARKS.md, arguments after `replay`)
MODES = [
    ("text", []),
    ("--json", ["--json"]),
    ("--gpx", ["--gpx"]),
    ("--csv", ["--csv"]),
    ("--fusion --json", ["--fusion", "--json"]),
    # The manager's per-fix cost as replay applies it (LocationEngine on the virtual clock):
    # accuracy gate and distance filter, raw and fused, with the cheapest writer.
    ("manager raw --csv", ["--desired-accuracy", "1000", "--distance-filter", "0.001", "--csv"]),
    ("manager fused --csv", ["--fusion", "--desired-accuracy", "1000", "--distance-filter", "0.001", "--csv"]),
]

# The files of Sources/LodestarCLI that `replay` is made of; the guard build fails loudly if replay
# starts using another, which is then added here.
REPLAY_FILES = [
    "Replay/ReplayCommand.swift", "Replay/ReplayFormat.swift", "Replay/GPXTrack.swift",
    "Replay/ReplayProgress.swift", "Replay/ReplayRules.swift", "Replay/ReplayWriter.swift",
    "Support/BlockOutput.swift", "Support/StandardOutput.swift", "Support/InputOpening.swift",
    "Support/InputFile+Chunks.swift", "Support/DecodeSummary.swift", "Support/Diagnostics.swift",
    "Support/ExitStatus.swift", "Support/OptionRange.swift", "Support/Fix+Location.swift",
    "Support/FixText.swift", "Support/FusionOptions.swift", "Support/ActivityType+Argument.swift",
    "Support/Plural.swift",
]
MODULES = ["CGeographicLib", "LodestarInternals", "Geodesy", "GeoMagnetism", "GNSS", "NMEA", "Lodestar"]

MANIFEST = """// swift-tools-version: 6.1
// Written by scripts/replay-instructions.py: the replay command alone, for the cost guard.
import PackageDescription
let package = Package(
    name: "ReplayGuard",
    dependencies: [.package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")],
    targets: [
        .target(name: "CGeographicLib", linkerSettings: [.linkedLibrary("GeographicLib")]),
        .target(name: "LodestarInternals"),
        .target(name: "Geodesy", dependencies: ["CGeographicLib", "LodestarInternals"]),
        .target(name: "GeoMagnetism", dependencies: ["Geodesy", "LodestarInternals"], resources: [.embedInCode("WMM2025.COF")]),
        .target(name: "GNSS", dependencies: ["Geodesy", "LodestarInternals"]),
        .target(name: "NMEA", dependencies: ["GNSS", "Geodesy", "LodestarInternals"]),
        .target(name: "Lodestar", dependencies: ["Geodesy", "GeoMagnetism", "GNSS", "NMEA", "LodestarInternals"]),
        .executableTarget(
            name: "replayguard",
            dependencies: ["Lodestar", "GNSS", "NMEA", "LodestarInternals",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")]),
    ],
    swiftLanguageModes: [.v6]
)
"""

MAIN = """// Written by scripts/replay-instructions.py: `replayguard ARGS` is `lodestar replay ARGS`.
ReplayCommand.main()
"""


def build_guard():
    """Builds replayguard in release; returns its path."""
    pkg = os.path.join(WORK, "pkg")
    exe = os.path.join(pkg, "Sources", "replayguard")
    if os.path.isdir(exe):
        shutil.rmtree(exe)
    os.makedirs(exe)
    for module in MODULES:
        link = os.path.join(pkg, "Sources", module)
        if os.path.islink(link):
            os.remove(link)
        os.symlink(os.path.join(ROOT, "Sources", module), link)
    for f in REPLAY_FILES:
        os.symlink(os.path.join(ROOT, "Sources", "LodestarCLI", f), os.path.join(exe, os.path.basename(f)))
    with open(os.path.join(exe, "main.swift"), "w") as out:
        out.write(MAIN)
    with open(os.path.join(pkg, "Package.swift"), "w") as out:
        out.write(MANIFEST)
    print("replay guard: building the replay command in release (.build/replay-guard)", flush=True)
    subprocess.run(["swift", "build", "-c", "release", "--product", "replayguard"], cwd=pkg, check=True,
                   stdout=subprocess.DEVNULL)
    return os.path.join(pkg, ".build", "release", "replayguard"), []


def slices():
    """The 20,000- and 40,000-line slices of the fixed corpus."""
    large = os.path.join(WORK, f"corpus-{LARGE}.nmea")
    small = os.path.join(WORK, f"corpus-{SMALL}.nmea")
    if not os.path.exists(large):
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "make-nmea-corpus.py"), large,
                        "--lines", str(LARGE)], check=True, stdout=subprocess.DEVNULL)
    with open(large, "rb") as f:
        head = b"".join(f.readline() for _ in range(SMALL))
    with open(small, "wb") as out:
        out.write(head)
    return small, large


def instructions(binary, prefix, args, corpus):
    """Instructions the whole process executes (callgrind's 'Collected'), reading `corpus` on
    standard input."""
    with tempfile.TemporaryDirectory() as tmp, open(corpus, "rb") as stdin:
        # Swift's Set and Dictionary hash with a per-process random seed; fixed here so that the
        # same binary and input give the same count.
        env = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")
        result = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/cg.out", binary]
            + prefix + args + ["-"],
            stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, text=True)
    match = re.search(r"Collected : (\d+)", result.stderr)
    if result.returncode != 0 or not match:
        sys.exit(f"replay guard: valgrind on {' '.join(prefix + args)} failed (status {result.returncode}):\n"
                 + result.stderr[-2000:])
    return int(match.group(1))


def budgets():
    """The budget rows of BENCHMARKS.md: {mode: instructions per line}."""
    with open(os.path.join(ROOT, "BENCHMARKS.md")) as f:
        text = f.read()
    section = re.search(r"^## Replay instruction budgets.*?(?=^## )", text, re.S | re.M)
    if not section:
        sys.exit("replay guard: BENCHMARKS.md has no '## Replay instruction budgets' section")
    table = {}
    for row in re.finditer(r"^\| `([^`]+)` \| ([\d,]+) \|", section.group(0), re.M):
        table[row.group(1)] = int(row.group(2).replace(",", ""))
    return table


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", help="a lodestar binary (else the replay guard build)")
    parser.add_argument("--record", action="store_true", help="print the budget rows instead of checking")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("replay guard: valgrind is not installed (make deps installs it)")
    os.makedirs(WORK, exist_ok=True)
    if args.binary:
        binary, prefix = os.path.abspath(args.binary), ["replay"]
    else:
        binary, prefix = build_guard()
    # valgrind 3.19 cannot read the DWARF 5 of a large Swift binary; the code is the same without it.
    plain = os.path.join(WORK, "guard-binary")
    subprocess.run(["objcopy", "--strip-debug", binary, plain], check=True)
    small, large = slices()
    table = {} if args.record else budgets()
    failures = []
    print(f"replay guard: instructions per line, ({LARGE:,}-line run - {SMALL:,}-line run) / {LARGE - SMALL:,}, "
          f"{'lodestar ' + binary if args.binary else 'replayguard'}")
    for name, mode_args in MODES:
        per_line = (instructions(plain, prefix, mode_args, large)
                    - instructions(plain, prefix, mode_args, small)) / (LARGE - SMALL)
        if args.record:
            print(f"| `{name}` | {per_line:,.0f} |")
            continue
        budget = table.get(name)
        if budget is None:
            failures.append(f"mode {name}: no budget in BENCHMARKS.md")
            continue
        over = per_line / budget - 1
        verdict = "ok" if over <= TOLERANCE else "OVER BUDGET"
        print(f"  {name:<22} {per_line:9,.0f} per line   budget {budget:7,}   {over:+6.1%}   {verdict}", flush=True)
        if over > TOLERANCE:
            failures.append(f"mode {name}: {per_line:,.0f} instructions per line, budget {budget:,} "
                            f"({over:+.1%}, limit +{TOLERANCE:.0%})")
    for f in failures:
        print(f"replay guard: FAILED: {f}", file=sys.stderr)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
