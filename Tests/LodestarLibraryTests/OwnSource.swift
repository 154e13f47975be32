import Foundation
import GNSS
import Geodesy
import Synchronization

/// A live source of the application's own, as a user of the package writes one: a fix every
/// `interval` from a task of its own, forever, until its reader stops. It counts how often it was
/// started and stopped and remembers when it last stopped.
final class OwnSource: FixSource {
    let name = "own source"
    let interval: Duration
    private final class Counts: Sendable {
        let value = Mutex<(starts: Int, stops: Int, lastStop: ContinuousClock.Instant?)>((0, 0, nil))
        func withLock<R>(_ body: (inout (starts: Int, stops: Int, lastStop: ContinuousClock.Instant?)) -> R) -> R {
            value.withLock { body(&$0) }
        }
    }

    private let counts = Counts()

    init(interval: Duration = .milliseconds(10)) {
        self.interval = interval
    }

    var starts: Int { counts.withLock { $0.starts } }
    var stops: Int { counts.withLock { $0.stops } }
    var lastStop: ContinuousClock.Instant? { counts.withLock { $0.lastStop } }
    /// Whether the source is running now.
    var isRunning: Bool { counts.withLock { $0.starts > $0.stops } }

    func events() -> AsyncStream<FixSourceEvent> {
        counts.withLock { $0.starts += 1 }
        let interval = interval
        return AsyncStream { continuation in
            let producer = Task {
                var i = 0
                while !Task.isCancelled {
                    continuation.yield(.fix(Self.fix(i)))
                    i += 1
                    try? await Task.sleep(for: interval)
                }
            }
            continuation.onTermination = { [counts] _ in
                producer.cancel()
                counts.withLock {
                    $0.stops += 1
                    $0.lastStop = .now
                }
            }
        }
    }

    /// Fix `i`: now, walking north from Greenwich at 1.4 m/s (a fix every 10 ms), ±3 m.
    static func fix(_ i: Int) -> Fix {
        Fix(
            time: Date(), coordinate: Coordinate(uncheckedLatitude: 51.4769 + Double(i) * 1.26e-7, longitude: 0),
            mode: .threeD, errors: ErrorEstimates(horizontal: Uncertainty(3, .oneSigma)), speed: 1.4, course: 0)
    }
}

/// Waits until `condition` holds, polling every 5 ms, for at most `limit`. Returns whether it held.
/// The lifecycle tests give 30 s: a wait ends as soon as its condition holds, and on a two-core CI
/// machine the tests running beside these can hold the cooperative pool for seconds.
func eventually(within limit: Duration, _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return condition()
}

/// `Traces/NAME.nmea` of this package.
func bundledTrace(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Traces/\(name).nmea").path
}
