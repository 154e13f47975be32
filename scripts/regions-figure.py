#!/usr/bin/env python3
"""Draws docs/regions-flapping.svg: a still receiver near a circle's edge, the point rule's
decisions against the monitor's (issue 25).

A synthetic track, the same kind as RegionRuleTests.stationaryDoesNotFlap: 20 minutes at 1 Hz, the
receiver 6 m inside the edge of a 50 m circle, first-order Gauss-Markov jitter of 3 m a axis
(tau 30 s), 4 m accuracy (68%). The top panel is the fix's signed distance to the edge (negative
inside) with its 68% band; below, the state each rule decides: the point rule (d <= 0 inside, else
outside) and the monitor's rule (inside when d <= -r, outside when d >= r, else hold).

Usage: python3 scripts/regions-figure.py [OUTPUT]   (default docs/regions-flapping.svg)
Standard library only; seeded, so the figure is the same on every run.
"""
import math
import random
import sys

SECONDS, SIGMA, TAU, ACCURACY, RADIUS, INSIDE = 1200, 3.0, 30.0, 4.0, 50.0, 6.0


def track(seed=1):
    rng = random.Random(seed)
    phi = math.exp(-1 / TAU)
    drive = SIGMA * math.sqrt(1 - phi * phi)
    e, n = rng.gauss(0, SIGMA), rng.gauss(0, SIGMA)
    out = []
    for _ in range(SECONDS):
        e, n = phi * e + drive * rng.gauss(0, 1), phi * n + drive * rng.gauss(0, 1)
        # The centre is RADIUS - INSIDE metres east of the true position.
        out.append(math.hypot(e - (RADIUS - INSIDE), n) - RADIUS)
    return out


def decide(distances, r):
    state, states = "unknown", []
    for d in distances:
        if d <= -r:
            state = "inside"
        elif d >= r and (r > 0 or d > 0):
            state = "outside"
        states.append(state)
    return states


def changes(states):
    return sum(1 for a, b in zip(states, states[1:]) if a != b and a != "unknown")


def svg(distances):
    width, left, right = 900, 70, 20
    top, plot_h, strip_h, gap = 40, 220, 26, 18
    x = lambda t: left + (width - left - right) * t / (SECONDS - 1)
    lo, hi = -16.0, 10.0
    y = lambda d: top + plot_h * (hi - d) / (hi - lo)
    raw, monitor = decide(distances, 0), decide(distances, ACCURACY)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{top + plot_h + 2 * (strip_h + gap) + 60}" '
             'font-family="sans-serif" font-size="12">',
             '<rect width="100%" height="100%" fill="white"/>',
             f'<text x="{left}" y="22" font-size="14">A still receiver {INSIDE:g} m inside a {RADIUS:g} m circle, '
             f'3 m jitter (τ {TAU:g} s), accuracy {ACCURACY:g} m: 20 minutes at 1 Hz</text>']
    # Accuracy band about each fix and the edge.
    band = " ".join(f"{x(t):.1f},{y(d + ACCURACY):.1f}" for t, d in enumerate(distances))
    band += " " + " ".join(f"{x(t):.1f},{y(d - ACCURACY):.1f}" for t, d in reversed(list(enumerate(distances))))
    parts.append(f'<polygon points="{band}" fill="#9ecae1" fill-opacity="0.45"/>')
    parts.append(f'<line x1="{left}" x2="{width - right}" y1="{y(0):.1f}" y2="{y(0):.1f}" stroke="black" stroke-dasharray="4 3"/>')
    parts.append(f'<text x="{width - right - 4}" y="{y(0) - 4:.1f}" text-anchor="end">edge</text>')
    line = " ".join(f"{x(t):.1f},{y(d):.1f}" for t, d in enumerate(distances))
    parts.append(f'<polyline points="{line}" fill="none" stroke="#08519c" stroke-width="1"/>')
    for d in range(-15, 11, 5):
        parts.append(f'<text x="{left - 6}" y="{y(d) + 4:.1f}" text-anchor="end">{d}</text>')
    parts.append(f'<text x="16" y="{top + plot_h / 2}" transform="rotate(-90 16 {top + plot_h / 2})" text-anchor="middle">'
                 'to the edge, m (± 68%)</text>')
    colours = {"inside": "#31a354", "outside": "#de2d26", "unknown": "#bdbdbd"}
    for row, (label, states) in enumerate([(f"point rule: {changes(raw)} changes", raw),
                                            (f"monitor: {changes(monitor)} changes", monitor)]):
        y0 = top + plot_h + gap + row * (strip_h + gap)
        start = 0
        for t in range(1, SECONDS + 1):
            if t == SECONDS or states[t] != states[start]:
                parts.append(f'<rect x="{x(start):.1f}" y="{y0}" width="{max(x(t - 1) - x(start), 1):.1f}" height="{strip_h}" '
                             f'fill="{colours[states[start]]}"/>')
                start = t
        parts.append(f'<text x="{left}" y="{y0 - 4}">{label}</text>')
    bottom = top + plot_h + 2 * (strip_h + gap) + 20
    for minute in range(0, 21, 5):
        parts.append(f'<text x="{x(min(minute * 60, SECONDS - 1)):.1f}" y="{bottom}" text-anchor="middle">{minute} min</text>')
    parts.append(f'<text x="{width - right}" y="{bottom + 22}" text-anchor="end">green inside, red outside</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


if __name__ == "__main__":
    output = sys.argv[1] if len(sys.argv) > 1 else "docs/regions-flapping.svg"
    distances = track()
    with open(output, "w", encoding="utf-8") as f:
        f.write(svg(distances))
    print(f"{output}: point rule {changes(decide(distances, 0))} changes, monitor {changes(decide(distances, ACCURACY))}")
