import Foundation
import Geodesy
import Lodestar
import LodestarInternals

/// The SVG `lodestar guide --plot FILE.svg` writes: the track with its start and end marked, the
/// destination and its arrival circle, a dot at each guidance point (hover for its time, distance
/// and turn), labels at the turns and at the arrival, a legend and a scale bar. North is up; the
/// map is a local flat projection (east and north metres, WGS84 radii of curvature), true to scale
/// over a few kilometres.
///
/// When the destination is far from the track (more than ``farFactor`` times the track's own
/// extent), the map frames the track and draws a dashed line from its end toward the destination,
/// labelled with the distance and bearing to go, instead of shrinking the track to a dot.
struct GuidePlot: Sendable {
    /// One guidance point.
    private struct Point: Sendable {
        var coordinate: Coordinate
        var time: Date
        var label: String
        var turn: TurnInstruction?
        var distance: Double
        var bearing: Double
    }

    /// Where the SVG goes, opened before the run.
    let file: GuidePlotFile
    let region: ArrivalRegion
    private var points: [Point] = []
    private var arrival: ArrivalEvent?

    /// Canvas size in pixels, and the margin kept around the drawing.
    static let size = 800.0
    static let margin = 50.0
    /// The destination is "far" beyond this many times the track's extent (or the arrival circle's
    /// diameter, when larger).
    static let farFactor = 4.0
    /// Turn labels closer than this to the previous one, pixels, are left out.
    static let labelSpacing = 60.0

    /// The zone of the labels' times and the units of their distances (the scale bar is a
    /// round number of metres, labelled in metric units: ``metric``).
    let lines: GuideStatusLine
    static let metric = GuideFormat(units: .metric, utc: true)

    init(file: GuidePlotFile, region: ArrivalRegion, lines: GuideStatusLine) {
        self.file = file
        self.region = region
        self.lines = lines
    }

    /// Adds a guidance point.
    mutating func add(_ location: Location, _ g: Guidance) {
        let label =
            "\(lines.time(location.timestamp)) \(lines.distance(g.distance))"
            + (g.turn.map { ", \($0)" } ?? "")
        points.append(
            Point(
                coordinate: location.coordinate, time: location.timestamp, label: label, turn: g.turn, distance: g.distance,
                bearing: g.bearing))
    }

    /// Marks the arrival.
    mutating func arrived(_ event: ArrivalEvent) {
        arrival = event
    }

    /// East and north metres of `c` from `origin` on a local flat projection.
    private static func project(_ c: Coordinate, from origin: Coordinate) -> (east: Double, north: Double) {
        let phi = origin.latitude * .pi / 180
        let (meridional, primeVertical) = WGS84.radiiOfCurvature(latitude: phi)
        let dLon = Angle.normalizedLongitude(c.longitude - origin.longitude) * .pi / 180
        return (dLon * primeVertical * cos(phi), (c.latitude - origin.latitude) * .pi / 180 * meridional)
    }

    /// The frame: what is drawn to scale, its origin and whether the destination lies outside it.
    private struct Frame {
        var origin: Coordinate
        var far: Bool
        var scale: Double
        var centreEast: Double
        var centreNorth: Double

        func x(_ e: Double) -> Double { GuidePlot.size / 2 + (e - centreEast) * scale }
        func y(_ n: Double) -> Double { GuidePlot.size / 2 - (n - centreNorth) * scale }
    }

    private func frame() -> Frame {
        let r = region.entryRadius
        let first = points.first?.coordinate ?? region.destination
        let track = points.map { Self.project($0.coordinate, from: first) }
        var minE = track.map(\.east).min() ?? 0
        var maxE = track.map(\.east).max() ?? 0
        var minN = track.map(\.north).min() ?? 0
        var maxN = track.map(\.north).max() ?? 0
        let trackSpan = max(maxE - minE, maxN - minN, 2 * r, 1)
        let destination = Self.project(region.destination, from: first)
        let outside = max(minE - destination.east, destination.east - maxE, minN - destination.north, destination.north - maxN, 0)
        let far = !points.isEmpty && outside > Self.farFactor * trackSpan
        let origin = far ? first : region.destination
        var extent = points.map { Self.project($0.coordinate, from: origin) }
        if !far {
            extent += [(-r, -r), (r, r)]
        } else if let end = extent.last, let last = points.last {
            // Room beyond the track's end, toward the destination, for the line that points there.
            let b = last.bearing * .pi / 180
            extent.append((end.east + sin(b) * 0.6 * trackSpan, end.north + cos(b) * 0.6 * trackSpan))
        }
        minE = extent.map(\.east).min() ?? -r
        maxE = extent.map(\.east).max() ?? r
        minN = extent.map(\.north).min() ?? -r
        maxN = extent.map(\.north).max() ?? r
        let span = max(maxE - minE, maxN - minN, 1)
        return Frame(
            origin: origin, far: far, scale: (Self.size - 2 * Self.margin) / span, centreEast: (minE + maxE) / 2,
            centreNorth: (minN + maxN) / 2)
    }

