#!/usr/bin/env python3
"""Judge the fused location on a real recording against an independent reference.

    scripts/fusion-real.py RECEIVER.nmea REFERENCE.gga [--binary PATH] [--activity NAME]
                           [--lever-arm auto|ALONG,RIGHT]

RECEIVER.nmea is what a receiver wrote; REFERENCE.gga is a better instrument's track of the
same antenna's vehicle (for example a GNSS/INS system post-processed), as NMEA GGA sentences.
The script replays the receiver's trace three ways through `lodestar replay --csv`: raw, with
`--fusion`, and with `--smooth`, matches each epoch to the reference epoch of the same UTC
time (to 0.05 s), and prints, for each way, the horizontal error against the reference: RMS,
median, 95th percentile and worst, and the share of epochs whose stated 68% radius
(`horizontal_accuracy_m`) holds the reference. The ratio column is the RMS over the raw RMS.

The reference instrument and the receiver's antenna are rarely at the same point of the vehicle.
`--lever-arm ALONG,RIGHT` moves the reference by that many metres forward along its own direction
of motion and to its right (negative: back, left); `--lever-arm auto` takes the mean along-track
and cross-track offset of the raw fixes from the reference while moving faster than 3 m/s (two
numbers from the whole drive, printed), which is how a lever arm shows when nobody measured it.
The direction of motion is the reference's own, from its neighbouring epochs; at a stop it is
the last one.

The reference's date is not needed: epochs are matched on the time of day, so a recording that
crosses midnight UTC is not supported.

What it was run on, and the figures, are in docs/fusion.md ("A real recording").
"""

import argparse
import csv
import io
import math
import subprocess
import sys

A = 6378137.0  # WGS84 semi-major axis, m
F = 1 / 298.257223563
E2 = F * (2 - F)


def nmea_checksum_ok(line):
    if not line.startswith("$") or "*" not in line:
        return False
    body, _, check = line[1:].partition("*")
    total = 0
    for ch in body:
        total ^= ord(ch)
    try:
        return total == int(check[:2], 16)
    except ValueError:
        return False


def seconds_of_day(hhmmss):
    return int(hhmmss[0:2]) * 3600 + int(hhmmss[2:4]) * 60 + float(hhmmss[4:])


def degrees(value, hemisphere, width):
    whole = int(value[:width])
    minutes = float(value[width:])
    sign = -1 if hemisphere in ("S", "W") else 1
    return sign * (whole + minutes / 60)


def read_reference(path):
    """Time of day (s, rounded to 0.1 s) -> (latitude, longitude) in degrees, from GGA lines."""
    reference, bad = {}, 0
    with open(path, encoding="ascii", errors="replace") as handle:
        for line in handle:
            line = line.strip()
            if not line[3:6] == "GGA":
                continue
            if not nmea_checksum_ok(line):
                bad += 1
                continue
            fields = line.split("*")[0].split(",")
            if len(fields) < 7 or fields[6] in ("", "0") or not fields[2] or not fields[4]:
                continue
            key = round(seconds_of_day(fields[1]), 1)
            reference[key] = (degrees(fields[2], fields[3], 2), degrees(fields[4], fields[5], 3))
    return reference, bad


def metres_per_degree(latitude):
    """(north, east) metres per degree at `latitude`, from the WGS84 radii of curvature."""
    phi = math.radians(latitude)
    w = math.sqrt(1 - E2 * math.sin(phi) ** 2)
    return math.radians(1) * A * (1 - E2) / w**3, math.radians(1) * A / w * math.cos(phi)


def offset(lat1, lon1, lat2, lon2):
    """(east, north) metres from the first point to the second, in the local tangent plane."""
    north, east = metres_per_degree((lat1 + lat2) / 2)
    return (lon2 - lon1) * east, (lat2 - lat1) * north


def horizontal_distance(lat1, lon1, lat2, lon2):
    """Metres between two nearby points."""
    return math.hypot(*offset(lat1, lon1, lat2, lon2))


def headings(reference):
    """Time -> the reference's direction of motion (unit east, north), from its neighbours 1 s
    either side while it moves faster than 3 m/s; held through stops."""
    out, last = {}, None
    for key in sorted(reference):
        before, after = reference.get(round(key - 1, 1)), reference.get(round(key + 1, 1))
        if before and after:
            east, north = offset(before[0], before[1], after[0], after[1])
            if math.hypot(east, north) > 6:
                last = (east / math.hypot(east, north), north / math.hypot(east, north))
        if last:
            out[key] = last
    return out


