import Foundation
import LodestarInternals

/// Capped exponential backoff between attempts to reach gpsd.
///
/// Attempt n (counting from 1) waits `initial × multiplier^(n−1)`, never more than `maximum`:
/// with the defaults 0.5 s, 1 s, 2 s, 4 s, 8 s, 16 s, 30 s, 30 s, ... A successful connection
/// starts the count again.
public struct ReconnectBackoff: Sendable, Equatable {
    /// The wait before the first attempt after a failure. Must be > 0.
    public var initial: Duration
    /// The longest wait. Must be ≥ `initial`.
    public var maximum: Duration
    /// Growth factor per attempt, ≥ 1.
    public var multiplier: Double

    /// - Parameters:
    ///   - initial: first wait, default 0.5 s.
    ///   - maximum: cap, default 30 s.
    ///   - multiplier: growth per attempt, default 2.
    public init(initial: Duration = .milliseconds(500), maximum: Duration = .seconds(30), multiplier: Double = 2) {
        self.initial = initial
        self.maximum = max(initial, maximum)
        self.multiplier = max(1, multiplier)
    }

    /// The wait before attempt `attempt` (1 for the first retry). O(1).
    public func delay(forAttempt attempt: Int) -> Duration {
        let first = initial.seconds
        let cap = maximum.seconds
        let exponent = Double(max(0, attempt - 1))
        let grown = first * pow(multiplier, exponent)
        guard grown < cap, let delay = Duration(checkedSeconds: grown) else { return maximum }
        return delay
    }
}
