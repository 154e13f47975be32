import Glibc
import LodestarInternals

/// A progress bar on standard error, drawn only when standard error is a terminal and the input
/// is a large regular file. Redrawn at most ten times a second.
struct ReplayProgress {
    let total: Int
    let enabled: Bool
    var done = 0
    var lastDraw = 0.0
    let start: Double

    /// Files smaller than this replay too fast to need a bar.
    static let minimumSize = 8 << 20

    init(total: Int?) {
        self.total = total ?? 0
        enabled = (total ?? 0) >= ReplayProgress.minimumSize && isatty(2) != 0
        start = ReplayProgress.now()
    }

    /// The monotonic clock, seconds.
    static func now() -> Double {
        MonotonicClock.now().seconds
    }

    mutating func advance(by bytes: Int) {
        guard enabled else { return }
        done += bytes
        let t = ReplayProgress.now()
        guard t - lastDraw >= 0.1 else { return }
        lastDraw = t
        let fraction = min(1, Double(done) / Double(max(total, 1)))
        let width = 30
        let filled = Int(fraction * Double(width))
        let rate = Double(done) / max(t - start, 1e-6) / 1e6
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        let line = "\r[\(bar)] \(WholeNumber.text(fraction * 100))%  \(WholeNumber.text(rate)) MB/s "
        Diagnostics.text(line)
    }

    /// Erases the bar.
    func finish() {
        guard enabled else { return }
        let blank = "\r" + String(repeating: " ", count: 60) + "\r"
        Diagnostics.text(blank)
    }
}