    /// The SVG document.
    func svg() -> String {
        let f = frame()
        let r = region.entryRadius
        func x(_ e: Double) -> String { Self.number(f.x(e)) }
        func y(_ n: Double) -> String { Self.number(f.y(n)) }
        let projected = points.map { Self.project($0.coordinate, from: f.origin) }

        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(Self.size))" height="\(Int(Self.size))" \
            viewBox="0 0 \(Int(Self.size)) \(Int(Self.size))" font-family="sans-serif" font-size="13">
            <title>lodestar guide to \(Self.coordinate(region.destination))</title>
            <rect width="100%" height="100%" fill="white"/>

            """
        if !f.far {
            out +=
                "<circle id=\"arrival-circle\" cx=\"\(x(0))\" cy=\"\(y(0))\" r=\"\(Self.number(r * f.scale))\" "
                + "fill=\"#2e7d32\" fill-opacity=\"0.12\" stroke=\"#2e7d32\" stroke-dasharray=\"6 4\">"
                + "<title>arrival within \(lines.distance(r))</title></circle>\n"
        }
        if !points.isEmpty {
            out +=
                "<polyline id=\"track\" fill=\"none\" stroke=\"#1565c0\" stroke-width=\"2\" points=\""
                + projected.map { "\(x($0.east)),\(y($0.north))" }.joined(separator: " ") + "\"/>\n"
            out += "<g id=\"guidance-points\" fill=\"#1565c0\">\n"
            for (p, q) in zip(points, projected) {
                out +=
                    "<circle cx=\"\(x(q.east))\" cy=\"\(y(q.north))\" r=\"2.5\"><title>\(Self.escaped(p.label))</title></circle>\n"
            }
            out += "</g>\n"
            out += turnLabels(f, projected)
        }
        if f.far, let last = points.last, let end = projected.last {
            out += destinationDirection(f, from: end, last)
        } else {
            let (cx, cy) = (f.x(0), f.y(0))
            let (l, r8, t, b) = (Self.number(cx - 8), Self.number(cx + 8), Self.number(cy - 8), Self.number(cy + 8))
            out +=
                "<g id=\"destination\" stroke=\"#c62828\" stroke-width=\"3\">"
                + "<line x1=\"\(l)\" y1=\"\(t)\" x2=\"\(r8)\" y2=\"\(b)\"/><line x1=\"\(l)\" y1=\"\(b)\" x2=\"\(r8)\" y2=\"\(t)\"/>"
                + "<title>destination \(Self.coordinate(region.destination))</title></g>\n"
        }
        if let first = points.first, let start = projected.first {
            out +=
                "<g id=\"start\"><circle cx=\"\(x(start.east))\" cy=\"\(y(start.north))\" r=\"7\" fill=\"#2e7d32\" "
                + "stroke=\"white\" stroke-width=\"2\"/>"
                + Self.label("start \(lines.time(first.time))", atX: f.x(start.east) + 10, y: f.y(start.north) - 10)
                + "</g>\n"
        }
        if let a = arrival {
            let p = Self.project(a.location.coordinate, from: f.origin)
            out +=
                "<circle id=\"arrival\" cx=\"\(x(p.east))\" cy=\"\(y(p.north))\" r=\"7\" fill=\"none\" "
                + "stroke=\"#2e7d32\" stroke-width=\"3\"><title>\(Self.escaped(lines.arrived(a)))</title></circle>\n"
            out +=
                "<g id=\"arrival-label\">"
                + Self.label(
                    "arrived \(lines.time(a.location.timestamp)), \(lines.distance(a.distance)) from destination",
                    atX: f.x(p.east) + 12, y: f.y(p.north) + 18, weight: "bold") + "</g>\n"
        } else if let last = points.last, let end = projected.last {
            let (ex, ey) = (f.x(end.east), f.y(end.north))
            out +=
                "<g id=\"end\"><rect x=\"\(Self.number(ex - 6))\" y=\"\(Self.number(ey - 6))\" width=\"12\" height=\"12\" "
                + "fill=\"#212121\" stroke=\"white\" stroke-width=\"2\"/>"
                + Self.label(
                    "end \(lines.time(last.time)), \(lines.distance(last.distance)) to go",
                    atX: ex + 10, y: ey + 18) + "</g>\n"
        }
        out += scaleBar(f)
        out += legend(far: f.far)
        let count = GuideStatusLine.count(points.count, "guidance point")
        out +=
            "<text x=\"20\" y=\"24\">N ↑  destination \(Self.coordinate(region.destination)), "
            + "\(count)" + (arrival == nil ? ", not arrived" : ", arrived") + "</text>\n"
        return out + "</svg>\n"
    }

    /// Labels where the turn instruction changes its kind (ahead, left, right, around), at most one
    /// per ``labelSpacing`` pixels: `09:31:12 turn right 40°`.
    private func turnLabels(_ f: Frame, _ projected: [(east: Double, north: Double)]) -> String {
        var out = "<g id=\"turn-labels\">\n"
        // The start is labelled already: a turn is a change from the instruction given there.
        var previousKind = points.first?.turn.map(Self.kind)
        var lastPlaced = projected.first.map { (f.x($0.east), f.y($0.north)) }
        for (p, q) in zip(points, projected).dropFirst() {
            guard let turn = p.turn else { continue }
            let kind = Self.kind(turn)
            defer { previousKind = kind }
            guard kind != previousKind else { continue }
            let (px, py) = (f.x(q.east), f.y(q.north))
            if let (lx, ly) = lastPlaced, hypot(px - lx, py - ly) < Self.labelSpacing { continue }
            lastPlaced = (px, py)
            out +=
                "<circle cx=\"\(Self.number(px))\" cy=\"\(Self.number(py))\" r=\"4\" fill=\"none\" stroke=\"#ef6c00\" stroke-width=\"2\"/>"
                + Self.label("\(lines.time(p.time)) \(turn)", atX: px + 8, y: py - 6, colour: "#ef6c00") + "\n"
        }
        return out + "</g>\n"
    }

    /// 0 ahead, 1 left, 2 right, 3 turn around.
    private static func kind(_ turn: TurnInstruction) -> Int {
        switch turn {
        case .ahead: 0
        case .left: 1
        case .right: 2
        case .turnAround: 3
        }
    }

    /// A far destination: a dashed line from the track's end along the bearing to the edge of the
    /// map, with an arrow head and `destination 94.8 km, bearing 310° NW`.
    private func destinationDirection(_ f: Frame, from end: (east: Double, north: Double), _ last: Point) -> String {
        let (sx, sy) = (f.x(end.east), f.y(end.north))
        let b = last.bearing * .pi / 180
        let (dx, dy) = (sin(b), -cos(b))
        // How far to the frame's edge (the margin), along the direction.
        let lo = Self.margin / 2
        let hi = Self.size - Self.margin / 2
        var t = Double.infinity
        if dx > 1e-9 { t = min(t, (hi - sx) / dx) } else if dx < -1e-9 { t = min(t, (lo - sx) / dx) }
        if dy > 1e-9 { t = min(t, (hi - sy) / dy) } else if dy < -1e-9 { t = min(t, (lo - sy) / dy) }
        t = max(t.isFinite ? t : 0, 30)
        let (ex, ey) = (sx + dx * t, sy + dy * t)
        // The arrow head: two strokes 14 px back from the tip, 25° either side.
        func wing(_ side: Double) -> String {
            let a = b + .pi + side * 25 * .pi / 180
            return "<line x1=\"\(Self.number(ex))\" y1=\"\(Self.number(ey))\" x2=\"\(Self.number(ex + sin(a) * 14))\" "
                + "y2=\"\(Self.number(ey - cos(a) * 14))\"/>"
        }
        let text =
            "destination \(lines.distance(last.distance)), bearing \(GuideStatusLine.degrees(last.bearing)) "
            + CompassPoint(bearing: last.bearing).rawValue
        // Beside the middle of the line, on its right.
        let labelX = min(max((sx + ex) / 2 - dy * 14, 10), Self.size - 10)
        let labelY = min(max((sy + ey) / 2 + dx * 14 + 4, 40), Self.size - 40)
        return "<g id=\"destination-direction\" stroke=\"#c62828\" stroke-width=\"2\">"
            + "<line x1=\"\(Self.number(sx))\" y1=\"\(Self.number(sy))\" x2=\"\(Self.number(ex))\" y2=\"\(Self.number(ey))\" "
            + "stroke-dasharray=\"8 6\"/>" + wing(1) + wing(-1)
            + "<title>destination \(Self.coordinate(region.destination))</title></g>\n"
            + "<g id=\"destination-label\">" + Self.label(text, atX: labelX, y: labelY, colour: "#c62828", weight: "bold")
            + "</g>\n"
    }

    /// The scale bar, bottom left.
    private func scaleBar(_ f: Frame) -> String {
        let bar = Self.scaleBar(metresPerPixel: 1 / f.scale)
        let barY = Self.size - 20
        return "<g id=\"scale\"><line x1=\"20\" y1=\"\(Self.number(barY))\" x2=\"\(Self.number(20 + bar * f.scale))\" "
            + "y2=\"\(Self.number(barY))\" stroke=\"black\" stroke-width=\"2\"/>"
            + "<text x=\"20\" y=\"\(Self.number(barY - 6))\">\(Self.metric.distance(bar))</text></g>\n"
    }

    /// The legend, top right: one swatch and name per kind of mark drawn.
    private func legend(far: Bool) -> String {
        var rows: [(String, String)] = [
            ("<line x1=\"0\" y1=\"0\" x2=\"20\" y2=\"0\" stroke=\"#1565c0\" stroke-width=\"2\"/>", "track"),
            ("<circle cx=\"10\" cy=\"0\" r=\"2.5\" fill=\"#1565c0\"/>", "guidance point"),
            ("<circle cx=\"10\" cy=\"0\" r=\"6\" fill=\"#2e7d32\"/>", "start"),
            ("<circle cx=\"10\" cy=\"0\" r=\"4\" fill=\"none\" stroke=\"#ef6c00\" stroke-width=\"2\"/>", "turn"),
        ]
        if arrival != nil {
            rows.append(("<circle cx=\"10\" cy=\"0\" r=\"6\" fill=\"none\" stroke=\"#2e7d32\" stroke-width=\"3\"/>", "arrival"))
        } else {
            rows.append(("<rect x=\"4\" y=\"-6\" width=\"12\" height=\"12\" fill=\"#212121\"/>", "end (not arrived)"))
        }
        if far {
            rows.append(
                (
                    "<line x1=\"0\" y1=\"0\" x2=\"20\" y2=\"0\" stroke=\"#c62828\" stroke-width=\"2\" stroke-dasharray=\"5 3\"/>",
                    "toward the destination"
                ))
        } else {
            rows.append(("<path d=\"M4 -6 L16 6 M4 6 L16 -6\" stroke=\"#c62828\" stroke-width=\"3\"/>", "destination"))
            rows.append(
                (
                    "<circle cx=\"10\" cy=\"0\" r=\"7\" fill=\"#2e7d32\" fill-opacity=\"0.12\" stroke=\"#2e7d32\" stroke-dasharray=\"3 2\"/>",
                    "arrival within \(lines.distance(region.entryRadius))"
                ))
        }
        let width = 200.0
        let left = Self.size - width - 10
        var out =
            "<g id=\"legend\"><rect x=\"\(Self.number(left))\" y=\"10\" width=\"\(Self.number(width))\" "
            + "height=\"\(Self.number(Double(rows.count) * 20 + 12))\" fill=\"white\" fill-opacity=\"0.9\" stroke=\"#9e9e9e\"/>\n"
        for (i, row) in rows.enumerated() {
            let rowY = 28 + Double(i) * 20
            out +=
                "<g transform=\"translate(\(Self.number(left + 10)),\(Self.number(rowY - 4)))\">\(row.0)</g>"
                + "<text x=\"\(Self.number(left + 40))\" y=\"\(Self.number(rowY))\">\(Self.escaped(row.1))</text>\n"
        }
        return out + "</g>\n"
    }

    /// Text with a white halo, readable over the track.
    /// On the right half of the map it ends at `x` instead of starting there, so that it stays inside.
    private static func label(_ text: String, atX x: Double, y: Double, colour: String = "#212121", weight: String = "normal")
        -> String
    {
        let right = x > size * 0.6
        return "<text x=\"\(number(right ? x - 24 : x))\" y=\"\(number(y))\"\(right ? " text-anchor=\"end\"" : "") "
            + "fill=\"\(colour)\" font-weight=\"\(weight)\" stroke=\"white\" stroke-width=\"3\" paint-order=\"stroke\">"
            + "\(escaped(text))</text>"
    }

    /// Writes the SVG to ``file``, through to what its path names.
    func write() throws(GuidePlotFile.Failure) {
        try file.write(svg())
    }

    /// A round length (1, 2 or 5 × 10ⁿ metres) about a fifth of the canvas.
    static func scaleBar(metresPerPixel: Double) -> Double {
        let target = (size - 2 * margin) / 5 * metresPerPixel
        let power = pow(10, (log10(max(target, 1e-3))).rounded(.down))
        return [5.0, 2, 1].map { $0 * power }.first { $0 <= target } ?? power
    }

    static func number(_ v: Double) -> String { String(format: "%.1f", v) }

    static func coordinate(_ c: Coordinate) -> String {
        String(format: "%.5f,%.5f", c.latitude, c.longitude)
    }

    /// Text for an SVG element: `&`, `<` and `>` escaped.
    static func escaped(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
