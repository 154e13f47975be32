import Foundation
import Geodesy
import Lodestar
import LodestarInternals

/// What `lodestar monitor` prints: one line per region event on standard output (JSON or text),
/// and at the end a summary on standard error.
///
/// - JSON: `{"class":"REGION","region":"depot-3","event":"enter","initial":false,"interpolated":true,"time":"2026-03-14T09:31:12.40Z","lat":51.5012345,"lon":-0.1234567,"accuracy":4.0}`
///   (`lat`, `lon` and `accuracy` left out when unknown; times with two decimals of the second).
/// - Text: `2026-03-14T09:31:12.40Z  enter    depot-3  51.5012345,-0.1234567 ±4.0 m  (interpolated)`.
struct MonitorOutput: Sendable {
    let json: Bool
    private var output = BlockOutput(fd: 1, threshold: 256 * 1024)
    /// Events printed, of the kinds the summary counts.
    private var enters = 0
    private var exits = 0
    private var dwells = 0
    /// The JSON lines' writer, which keeps the last line's text after the region.
    private var lines = RegionEventWriter()
    private var interpolated = 0
    private var locations = 0
    private var deadReckoned = 0

    init(json: Bool) {
        self.json = json
    }

    /// Whether writing to standard output failed.
    var failed: Bool { output.failed }

    /// Counts a location the monitor is given.
    mutating func count(_ location: Location) {
        locations += 1
        if location.kind == .deadReckoned { deadReckoned += 1 }
    }

    /// Appends the lines of `events`.
    mutating func write(_ events: [RegionEvent]) {
        // By index: each event is read in place, not copied.
        for k in events.indices {
            switch events[k].kind {
            case .enter: enters += 1
            case .exit: exits += 1
            case .dwell: dwells += 1
            case .inside, .outside, .unknown: break
            }
            if events[k].interpolated { interpolated += 1 }
            if !json {
                Self.appendText(events[k], to: &output.buffer)
                output.flushIfFull()
            }
        }
        guard json else { return }
        // JSON lines 1,024 at a time (the writer makes room once for them), flushed between.
        var start = events.startIndex
        while start < events.endIndex {
            let end = min(start + 1024, events.endIndex)
            lines.append(contentsOf: events[start..<end], to: &output.buffer)
            output.flushIfFull()
            start = end
        }
    }

    /// Writes what is buffered when the locations come at the source's pace (gpsd, or a trace
    /// replayed in time), so that each event is seen as it happens.
    mutating func flushIfLive(_ live: Bool) {
        if live && !output.buffer.isEmpty { output.flush() }
    }

    mutating func flush() {
        output.flush()
    }

    /// The readable line of an event and its newline.
    static func appendText(_ e: RegionEvent, to out: inout [UInt8]) {
        ISO8601.append(e.time, fractionDigits: 2, to: &out)
        out.append(contentsOf: "  ".utf8)
        let kind = e.initial ? "\(e.kind.rawValue) (initial)" : e.kind.rawValue
        out.append(contentsOf: kind.padding(toLength: max(kind.count, 8), withPad: " ", startingAt: 0).utf8)
        out.append(contentsOf: " \(e.region)".utf8)
        if let c = e.coordinate {
            out.append(contentsOf: "  ".utf8)
            DecimalText.append(c.latitude, decimals: 7, to: &out)
            out.append(UInt8(ascii: ","))
            DecimalText.append(c.longitude, decimals: 7, to: &out)
        }
        if let a = e.accuracy {
            out.append(contentsOf: " ±".utf8)
            DecimalText.append(a, decimals: 1, to: &out)
            out.append(contentsOf: " m".utf8)
        }
        if e.interpolated { out.append(contentsOf: "  (interpolated)".utf8) }
        out.append(0x0A)
    }

    /// The summary on standard error:
    /// `monitor: 2400 locations (12 dead-reckoned), 3 regions; 2 enter, 2 exit (2 interpolated), 1 dwell; inside now: depot-3`.
    func summarize(_ monitor: RegionMonitor) {
        var parts = ["\(enters) enter", "\(exits) exit", "\(dwells) dwell"]
        if interpolated > 0 { parts[1] += " (\(interpolated) interpolated)" }
        let inside = monitor.identifiers(in: .inside).sorted()
        let shown = inside.prefix(10).joined(separator: ", ") + (inside.count > 10 ? " and \(inside.count - 10) more" : "")
        let undecided = monitor.count(in: .unknown)
        var line = "monitor: \(locations) locations"
        if deadReckoned > 0 { line += " (\(deadReckoned) dead-reckoned)" }
        line += ", \(monitor.count) regions; " + parts.joined(separator: ", ")
        line += "; inside now: " + (inside.isEmpty ? "none" : shown)
        if undecided > 0 { line += "; undecided: \(undecided)" }
        Diagnostics.text(line + "\n")
    }
}
