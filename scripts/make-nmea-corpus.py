#!/usr/bin/env python3
"""Generate a deterministic NMEA 0183 benchmark corpus.

Usage: python3 scripts/make-nmea-corpus.py OUT [--lines N] [--seed S]

Writes N lines (default 1,000,000) of realistic receiver output to OUT: a vehicle driving with
smoothly varying speed and heading, in segments alternating between 1 Hz and 10 Hz output.
Each epoch is GGA, RMC, GSA, three GSV, VTG and GST (eight sentences), with correct checksums
and CR LF line ends, as a u-blox multi-constellation receiver sends them. About 1% of the
epochs are outages (tunnels): no fix, empty position fields, RMC status V, GSA fix type 1.

Python 3 standard library only; the same seed always gives byte-identical output.
"""

import argparse
import math
import random
import sys
from datetime import datetime, timedelta, timezone

EARTH_RADIUS = 6_371_000.0
KNOT = 1852.0 / 3600.0


def checksum(body: str) -> str:
    value = 0
    for ch in body.encode("ascii"):
        value ^= ch
    return f"{value:02X}"


def sentence(body: str) -> str:
    return f"${body}*{checksum(body)}\r\n"


def ddmm(value: float, degree_digits: int) -> str:
    """Degrees as NMEA (d)ddmm.mmmmm, five decimals of minutes."""
    value = abs(value)
    degrees = int(value)
    minutes = (value - degrees) * 60.0
    text = f"{minutes:08.5f}"
    if text.startswith("60"):  # rounding carried into the degrees
        degrees += 1
        text = "00.00000"
    return f"{degrees:0{degree_digits}d}{text}"


