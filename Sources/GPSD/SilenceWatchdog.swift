import GNSS
import LodestarInternals

/// Decides when a connected source reports ``GNSS/SourceState/noData(for:)`` and
/// ``GNSS/SourceState/noFix(for:)``.
///
/// Each is reported when its timeout has passed since the last line (or the last 2D/3D fix, or
/// the connection), and again at every further multiple of the timeout, so a long silence gives
/// a reminder rather than a flood. While gpsd sends nothing at all, only `noData` is reported:
/// no data explains the missing fix.
struct SilenceWatchdog {
    private let noDataTimeout: Duration
    private let noFixTimeout: Duration
    private var lastData: Duration
    private var lastPosition: Duration
    private var noDataReports = 0
    private var noFixReports = 0
    /// When each report is next due (`lastData + noDataTimeout × (noDataReports + 1)`, and the
    /// same for the fix), kept with them: ``check(now:)`` runs after every line, and before one
    /// is due it only compares (issue 22).
    private var noDataDue: Duration
    private var noFixDue: Duration

    init(start: Duration, noData: Duration, noFix: Duration) {
        noDataTimeout = noData
        noFixTimeout = noFix
        lastData = start
        lastPosition = start
        noDataDue = start + noData
        noFixDue = start + noFix
    }

    /// Notes a line from gpsd. True when this ends a reported silence (data flows again).
    mutating func dataArrived(at time: Duration) -> Bool {
        lastData = time
        noDataDue = time + noDataTimeout
        defer { noDataReports = 0 }
        return noDataReports > 0
    }

    /// Notes a 2D or 3D fix.
    mutating func positionArrived(at time: Duration) {
        lastPosition = time
        noFixReports = 0
        noFixDue = time + noFixTimeout
    }

    /// The states due at `now` (at most one of each).
    mutating func check(now: Duration) -> [SourceState] {
        guard now >= noDataDue || now >= noFixDue else { return [] }
        defer {
            noDataDue = lastData + noDataTimeout * (noDataReports + 1)
            noFixDue = lastPosition + noFixTimeout * (noFixReports + 1)
        }
        var due: [SourceState] = []
        let silent = now - lastData
        if silent >= noDataTimeout * (noDataReports + 1) {
            noDataReports = Int(silent / noDataTimeout)
            due.append(.noData(for: silent))
        }
        let withoutFix = now - lastPosition
        if noDataReports == 0, withoutFix >= noFixTimeout * (noFixReports + 1) {
            noFixReports = Int(withoutFix / noFixTimeout)
            due.append(.noFix(for: withoutFix))
        }
        return due
    }
}
