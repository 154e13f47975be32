import Foundation
import GNSS
import GPSD
import LodestarInternals

/// What `lodestar track` prints for each event of a gpsd source, and the closing summary.
///
/// Fix lines go to standard output through a ``LineQueue``: a reader that does not keep up loses
/// the oldest waiting lines (counted in the summary), never stalls the reading of gpsd nor grows
/// memory; messages go to standard error, each said once per change of state (one "connection
/// lost, reconnecting", not one per retry).
struct TrackPrinter: Sendable {
    let endpoint: GPSDEndpoint
    let json: Bool
    /// Standard output's lines, made on the writer's thread.
    let output: LineQueue<Line>

    /// One line of standard output, as the values it is made from.
    enum Line: Sendable {
        /// A fix as text, with the heading shown with it.
        case text(Fix, HeadingReading?)
        /// A fix as gpsd's TPV.
        case tpv(Fix)
        /// A true heading as gpsd's ATT.
        case attitude(HeadingReading)

        /// The line's text, without its newline; nil for none.
        @Sendable static func render(_ line: Line) -> String? {
            switch line {
            case .text(let fix, let heading): TrackPrinter.line(for: fix, heading: heading)
            case .tpv(let fix): TPVEncoder.string(fix)
            case .attitude(let reading): TPVEncoder.attitudeString(reading)
            }
        }
    }

    private var fixes = 0
    private var positioned = 0
    private var headings = 0
    private var losses = 0
    private var warnings = 0
    private var firstTime: Date?
    private var lastTime: Date?
    private var phase = Phase.starting
    private var hasFix = false
    private var lastHeading: (reading: HeadingReading, at: Duration)?

    /// Where the connection stands, so that each message is said once.
    private enum Phase { case starting, unreachable, connected, silent, lost }

    /// Warnings printed in full; later ones are only counted.
    private static let warningsShown = 5
    /// How long a heading reading is shown with the fixes that follow it.
    private static let headingShownFor: Duration = .seconds(2)

    init(endpoint: GPSDEndpoint, json: Bool, output: LineQueue<Line>) {
        self.endpoint = endpoint
        self.json = json
        self.output = output
    }

    mutating func handle(_ event: FixSourceEvent) {
        switch event {
        case .fix(let fix): handle(fix)
        case .state(let state): handle(state)
        case .warning(let text):
            warnings += 1
            if warnings <= Self.warningsShown { Self.writeError("warning: \(text)") }
        }
    }

    private mutating func handle(_ fix: Fix) {
        if let reading = fix.heading, fix.mode == .unknown {
            headings += 1
            lastHeading = (reading, fix.monotonicTime ?? MonotonicClock.now())
            if json { output.append(.attitude(reading)) }
            return
        }
        fixes += 1
        if json { output.append(.tpv(fix)) }
        guard fix.hasPosition else {
            if hasFix {
                hasFix = false
                Self.writeError("fix lost; waiting for a fix")
            }
            return
        }
        hasFix = true
        positioned += 1
        if let time = fix.time {
            firstTime = firstTime ?? time
            lastTime = time
        }
        if !json { output.append(.text(fix, recentHeading(at: fix.monotonicTime))) }
    }

    private func recentHeading(at time: Duration?) -> HeadingReading? {
        guard let last = lastHeading, let time, time - last.at <= Self.headingShownFor else { return nil }
        return last.reading
    }

    private mutating func handle(_ state: SourceState) {
        switch state {
        case .connecting:
            Self.writeError("waiting for gpsd at \(endpoint)")
        case .refused(let reason):
            if phase == .starting {
                Self.writeError("gpsd at \(endpoint) is not reachable (\(reason)); retrying until it is")
                phase = .unreachable
            }
        case .connected:
            switch phase {
            case .lost: Self.writeError("reconnected to gpsd at \(endpoint); waiting for a fix")
            case .silent: Self.writeError("gpsd at \(endpoint) is sending again")
            case .starting, .unreachable: Self.writeError("connected to gpsd at \(endpoint); waiting for a fix")
            case .connected: break
            }
            phase = .connected
        case .noFix(let silence):
            Self.writeError("still waiting for a fix (none for \(silence.components.seconds) s)")
        case .noData(let silence):
            phase = .silent
            Self.writeError("gpsd at \(endpoint) has sent nothing for \(silence.components.seconds) s")
        case .lost(let reason):
            losses += 1
            hasFix = false
            phase = .lost
            Self.writeError("connection lost (\(reason)), reconnecting")
        case .reconnecting, .finished:
            break
        }
    }

    /// `2035-05-26T09:15:05.000Z  3D  48.2174350 N    8.4144950 E  ±5.2 m  4.88 m/s  course 186.6°  heading 274.1°`;
    /// a magnetic compass's reading shows as `heading 229.8° magnetic (variation 1.3° E)`.
    static func line(for fix: Fix, heading: HeadingReading?) -> String {
        var parts = [fix.time.map { ISO8601.string($0, fractionDigits: 3) } ?? "(no time)              ", fix.mode == .threeD ? "3D" : "2D"]
        if let c = fix.coordinate {
            parts.append(String(format: "%10.7f %@", abs(c.latitude), c.latitude < 0 ? "S" : "N"))
            parts.append(String(format: "%11.7f %@", abs(c.longitude), c.longitude < 0 ? "W" : "E"))
        }
        if let accuracy = fix.errors.horizontalAccuracy { parts.append(String(format: "±%.1f m", accuracy)) }
        if let speed = fix.speed { parts.append(String(format: "%.2f m/s", speed)) }
        if let course = fix.course { parts.append(String(format: "course %.1f°", course)) }
        if let h = heading?.trueHeading {
            parts.append(String(format: "heading %.1f°", h))
        } else if let h = heading?.magneticHeading {
            var text = String(format: "heading %.1f° magnetic", h)
            if let v = heading?.variation { text += String(format: " (variation %.1f° %@)", abs(v), v < 0 ? "W" : "E") }
            parts.append(text)
        }
        return parts.joined(separator: "  ")
    }

    /// The closing summary, on standard error; `unwritten` lines did not reach standard output.
    func printSummary(elapsed: Duration, recorder: NMEARecorder?, unwritten: Int) {
        let seconds = elapsed.seconds
        var text = String(format: "%d fixes (%d with a position", fixes, positioned)
        if headings > 0 { text += ", \(headings) headings" }
        text += String(format: ") in %.1f s from gpsd at %@", seconds, endpoint.description)
        if let firstTime, let lastTime {
            text += "; receiver time \(ISO8601.string(firstTime, fractionDigits: 3)) to \(ISO8601.string(lastTime, fractionDigits: 3))"
        }
        text += "; connection lost \(losses) time\(losses == 1 ? "" : "s")"
        if warnings > 0 { text += "; \(warnings) warning\(warnings == 1 ? "" : "s")" }
        if let recorder { text += "; \(recorder.sentencesWritten) NMEA sentences recorded to \(recorder.path)" }
        if unwritten > 0 {
            text += "; \(unwritten) line\(unwritten == 1 ? "" : "s") not written: standard output did not keep up (the newest were kept)"
        }
        Self.writeError(text)
    }

    static func writeError(_ line: String) {
        Diagnostics.error(line)
    }
}