class Receiver:
    def __init__(self, rng: random.Random):
        self.rng = rng
        self.lat = 47.3769 + rng.uniform(-0.05, 0.05)
        self.lon = 8.5417 + rng.uniform(-0.05, 0.05)
        self.alt = 408.0 + rng.uniform(-5, 5)
        self.geoid = 47.4
        self.speed = 12.0  # m/s
        self.course = rng.uniform(0, 360)
        self.time = datetime(2024, 3, 10, 8, 0, 0, tzinfo=timezone.utc)
        # 12 GPS satellites in view, slowly moving; all used in the solution.
        self.sats = [
            [prn, rng.uniform(5, 85), rng.uniform(0, 360), rng.uniform(25, 48)]
            for prn in sorted(rng.sample(range(1, 33), 12))
        ]
        self.outage = 0

    def step(self, dt: float):
        rng = self.rng
        self.time += timedelta(seconds=dt)
        self.speed = min(35.0, max(0.0, self.speed + rng.gauss(0, 0.6) * dt))
        self.course = (self.course + rng.gauss(0, 4.0) * dt) % 360.0
        distance = self.speed * dt
        c = math.radians(self.course)
        self.lat += math.degrees(distance * math.cos(c) / EARTH_RADIUS)
        self.lon += math.degrees(distance * math.sin(c) / (EARTH_RADIUS * math.cos(math.radians(self.lat))))
        self.alt += rng.gauss(0, 0.15) * dt
        for sat in self.sats:
            sat[1] = min(89.0, max(1.0, sat[1] + rng.gauss(0, 0.01) * dt))
            sat[2] = (sat[2] + 0.008 * dt) % 360.0
            sat[3] = min(52.0, max(15.0, sat[3] + rng.gauss(0, 0.5)))
        if self.outage > 0:
            self.outage -= 1
        elif rng.random() < 0.0005:
            self.outage = rng.randint(5, 40)

    def epoch(self, hz: int) -> list:
        rng = self.rng
        t = self.time
        frac = f"{t.microsecond // 10000:02d}"
        hhmmss = f"{t.hour:02d}{t.minute:02d}{t.second:02d}.{frac}"
        ddmmyy = f"{t.day:02d}{t.month:02d}{t.year % 100:02d}"
        used = self.sats
        hdop = round(rng.uniform(0.6, 1.4), 2)
        vdop = round(hdop * rng.uniform(1.2, 1.8), 2)
        pdop = round(math.hypot(hdop, vdop), 2)
        out = []
        if self.outage > 0:
            out.append(sentence(f"GNGGA,{hhmmss},,,,,0,00,99.99,,,,,,"))
            out.append(sentence(f"GNRMC,{hhmmss},V,,,,,,,{ddmmyy},,,N,V"))
            out.append(sentence("GNGSA,A,1,,,,,,,,,,,,,99.99,99.99,99.99,1"))
        else:
            lat = f"{ddmm(self.lat, 2)},{'N' if self.lat >= 0 else 'S'}"
            lon = f"{ddmm(self.lon, 3)},{'E' if self.lon >= 0 else 'W'}"
            quality = 2 if rng.random() < 0.3 else 1
            out.append(sentence(
                f"GNGGA,{hhmmss},{lat},{lon},{quality},{len(used):02d},{hdop:.2f},"
                f"{self.alt:.1f},M,{self.geoid:.1f},M,,"))
            knots = self.speed / KNOT
            mode = "D" if quality == 2 else "A"
            out.append(sentence(
                f"GNRMC,{hhmmss},A,{lat},{lon},{knots:.3f},{self.course:.2f},{ddmmyy},,,{mode},V"))
            ids = ",".join(f"{s[0]:02d}" for s in used) + "," * (12 - len(used))
            out.append(sentence(f"GNGSA,A,3,{ids},{pdop:.2f},{hdop:.2f},{vdop:.2f},1"))
        view = self.sats[:12]
        for i in range(3):
            blocks = ",".join(
                f"{s[0]:02d},{s[1]:02.0f},{s[2]:03.0f},{s[3]:02.0f}" for s in view[i * 4:(i + 1) * 4])
            out.append(sentence(f"GPGSV,3,{i + 1},{len(view):02d},{blocks}"))
        if self.outage > 0:
            out.append(sentence("GNVTG,,T,,M,,N,,K,N"))
            out.append(sentence(f"GNGST,{hhmmss},,,,,,,"))
        else:
            knots = self.speed / KNOT
            out.append(sentence(
                f"GNVTG,{self.course:.2f},T,,M,{knots:.3f},N,{self.speed * 3.6:.3f},K,{mode}"))
            sigma = hdop * rng.uniform(1.5, 3.0)
            out.append(sentence(
                f"GNGST,{hhmmss},{sigma * 1.3:.1f},{sigma * 1.2:.1f},{sigma * 0.8:.1f},"
                f"{rng.uniform(0, 180):.1f},{sigma * 0.9:.2f},{sigma * 0.8:.2f},{sigma * 2.1:.2f}"))
        return out


def main() -> int:
    parser = argparse.ArgumentParser(description="Generate a deterministic NMEA benchmark corpus.")
    parser.add_argument("out", help="output file")
    parser.add_argument("--lines", type=int, default=1_000_000, help="number of lines (default 1,000,000)")
    parser.add_argument("--seed", type=int, default=20251121, help="random seed (default 20251121)")
    args = parser.parse_args()
    if args.lines < 0:
        parser.error("--lines must be 0 or more")

    rng = random.Random(args.seed)
    receiver = Receiver(rng)
    written = 0
    segment = 0
    with open(args.out, "w", encoding="ascii", newline="") as f:
        while written < args.lines:
            # Alternate 10-minute segments at 1 Hz with 5-minute segments at 10 Hz.
            hz = 1 if segment % 2 == 0 else 10
            epochs = 600 if hz == 1 else 3000
            segment += 1
            for _ in range(epochs):
                if written >= args.lines:
                    break
                lines = receiver.epoch(hz)[: args.lines - written]
                f.write("".join(lines))
                written += len(lines)
                receiver.step(1.0 / hz)
    print(f"{args.out}: {written} lines", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
