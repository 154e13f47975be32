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
    private let columns: Int

    /// Warnings shown in full; the rest are counted.
    static let warningsShown = 5

    init(mode: Mode) {
        self.mode = mode
        var size = winsize()
        columns = mode == .terminal && ioctl(1, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : 80
    }

    /// Shows one manager event and what the guide session made of it.
    mutating func show(_ event: LocationEvent, update: GuideUpdate?, session: GuideSession) {
        if mode == .json {
            let guidance: Guidance? = if case .location = event { session.guidance } else { nil }
            Self.write(1, GuideJSON.object(for: event, guidance: guidance) + "\n")
        } else {
            report(event)
        }
        guard let update, mode != .json else { return }
        switch update {
        case .acquiring(let w):
            status(GuideStatusLine.acquiring(w))
        case .location(let l, let g):
            status(GuideStatusLine.guidance(g, at: l))
        case .heading(_, let g):
            // The turn changed at the same location: worth a redraw, not a new line.
            if mode == .terminal, let l = session.location { status(GuideStatusLine.guidance(g, at: l)) }
        case .arrived, .departed:
            break
        }
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
        if warnings > Self.warningsShown { message("\(warnings - Self.warningsShown) more warnings not shown") }
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
        case .error(let e):
            message(e.description)
        default:
            break
        }
    }

    private mutating func status(_ line: String) {
        switch mode {
        case .terminal:
            // Every character of the line is one column wide (°, ±, arrows included).
            let fitted = line.unicodeScalars.count < columns ? line : String(String.UnicodeScalarView(line.unicodeScalars.prefix(columns - 1)))
            Self.write(1, "\r" + fitted + "\u{1B}[K")
            statusOnScreen = true
        case .lines:
            Self.write(1, line + "\n")
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
