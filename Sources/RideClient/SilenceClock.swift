import Synchronization

/// When an event stream last heard anything, on the continuous clock: touched by the reading task
/// on every chunk, read by the watchdog that gives up on a silent service.
final class SilenceClock: Sendable {
    private let last = Mutex(ContinuousClock.now)

    /// Something arrived now.
    func touch() {
        last.withLock { $0 = .now }
    }

    /// How long since something last arrived (or since this clock was made), ≥ 0.
    func silence() -> Duration {
        ContinuousClock.now - last.withLock { $0 }
    }
}
