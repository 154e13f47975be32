import Foundation
import LodestarInternals

/// The staleness and ordering rules on a fix's UTC time.
///
/// - A fix older than ``maximumFixAge`` relative to "now" is stale. For a live source now is the
///   wall clock; for a replay it is the replay clock, which is the latest fix time seen.
/// - A fix whose time is not after the last accepted fix's time is out of order (a repeat or a
///   late arrival).
///
/// Pure: the caller keeps "now" and the last accepted time.
package struct FixTimeRule: Sendable, Equatable {
    /// Maximum age of a fix (> 0); nil accepts fixes of any age.
    package var maximumFixAge: Duration?

    package init(maximumFixAge: Duration?) {
        self.maximumFixAge = maximumFixAge
    }

    /// nil when a fix of time `time` may be used, else the reason it is rejected.
    /// - Parameters:
    ///   - time: the fix's UTC time.
    ///   - now: the current time on the manager's clock.
    ///   - lastAccepted: the time of the last fix that passed this rule, or nil.
    /// - Complexity: O(1).
    @inlinable
    package func check(time: Date, now: Date, lastAccepted: Date?) -> WithholdReason? {
        if let limit = maximumFixAge {
            let age = now.timeIntervalSince(time)
            // An age too large for a Duration (a date decades off) is stale all the same.
            if age > limit.seconds { return .stale(age: Duration(checkedSeconds: age) ?? .seconds(Int64.max), limit: limit) }
        }
        if let last = lastAccepted, time <= last { return .outOfOrder(time: time, previous: last) }
        return nil
    }
}