def moved(reference, directions, along, right):
    """The reference moved `along` metres forward and `right` metres to the right."""
    out = {}
    for key, (lat, lon) in reference.items():
        direction = directions.get(key)
        if direction is None:
            continue
        east = along * direction[0] + right * direction[1]
        north = along * direction[1] - right * direction[0]
        per_north, per_east = metres_per_degree(lat)
        out[key] = (lat + north / per_north, lon + east / per_east)
    return out


def lever_arm(rows, reference, directions):
    """The mean (along, right) offset of the raw fixes from the reference while moving."""
    along, right = [], []
    for row in rows:
        if not row["latitude_deg"] or float(row["speed_mps"] or 0) <= 3:
            continue
        key = time_key(row)
        if key not in reference or key not in directions:
            continue
        east, north = offset(*reference[key], float(row["latitude_deg"]), float(row["longitude_deg"]))
        u = directions[key]
        along.append(east * u[0] + north * u[1])
        right.append(east * u[1] - north * u[0])
    if not along:
        sys.exit("fusion-real: no moving epoch to estimate the lever arm from")
    return sum(along) / len(along), sum(right) / len(right)


def time_key(row):
    clock = row["time"].split("T")[1].rstrip("Z")
    return round(seconds_of_day(clock.replace(":", "")), 1)


def replay(binary, trace, extra):
    result = subprocess.run(
        [binary, "replay", trace, "--csv", *extra], capture_output=True, text=True, check=False
    )
    if result.returncode != 0:
        sys.exit(f"fusion-real: {binary} replay {' '.join(extra)} failed: {result.stderr.strip()}")
    return list(csv.DictReader(io.StringIO(result.stdout)))


def errors(rows, reference):
    """(error m, stated 68% radius m or None) for each epoch with a position and a reference."""
    out = []
    for row in rows:
        if not row["latitude_deg"]:
            continue
        truth = reference.get(time_key(row))
        if truth is None:
            continue
        error = horizontal_distance(truth[0], truth[1], float(row["latitude_deg"]), float(row["longitude_deg"]))
        stated = float(row["horizontal_accuracy_m"]) if row["horizontal_accuracy_m"] else None
        out.append((error, stated))
    return out


def percentile(sorted_values, share):
    if not sorted_values:
        return float("nan")
    index = min(len(sorted_values) - 1, max(0, math.ceil(share * len(sorted_values)) - 1))
    return sorted_values[index]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("receiver", help="the receiver's NMEA trace")
    parser.add_argument("reference", help="the reference track, NMEA GGA")
    parser.add_argument("--binary", default=".build/release/lodestar", help="the lodestar binary")
    parser.add_argument("--activity", help="the motion profile (--activity), default the binary's")
    parser.add_argument("--lever-arm", help="auto, or ALONG,RIGHT metres from the reference to the antenna")
    arguments = parser.parse_args()

    reference, bad = read_reference(arguments.reference)
    if not reference:
        sys.exit("fusion-real: no GGA position in the reference")
    activity = ["--fusion", "--activity", arguments.activity] if arguments.activity else ["--fusion"]
    ways = [("raw", []), ("fused", activity), ("smoothed", ["--smooth", *activity])]
    print(f"reference: {len(reference)} epochs ({bad} lines with a bad checksum skipped)")
    if arguments.lever_arm:
        directions = headings(reference)
        if arguments.lever_arm == "auto":
            along, right = lever_arm(replay(arguments.binary, arguments.receiver, []), reference, directions)
        else:
            try:
                along, right = (float(part) for part in arguments.lever_arm.split(","))
            except ValueError:
                sys.exit("fusion-real: --lever-arm takes auto or ALONG,RIGHT (metres)")
        reference = moved(reference, directions, along, right)
        print(f"lever arm: reference moved {along:.2f} m forward, {right:.2f} m right")
    print("| way | epochs | RMS m | ratio | median m | p95 m | worst m | 68% share |")
    print("|---|---|---|---|---|---|---|---|")
    raw_rms = None
    for name, extra in ways:
        pairs = errors(replay(arguments.binary, arguments.receiver, extra), reference)
        if not pairs:
            sys.exit(f"fusion-real: no {name} epoch matches a reference epoch (times of day differ?)")
        values = sorted(error for error, _ in pairs)
        rms = math.sqrt(sum(v * v for v in values) / len(values))
        raw_rms = raw_rms or rms
        stated = [(error, radius) for error, radius in pairs if radius is not None]
        share = sum(1 for error, radius in stated if error <= radius) / len(stated) if stated else float("nan")
        print(
            f"| {name} | {len(values)} | {rms:.2f} | {rms / raw_rms:.2f} | {percentile(values, 0.5):.2f} "
            f"| {percentile(values, 0.95):.2f} | {values[-1]:.2f} | {share:.0%} |"
        )


if __name__ == "__main__":
    main()
