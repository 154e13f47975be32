import Foundation

/// Waiting for a condition instead of sleeping for a fixed time: the condition is checked at
/// once, then every `poll` (20 ms unless given) until it holds or `timeout` has passed.
/// True as soon as the condition holds; false on timeout (after one last check).
public func waitUntil(upTo timeout: Duration, poll: Duration = .milliseconds(20), _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: poll)
    }
    return condition()
}

/// ``waitUntil(upTo:poll:_:)`` for a condition that must await (a request, a query).
public func waitUntilAsync(
    upTo timeout: Duration, poll: Duration = .milliseconds(20), _ condition: () async -> Bool
) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if await condition() { return true }
        try? await Task.sleep(for: poll)
    }
    return await condition()
}

/// ``waitUntil(upTo:poll:_:)`` for synchronous code (a test function that is not `async`, or a
/// helper that runs on a thread of its own): the calling thread sleeps between checks.
public func blockUntil(upTo timeout: Duration, poll: Duration = .milliseconds(20), _ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if condition() { return true }
        Thread.sleep(forTimeInterval: poll.secondsValue)
    }
    return condition()
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    fileprivate var secondsValue: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

/// Runs `body` (a blocking wait for a child process, a pipe read to its end) on a thread of its
/// own and awaits it, so that a test blocks no thread of the cooperative pool: the asynchronous
/// tests running beside it need those.
public func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { (c: CheckedContinuation<T, any Error>) in
        Thread { c.resume(with: Result { try body() }) }.start()
    }
}
