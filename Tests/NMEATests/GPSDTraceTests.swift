import Foundation
import GNSS
import NMEA
import Testing

/// Every log in shared/traces/gpsd replayed through Lodestar and compared, epoch by epoch, with the
/// TPV reports of gpsd 3.22 in its `.chk` file: mode, position (1e-9°), altitudes (1 mm), speed
/// (1e-3 m/s), course (1e-3°), magnetic track and time. Where gpsd is knowingly wrong or decides
/// differently, the difference must be one of the named ``KnownDifference`` rules.
@Suite("gpsd regression logs (shared/traces/gpsd)")
struct GPSDTraceTests {
    static let logs = SharedData.gpsdLogs()

    @Test("the 38 shared logs are all here")
    func count() {
        #expect(Self.logs.count == 38)
    }

    @Test("every epoch matches gpsd's TPV, or differs in a named way", arguments: logs)
    func matches(_ name: String) throws {
        let comparison = GPSDComparison(try GPSDCheckFile(name: name))
        if !comparison.check.reports.isEmpty {
            // gpsd reported on (nearly) every cycle Lodestar found.
            #expect(
                comparison.compared * 10 >= comparison.epochs.count * 6,
                "\(name): only \(comparison.compared) of \(comparison.epochs.count) epochs compared")
        }
        for d in comparison.differences where KnownDifference.explaining(d) == nil {
            Issue.record("unexplained: \(d)")
        }
    }

    @Test("each named difference occurs in the logs, and the 1024-week shift too")
    func namedDifferencesOccur() throws {
        var used: [String: Int] = [:]
        var shifted = 0
        var compared = 0
        for name in Self.logs {
            let c = GPSDComparison(try GPSDCheckFile(name: name))
            compared += c.compared
            shifted += c.rolloverShifted
            for d in c.differences {
                if let k = KnownDifference.explaining(d) { used[k.name, default: 0] += 1 }
            }
        }
        for k in KnownDifference.all {
            #expect(used[k.name, default: 0] > 0, "named difference never seen: \(k.name)")
        }
        // gpsd 3.22 adds 1024 weeks to every time before 2017-01-01 (README of the traces).
        #expect(shifted > 100)
        #expect(compared > 1_000)
    }
}
