import Foundation
import Geodesy
import Testing

@testable import RideClient

@Suite("Report schedule: 20 m from the last report, at least every 5 s of receiver time")
struct ReportScheduleTests {
    /// A point `metres` north of 51.5 N, 0.12 W on the WGS84 ellipsoid (GeographicLib's direct problem).
    private func north(_ metres: Double) throws -> Coordinate {
        let start = try Coordinate(latitude: 51.5, longitude: -0.12)
        return try Geodesic.wgs84.direct(from: start, azimuth: 0, distance: metres).coordinate
    }

    private let t0 = Date(timeIntervalSince1970: 1_773_480_600)  // 2026-03-14T09:30:00Z

    @Test("the first position is reported; 19.9 m within 5 s is not; 20.001 m is, measured from the last report")
    func distance() throws {
        var schedule = ReportSchedule()
        #expect(schedule.shouldReport(try north(0), at: t0))
        #expect(!schedule.shouldReport(try north(19.9), at: t0 + 1))
        #expect(schedule.shouldReport(try north(20.001), at: t0 + 2))
        // 19.9 m from the first but 0.1 m from the last report.
        #expect(!schedule.shouldReport(try north(20.1), at: t0 + 3))
        #expect(schedule.shouldReport(try north(40.1), at: t0 + 4))
    }

    @Test("a vehicle standing still is reported every 5 s of its receiver's time")
    func heartbeat() throws {
        var schedule = ReportSchedule()
        var reported: [Int] = []
        for second in 0..<21 where schedule.shouldReport(try north(Double(second % 2)), at: t0 + Double(second)) {
            reported.append(second)
        }
        #expect(reported == [0, 5, 10, 15, 20])
    }

    @Test("a receiver clock that jumps back restarts the interval with a report")
    func clockBack() throws {
        var schedule = ReportSchedule()
        #expect(schedule.shouldReport(try north(0), at: t0))
        #expect(schedule.shouldReport(try north(0), at: t0 - 60))
        #expect(!schedule.shouldReport(try north(0), at: t0 - 57))
    }

    @Test("other filters and intervals: 5 m and 1 s")
    func custom() throws {
        var schedule = ReportSchedule(distanceFilter: 5, maximumInterval: .seconds(1))
        #expect(schedule.shouldReport(try north(0), at: t0))
        #expect(schedule.shouldReport(try north(5.01), at: t0 + 0.2))
        #expect(!schedule.shouldReport(try north(6), at: t0 + 0.4))
        #expect(schedule.shouldReport(try north(6), at: t0 + 1.2))
    }
}
