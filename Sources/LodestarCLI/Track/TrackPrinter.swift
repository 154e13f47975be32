import Foundation
import GNSS
import GPSD
import Lodestar
import LodestarInternals

/// What `lodestar track` prints for each event of a gpsd source, and the closing summary.
///
/// Fix lines go to standard output through a ``LineQueue``: a reader that does not keep up loses
/// the oldest waiting lines (counted in the summary), never stalls the reading of gpsd nor grows
/// memory; messages go to standard error, each said once per change of state (one "connection
/// lost, reconnecting", not one per retry). With fusion, each fix goes through the location
/// engine's fusion filter first, and what is printed is the fused (or dead-reckoned) location in
/// the fix's form, as `replay --fusion` writes it.
struct TrackPrinter: Sendable {
    let endpoint: GPSDEndpoint
    let mode: Mode
    /// Show gpsd's satellite views (`--satellites` as text; SKY objects always in JSON).
    let satellites: Bool
    /// Stop after this many records (`-n`); nil for no limit.
    let limit: Int?
    /// Standard output's items, made into text on the writer's thread.
    let output: LineQueue<TrackOutput>
    /// The fusion filter (with no other rule), nil for the receiver's fixes as they are.
    private var engine: LocationEngine?

    /// What standard output carries.
    enum Mode: Sendable {
        /// One text line per fix (``FixText``).
        case text
        /// gpsd's JSON: TPV, ATT, SKY.
        case json
        /// The raw NMEA sentences gpsd relays, written by the source's sentence handler.
        case nmea
    }

    private var fixes = 0
    private var positioned = 0
    private var headings = 0
    private var skies = 0
    private var losses = 0
    private var warnings = 0
    private var fused = 0
    private var deadReckoned = 0
    /// Records written to standard output (fix lines, JSON objects, satellite views).
    private(set) var records = 0
    private var firstTime: Date?
    private var lastTime: Date?
    private var phase = Phase.starting
    private var hasFix = false
    private var lastHeading: (reading: HeadingReading, at: Duration)?
    /// The text line of the last fix, held until the heading of its epoch arrives (gpsd reports
    /// the fix on the cycle's first sentence, the heading sentence may come after) or the next
    /// fix does. Held only once a heading has been seen, or once gpsd has repeated a fix time.
    private var pending: (fix: Fix, heading: HeadingReading?, kind: LocationKind)?
    /// The fix time of the last text line written.
    private var lastLineTime: Date?
    /// TPVs of a fix time already shown or held (gpsd reports on every sentence when it cannot
    /// find the end of a receiver's cycle: a 10 Hz compass beside a 1 Hz receiver), merged into
    /// the line of their time rather than printed again.
    private var repeats = 0
    /// Whether gpsd has repeated a fix time: from then on each line is held until a TPV of
    /// another time comes, so that it shows the newest report of its time (the epoch's own
    /// position; gpsd's first TPV of a time can still carry the previous epoch's).
    private var holdsEpochs = false

    /// Where the connection stands, so that each message is said once.
    private enum Phase { case starting, unreachable, connected, silent, lost }

    /// Warnings printed in full; later ones are only counted.
    private static let warningsShown = 5
    /// How long a heading reading is shown with the fixes that follow it.
    private static let headingShownFor: Duration = .seconds(2)

    /// - Parameter fusion: `.off` prints the receiver's fixes; otherwise the fused locations.
    init(
        endpoint: GPSDEndpoint, mode: Mode, satellites: Bool, limit: Int?, fusion: Fusion = .off,
        output: LineQueue<TrackOutput>
    ) {
        self.endpoint = endpoint
        self.mode = mode
        self.satellites = satellites
        self.limit = limit
        self.output = output
        if fusion.isEnabled {
            var configuration = LocationConfiguration()
            configuration.fusion = fusion
            var engine = LocationEngine(configuration: configuration, sourceName: endpoint.description, provenance: .live)
            engine.updatingHeading = false
            self.engine = engine
        }
    }

    /// `-n` is reached: nothing more is written.
    var isDone: Bool { limit.map { records >= $0 } ?? false }

    mutating func handle(_ event: FixSourceEvent) {
        switch event {
        case .fix(let fix): handle(fix)
        case .state(let state):
            releasePending()
            handle(state)
        case .warning(let text):
            warnings += 1
            if warnings <= Self.warningsShown { Self.writeError("warning: \(text)") }
        }
    }

    /// Writes one record, unless `-n` is reached.
    private mutating func emit(_ item: TrackOutput) {
        guard !isDone else { return }
        records += 1
        output.append(item)
    }

    /// Writes the held fix line, if any.
    mutating func releasePending() {
        guard let held = pending else { return }
        pending = nil
        emitLine(held.fix, held.heading, held.kind)
    }

    /// Writes a fix's text line, and remembers its time.
    private mutating func emitLine(_ fix: Fix, _ heading: HeadingReading?, _ kind: LocationKind) {
        if let time = fix.time { lastLineTime = time }
        emit(.text(fix, heading, kind))
    }

