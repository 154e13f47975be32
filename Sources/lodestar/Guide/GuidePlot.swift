import Foundation
import Geodesy
import Lodestar
import LodestarInternals

/// The SVG `lodestar guide --plot FILE.svg` writes: the track, the destination and its arrival
/// circle, a dot at each guidance point (hover for its time, distance and turn), the arrival point,
/// and a scale bar. North is up; the map is a local flat projection around the destination (east
/// and north metres, WGS84 radii of curvature), true to scale over a few kilometres.
struct GuidePlot: Sendable {
    /// One guidance point.
    private struct Point: Sendable {
        var east: Double
        var north: Double
        var label: String
    }

    /// Where the SVG goes, opened before the run.
    let file: GuidePlotFile
    let region: ArrivalRegion
    private var points: [Point] = []
    private var arrival: Point?

    /// Canvas size in pixels, and the margin kept around the drawing.
    static let size = 800.0
    static let margin = 50.0

    init(file: GuidePlotFile, region: ArrivalRegion) {
        self.file = file
        self.region = region
    }

    /// Adds a guidance point.
    mutating func add(_ location: Location, _ g: Guidance) {
        let label = "\(GuideStatusLine.time(location.timestamp)) \(GuideStatusLine.distance(g.distance))"
            + (g.turn.map { ", \($0)" } ?? "")
        points.append(project(location.coordinate, label))
    }

    /// Marks the arrival.
    mutating func arrived(_ event: ArrivalEvent) {
        arrival = project(event.location.coordinate, GuideStatusLine.arrived(event))
    }

    private func project(_ c: Coordinate, _ label: String) -> Point {
        let phi = region.destination.latitude * .pi / 180
        let (meridional, primeVertical) = WGS84.radiiOfCurvature(latitude: phi)
        let dLon = Angle.normalizedLongitude(c.longitude - region.destination.longitude) * .pi / 180
        return Point(
            east: dLon * primeVertical * cos(phi),
            north: (c.latitude - region.destination.latitude) * .pi / 180 * meridional, label: label)
    }

    /// The SVG document.
    func svg() -> String {
        let r = region.entryRadius
        var minE = -r, maxE = r, minN = -r, maxN = r
        for p in points {
            minE = min(minE, p.east); maxE = max(maxE, p.east)
            minN = min(minN, p.north); maxN = max(maxN, p.north)
        }
        let span = max(maxE - minE, maxN - minN, 1)
        let scale = (Self.size - 2 * Self.margin) / span
        let originE = (minE + maxE) / 2, originN = (minN + maxN) / 2
        func x(_ e: Double) -> String { Self.number(Self.size / 2 + (e - originE) * scale) }
        func y(_ n: Double) -> String { Self.number(Self.size / 2 - (n - originN) * scale) }

        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(Self.size))" height="\(Int(Self.size))" \
            viewBox="0 0 \(Int(Self.size)) \(Int(Self.size))" font-family="sans-serif" font-size="13">
            <title>lodestar guide to \(Self.coordinate(region.destination))</title>
            <rect width="100%" height="100%" fill="white"/>

            """
        out += "<circle id=\"arrival-circle\" cx=\"\(x(0))\" cy=\"\(y(0))\" r=\"\(Self.number(r * scale))\" "
            + "fill=\"#2e7d32\" fill-opacity=\"0.12\" stroke=\"#2e7d32\" stroke-dasharray=\"6 4\">"
            + "<title>arrival within \(GuideStatusLine.distance(r))</title></circle>\n"
        if !points.isEmpty {
            out += "<polyline id=\"track\" fill=\"none\" stroke=\"#1565c0\" stroke-width=\"2\" points=\""
                + points.map { "\(x($0.east)),\(y($0.north))" }.joined(separator: " ") + "\"/>\n"
            out += "<g id=\"guidance-points\" fill=\"#1565c0\">\n"
            for p in points {
                out += "<circle cx=\"\(x(p.east))\" cy=\"\(y(p.north))\" r=\"2.5\"><title>\(Self.escaped(p.label))</title></circle>\n"
            }
            out += "</g>\n"
        }
        let cx = Self.size / 2 - originE * scale, cy = Self.size / 2 + originN * scale
        let (l, r8, t, b) = (Self.number(cx - 8), Self.number(cx + 8), Self.number(cy - 8), Self.number(cy + 8))
        out += "<g id=\"destination\" stroke=\"#c62828\" stroke-width=\"3\">"
            + "<line x1=\"\(l)\" y1=\"\(t)\" x2=\"\(r8)\" y2=\"\(b)\"/><line x1=\"\(l)\" y1=\"\(b)\" x2=\"\(r8)\" y2=\"\(t)\"/>"
            + "<title>destination \(Self.coordinate(region.destination))</title></g>\n"
        if let a = arrival {
            out += "<circle id=\"arrival\" cx=\"\(x(a.east))\" cy=\"\(y(a.north))\" r=\"7\" fill=\"none\" "
                + "stroke=\"#2e7d32\" stroke-width=\"3\"><title>\(Self.escaped(a.label))</title></circle>\n"
        }
        let bar = Self.scaleBar(metresPerPixel: 1 / scale)
        let barY = Self.size - 20
        out += "<g id=\"scale\"><line x1=\"20\" y1=\"\(Self.number(barY))\" x2=\"\(Self.number(20 + bar * scale))\" "
            + "y2=\"\(Self.number(barY))\" stroke=\"black\" stroke-width=\"2\"/>"
            + "<text x=\"20\" y=\"\(Self.number(barY - 6))\">\(GuideStatusLine.distance(bar))</text></g>\n"
        out += "<text x=\"20\" y=\"24\">N ↑  destination \(Self.coordinate(region.destination)), "
            + "\(points.count) guidance points" + (arrival == nil ? ", not arrived" : ", arrived") + "</text>\n"
        return out + "</svg>\n"
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
