import GNSS

/// Decides which connection states a ``GPSDReader`` reports, so that each outage is said once.
///
/// An outage starts with the first failure after a connection that delivered (or at start) and
/// ends when a connection delivers its first line. Within it:
/// - the first failure is reported: `.refused(reason)` when no connection delivered since the
///   last outage (gpsd not running, or one that accepts and closes at once), `.lost(reason)` when
///   a connection that delivered has ended;
/// - every retry is `.reconnecting(attempt:delay:)` with the attempt counted from the start of the
///   outage, so the backoff keeps growing while connections deliver nothing;
/// - a connection that delivers nothing (accepted, then closed) neither ends the outage nor
///   resets the backoff.
///
/// A connection that ends because gpsd sent a line too long to read does not reset the backoff,
/// and makes the source wary: a gpsd that does it once will do it again, so until a connection
/// delivers a report (TPV, ATT, NMEA), its greeting alone does not end the outage, and the same
/// loss on every connection is said once.
struct ConnectionOutage {
    /// The number of the coming attempt in this outage: 0 while connected, 1 for the first retry.
    private(set) var attempt = 0
    /// Whether the current connection has sent a line.
    private(set) var lineSeen = false
    /// Whether the current outage's failure has been reported.
    private var reported = false
    /// Whether the current connection has ended the outage (`.connected` was due).
    private var delivering = false
    /// Whether the last failure will likely repeat: a greeting does not end the outage.
    private var wary = false
    /// The attempt count when the last connection was made, restored when it ends without
    /// resetting the backoff.
    private var lastAttemptBeforeConnection = 0

    /// A connection sent a line; `isReport` when it is a TPV, ATT or NMEA report rather than
    /// gpsd's greeting or another object. True when this ends the outage: `.connected` is due.
    mutating func lineArrived(isReport: Bool) -> Bool {
        lineSeen = true
        guard !delivering, !wary || isReport else { return false }
        delivering = true
        wary = false
        attempt = 0
        reported = false
        return true
    }

    /// A connection attempt failed, or a connection ended, for `reason`. Returns the failure to
    /// report when it starts an outage, nil within one; either way the caller then reports
    /// `.reconnecting` with ``attempt``.
    ///
    /// - Parameters:
    ///   - reason: why, in gpsd's or the system's words.
    ///   - resetsBackoff: false when the connection ended for a reason that will repeat (a line
    ///     too long): the attempt count goes on from where the outage left it.
    mutating func failed(_ reason: String, resetsBackoff: Bool = true) -> SourceState? {
        let wasDelivering = delivering
        delivering = false
        lineSeen = false
        if !resetsBackoff {
            wary = true
            if wasDelivering { attempt = lastAttemptBeforeConnection }
        }
        attempt += 1
        lastAttemptBeforeConnection = attempt
        guard !reported else { return nil }
        reported = true
        return wasDelivering ? .lost(reason: reason) : .refused(reason: reason)
    }
}