    /// Whether `fix` repeats the time of the held line (it replaces the held fix: the newest
    /// report of a time is its fix) or of the line written last (dropped); counts it.
    private mutating func mergedRepeat(_ fix: Fix) -> Bool {
        guard mode == .text, engine == nil, fix.hasPosition, let time = fix.time else { return false }
        if let held = pending, held.fix.time == time {
            pending?.fix = fix
        } else if time != lastLineTime {
            return false
        }
        repeats += 1
        holdsEpochs = true
        return true
    }

    private mutating func handle(_ fix: Fix) {
        if let reading = fix.heading, fix.mode == .unknown {
            headings += 1
            lastHeading = (reading, fix.monotonicTime ?? MonotonicClock.now())
            switch mode {
            case .json: emit(.attitude(reading))
            case .text:
                // The first heading after a fix is the heading of that fix's epoch. A line held
                // for its epoch's newest report takes the newest heading too, and waits for the
                // next fix time.
                if pending != nil {
                    pending?.heading = reading
                    if !holdsEpochs { releasePending() }
                }
            case .nmea: break
            }
            return
        }
        if fix.mode == .unknown, fix.coordinate == nil, fix.satellitesInView != nil {
            skies += 1
            switch mode {
            case .json: emit(.sky(fix))
            case .text:
                if satellites {
                    releasePending()
                    emit(.satellites(fix))
                }
            case .nmea: break
            }
            return
        }
        if mergedRepeat(fix) { return }
        releasePending()
        fixes += 1
        // Fused, only the locations the filter delivers are printed (dead-reckoned ones through
        // an outage, none once it has ended), as `replay --fusion` does.
        let outcome = engine?.process(fix, now: Date())
        if let fault = outcome?.clockFault {
            // Said once per fault by the engine: always shown.
            warnings += 1
            Self.writeError("warning: \(fault)")
        }
        let location = outcome?.location
        let shown = location.map { fix.written(as: $0) } ?? fix
        let printed = engine == nil || location != nil
        switch location?.kind {
        case .fused: fused += 1
        case .deadReckoned: deadReckoned += 1
        case .raw, nil: break
        }
        if mode == .json, printed { emit(.tpv(shown)) }
        guard fix.hasPosition else {
            if hasFix {
                hasFix = false
                Self.writeError("fix lost; waiting for a fix")
            }
            if mode == .text, let location { emitLine(shown, nil, location.kind) }
            return
        }
        hasFix = true
        positioned += 1
        if let time = fix.time {
            firstTime = firstTime ?? time
            lastTime = time
        }
        guard mode == .text, printed else { return }
        let kind = location?.kind ?? .raw
        if headings > 0 || holdsEpochs {
            pending = (shown, recentHeading(at: fix.monotonicTime), kind)
        } else {
            emitLine(shown, nil, kind)
        }
    }

    private func recentHeading(at time: Duration?) -> HeadingReading? {
        guard let last = lastHeading, let time, time - last.at <= Self.headingShownFor else { return nil }
        return last.reading
    }

    private mutating func handle(_ state: SourceState) {
        switch state {
        case .connecting:
            Self.writeError("connecting to gpsd at \(endpoint)")
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

    /// The closing summary, on standard error; `unwritten` lines did not reach standard output.
    /// `sentences` NMEA sentences were printed (`--nmea`).
    func printSummary(elapsed: Duration, recorder: NMEARecorder?, unwritten: Int, sentences: Int) {
        let seconds = elapsed.seconds
        var text = "\(Plural.count(fixes, "fix", plural: "fixes")) (\(positioned) with a position"
        if headings > 0 { text += ", \(Plural.count(headings, "heading"))" }
        if skies > 0 { text += ", \(Plural.count(skies, "satellite view"))" }
        text += String(format: ") in %.1f s from gpsd at %@", seconds, endpoint.description)
        if let firstTime, let lastTime {
            text +=
                "; receiver time \(ISO8601.string(firstTime, fractionDigits: 3)) to \(ISO8601.string(lastTime, fractionDigits: 3))"
        }
        text += "; connection lost \(Plural.count(losses, "time"))"
        if engine != nil { text += "; \(fused) fused, \(deadReckoned) dead-reckoned" }
        if repeats > 0 { text += "; \(Plural.count(repeats, "repeated TPV")) of a fix time merged into its line" }
        if warnings > 0 { text += "; \(Plural.count(warnings, "warning"))" }
        if mode == .nmea { text += "; \(Plural.count(sentences, "NMEA sentence")) printed" }
        if let recorder { text += "; \(Plural.count(recorder.sentencesWritten, "NMEA sentence")) recorded to \(recorder.path)" }
        if unwritten > 0 {
            text += "; \(Plural.count(unwritten, "line")) not written: standard output did not keep up (the newest were kept)"
        }
        Self.writeError(text)
    }

    static func writeError(_ line: String) {
        Diagnostics.error(line)
    }
}
