import Foundation
import Glibc
import Lodestar

/// How `lodestar guide` shows what happens: in a terminal, one status line redrawn in place; when
/// piped, one line per update; with `--json`, one JSON object per event. Messages (skipped lines,
/// the source's troubles) go to standard error, the first few in full.
struct GuideOutput: Sendable {
    enum Mode: Sendable, Equatable {
        /// Standard output is a terminal: the status line is redrawn in place.
        case terminal
        /// Standard output is a pipe or a file: one line per update.
        case lines
        /// `--json`: one JSON object per event on standard output.
        case json
    }

    let mode: Mode
    private var statusOnScreen = false
    private var warnings = 0
    /// The terminal's width in columns: a redrawn line must not wrap, or "\r" cannot redraw it.
    /// Read again when the window changes size (``resized()``).
    private var columns: Int
    /// The status line shown last, redrawn to the new width when the window changes size.
    private var lastStatus: StatusLine?
    /// Whether the source is in an outage already said ("source unavailable" once per outage).
    private var sourceDown = false
    /// "location unknown: no fix" came and waits for the next event: the status line says it, with
    /// the time, when that event is the fix's epoch without a position.
    private var unknownPending = false

    /// Warnings shown in full; the rest are counted.
    static let warningsShown = 5

    /// The status lines, in the command's time zone and units.
    let lines: GuideStatusLine

    init(mode: Mode, lines: GuideStatusLine) {
        self.mode = mode
        self.lines = lines
        columns = mode == .terminal ? Self.terminalColumns() ?? 80 : 80
    }

    /// The width of the terminal on standard output (TIOCGWINSZ), or nil when it has none.
    static func terminalColumns() -> Int? {
        var size = winsize()
        return ioctl(1, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : nil
    }

    /// Shows one manager event and what the guide session made of it.
    mutating func show(_ event: LocationEvent, update: GuideUpdate?, session: GuideSession) {
        if unknownPending, event != .error(.locationUnknown) {
            unknownPending = false
            if case .noFix = update {} else if mode != .json { message(LocationError.locationUnknown.description) }
        }
        if mode == .json {
            Self.write(1, GuideJSON.object(for: event, session: session) + "\n")
        } else {
            report(event)
        }
        if mode != .json, case .sourceState(let state) = event, let line = lines.silence(state, session: session) {
            status(line)
        }
        guard let update, mode != .json else { return }
        switch update {
        case .acquiring(let w):
            status(lines.acquiring(w))
        case .location(let l, let g):
            status(lines.guidance(g, at: l, heading: session.heading, loss: session.fixLoss))
        case .heading(_, let g):
            // The turn changed at the same location: worth a redraw, not a new line (but not over
            // "no fix for N s" with the last guidance before the outage).
            if mode == .terminal, let l = session.location, session.fixLoss == nil || l.kind == .deadReckoned {
                status(lines.guidance(g, at: l, heading: session.heading, loss: session.fixLoss))
            }
        case .noFix(let loss):
            status(lines.noFix(loss, session: session))
        case .arrived, .departed:
            break
        }
    }

    /// The terminal changed size (SIGWINCH): reads its width again, clears the status line and
    /// draws it again to the new width, so that a narrowed window never wraps it.
    mutating func resized() {
        guard mode == .terminal else { return }
        columns = Self.terminalColumns() ?? columns
        if statusOnScreen, let lastStatus { Self.write(1, "\r\u{1B}[2K" + lastStatus.fitted(to: columns - 1) + "\u{1B}[K") }
    }

    /// The closing line: on standard output, after the status line (on standard error with
    /// `--json`, so that standard output stays JSON).
    mutating func finish(_ line: String) {
        if mode == .json {
            Diagnostics.text(line + "\n")
            return
        }
        endStatus()
        Self.write(1, line + "\n")
        if unknownPending { message(LocationError.locationUnknown.description) }
        if warnings > Self.warningsShown {
            message("\(GuideStatusLine.count(warnings - Self.warningsShown, "more warning")) not shown")
        }
    }

    /// A line on standard output that stays (an arrival or a departure with `--keep-going`), with
    /// the status line moved out of its way first; nothing with `--json`, whose events say it.
    mutating func line(_ text: String) {
        guard mode != .json else { return }
        endStatus()
        Self.write(1, text + "\n")
    }

    /// A message on standard error, with the status line moved out of its way first.
    mutating func message(_ text: String) {
        endStatus()
        Diagnostics.error(text)
    }

    private mutating func report(_ event: LocationEvent) {
        switch event {
        case .warning(let text):
            warnings += 1
            if warnings <= Self.warningsShown { message("warning: \(text)") }
        case .error(.headingUnavailable):
            break
        case .error(.locationUnknown):
            unknownPending = true
        case .error(.sourceUnavailable(let reason)):
            // Said once per outage: the retries that follow say nothing until it is back.
            if !sourceDown { message(LocationError.sourceUnavailable(reason: reason).description) }
            sourceDown = true
        case .error(let e):
            message(e.description)
        case .location, .withheld, .waitingForAccuracy, .heading:
            // A report from the source ends the outage; a connection alone does not (a gpsd that
            // greets and closes at once is connected a moment on every retry).
            if sourceDown { message("source available again") }
            sourceDown = false
        default:
            break
        }
    }

    private mutating func status(_ line: StatusLine) {
        switch mode {
        case .terminal:
            // One column short of the width: a line that fills the last column would wrap.
            Self.write(1, "\r" + line.fitted(to: columns - 1) + "\u{1B}[K")
            statusOnScreen = true
            lastStatus = line
        case .lines:
            Self.write(1, line.text + "\n")
        case .json:
            break
        }
    }

    private mutating func endStatus() {
        if statusOnScreen {
            Self.write(1, "\n")
            statusOnScreen = false
        }
    }

    /// Writes all of `text` to a file descriptor (a failure on standard output is recorded for
    /// the exit status, and ends the guidance: see ``outputFailed``).
    static func write(_ fd: Int32, _ text: String) {
        StandardOutput.write(fd, text)
    }

    /// Whether standard output has failed: guidance nobody can read stops.
    var outputFailed: Bool { StandardOutput.hasFailed }
}
