import Synchronization

/// The one position waiting to be sent: a new report replaces the one waiting, so that memory
/// stays the same however long the service is away, and what is sent after an outage is where
/// the vehicle is now, not where it was.
final class LatestPosition: Sendable {
    private struct State {
        var report: PositionReport?
        var superseded = 0
        var finished = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    /// Puts `report` in place of the one waiting (counted as superseded) and wakes the sender.
    func put(_ report: PositionReport) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if state.report != nil { state.superseded += 1 }
            state.report = report
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// No more reports: ``next()`` returns what waits, then nil.
    func finish() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.finished = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Takes the waiting report, if any, without waiting.
    func take() -> PositionReport? {
        state.withLock { state in
            defer { state.report = nil }
            return state.report
        }
    }

    /// How many reports were replaced before they were sent, since the last call (then 0).
    func takeSuperseded() -> Int {
        state.withLock { state in
            defer { state.superseded = 0 }
            return state.superseded
        }
    }

    /// Waits for a report and takes it; nil once finished and empty, or when the task is cancelled.
    func next() async -> PositionReport? {
        while true {
            if let report = take() { return report }
            if Task.isCancelled || state.withLock({ $0.finished }) { return nil }
            await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let resumeNow = state.withLock { state -> Bool in
                        if state.report != nil || state.finished || Task.isCancelled { return true }
                        state.waiter = continuation
                        return false
                    }
                    if resumeNow { continuation.resume() }
                }
            } onCancel: {
                let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                    defer { state.waiter = nil }
                    return state.waiter
                }
                waiter?.resume()
            }
        }
    }
}
