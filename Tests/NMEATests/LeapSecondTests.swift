import Foundation
import NMEA
import Testing

/// Leap seconds (issue 12, "NMEA details"): 23:59:60 on the days that end with one (IERS Bulletin
/// C), rejected elsewhere; the epoch within it keeps its label and is timed 23:59:59.999.
@Suite("NMEA leap seconds")
struct LeapSecondTests {
    static func rmc(_ time: String, _ ddmmyy: String) -> String {
        TraceSupport.sentence("GPRMC,\(time),A,4807.038,N,01131.000,E,0.0,0.0,\(ddmmyy),,,A")
    }

    static func gga(_ time: String) -> String {
        TraceSupport.sentence("GPGGA,\(time),4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
    }

    static func utc(_ text: String) -> Date? { ISO8601DateFormatter.fractional.date(from: text) }

    /// Whether the fix times are the expected ones, within a microsecond (a `Date` is a `Double`).
    static func same(_ times: [Date?], _ expected: [String]) -> Bool {
        times.count == expected.count
            && zip(times, expected).allSatisfy { t, e in
                guard let t, let d = utc(e) else { return false }
                return abs(t.timeIntervalSince(d)) < 1e-6
            }
    }

    @Test("the list holds the 27 leap seconds since 1972, each at the end of 30 June or 31 December, the last on 2016-12-31")
    func list() throws {
        var days: [CalendarDate] = []
        var date = try #require(CalendarDate(year: 1972, month: 1, day: 1))
        let end = try #require(CalendarDate(year: 2036, month: 1, day: 1))
        while date < end {
            if date.endsWithLeapSecond { days.append(date) }
            date = date.adding(days: 1)
        }
        #expect(days.count == 27)
        #expect(days.allSatisfy { ($0.month, $0.day) == (6, 30) || ($0.month, $0.day) == (12, 31) })
        #expect(days.first?.description == "1972-06-30")
        #expect(days.last?.description == "2016-12-31")
        #expect(days.map(\.description).contains("2015-06-30"))
        #expect(!days.map(\.description).contains("2016-06-30"))
    }

    @Test(
        "RMC 235960.99 on 31 Dec 2016: its own epoch, labelled 23:59:60.99, timed 23:59:59.999, before the next day's 00:00:00.000"
    )
    func leapSecondEpoch() throws {
        let bytes = TraceSupport.bytes([
            Self.rmc("235959.99", "311216"), Self.gga("235959.99"),
            Self.rmc("235960.99", "311216"), Self.gga("235960.99"),
            Self.rmc("000000.000", "010117"), Self.gga("000000.000"),
        ])
        let (events, statistics) = TraceSupport.events(bytes)
        #expect(statistics.rejectedTotal == 0)
        let epochs = events.compactMap { if case .epoch(let e) = $0 { e } else { nil } }
        #expect(epochs.count == 3, "no epoch is lost")
        #expect(epochs.map { $0.timeOfDay?.description } == ["23:59:59.99", "23:59:60.99", "00:00:00"])
        let times = epochs.map(\.fix.time)
        #expect(
            Self.same(times, ["2016-12-31T23:59:59.990Z", "2016-12-31T23:59:59.999Z", "2017-01-01T00:00:00.000Z"]),
            "\(times)")
        let t = times.compactMap { $0 }
        #expect(t.count == 3 && t[0] < t[1] && t[1] < t[2], "the leap second is not after the next day's first epoch")
        #expect(epochs[1].fix.coordinate != nil)
    }

    @Test("a 10 Hz receiver through the leap second: ten epochs within it, all kept, in order, none after midnight")
    func tenHertz() throws {
        var sentences = [Self.rmc("235959.90", "311216"), Self.gga("235959.90")]
        for tenth in 0..<10 { sentences.append(Self.gga("235960.\(tenth)0")) }
        sentences += [Self.rmc("000000.00", "010117"), Self.gga("000000.00")]
        let epochs = TraceSupport.epochs(TraceSupport.bytes(sentences))
        #expect(epochs.count == 12)
        #expect(
            epochs.dropFirst().prefix(10).map { $0.timeOfDay?.description }
                == ["23:59:60"] + (1..<10).map { "23:59:60.\($0)" })
        let times = try epochs.map { try #require($0.fix.time) }
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }, "fix times never go back")
        let midnight = try #require(Self.utc("2017-01-01T00:00:00.000Z"))
        #expect(times.dropLast().allSatisfy { $0 < midnight })
        #expect(Self.same([times.last], ["2017-01-01T00:00:00.000Z"]))
        #expect(Self.same(Array(times.dropFirst().prefix(10)), Array(repeating: "2016-12-31T23:59:59.999Z", count: 10)))
    }

    @Test("RMC 235960.5 on a day without a leap second is rejected as bad_field, with its line number and counted")
    func rmcOnOrdinaryDay() {
        let bytes = TraceSupport.bytes([
            Self.rmc("235959.5", "010319"), Self.rmc("235960.5", "010319"), Self.rmc("000000.5", "020319"),
        ])
        let (events, statistics) = TraceSupport.events(bytes)
        let rejected = events.compactMap { if case .rejected(let r) = $0 { r } else { nil } }
        #expect(rejected.map(\.line) == [2])
        #expect(rejected.first?.error.reason == .badField)
        #expect(rejected.first?.error.detail.contains("second 60 on a day without a leap second") == true)
        #expect(statistics.rejected == [.badField: 1])
        #expect(statistics.epochs == 2)
        // The sentence alone, as `lodestar nmea decode` judges it, is rejected too.
        #expect(throws: NMEAError.self) { try NMEAParser().parse(String(Self.rmc("235960.5", "010319").dropLast())) }
        #expect((try? NMEAParser().parse(String(Self.rmc("235960.5", "311216").dropLast()))) != nil)
    }

    @Test(
        "a GGA at 235960.5 on 30 June 2019 (no leap second; the date from the cycle before) is rejected; on 30 June 2015 it is kept"
    )
    func ggaWithCarriedDate() {
        func decode(_ ddmmyy: String) -> (rejected: [NMEADecoder.RejectedLine], epochs: [NMEAEpoch]) {
            let (events, _) = TraceSupport.events(
                TraceSupport.bytes([
                    Self.rmc("235959.5", ddmmyy), Self.gga("235959.5"), Self.gga("235960.5"), Self.gga("000000.5"),
                ]))
            return (
                events.compactMap { if case .rejected(let r) = $0 { r } else { nil } },
                events.compactMap { if case .epoch(let e) = $0 { e } else { nil } }
            )
        }
        let ordinary = decode("300619")
        #expect(ordinary.rejected.map(\.line) == [3])
        #expect(
            ordinary.rejected.first?.error.description
                == "bad_field: GGA time 23:59:60.5 on 2019-06-30: second 60 on a day without a leap second (IERS Bulletin C)")
        #expect(ordinary.epochs.map { $0.timeOfDay?.description } == ["23:59:59.5", "00:00:00.5"])
        let leap = decode("300615")
        #expect(leap.rejected.isEmpty)
        #expect(leap.epochs.map { $0.timeOfDay?.description } == ["23:59:59.5", "23:59:60.5", "00:00:00.5"])
        #expect(
            Self.same(
                leap.epochs.map(\.fix.time),
                ["2015-06-30T23:59:59.500Z", "2015-06-30T23:59:59.999Z", "2015-07-01T00:00:00.500Z"]))
    }

    @Test("a TimeOfDay has second 60 at 23:59 only, and reads back as 23:59:60")
    func timeOfDay() throws {
        #expect(TimeOfDay(hour: 12, minute: 34, second: 60) == nil, "it would equal 12:35:00")
        let leap = try #require(TimeOfDay(hour: 23, minute: 59, second: 60, nanosecond: 990_000_000))
        #expect(leap.description == "23:59:60.99")
        #expect(leap.isLeapSecond)
        #expect(leap.second == 60 && leap.nanosecondsOfDay == 86_400_990_000_000)
        #expect(TimeOfDay(hour: 23, minute: 59, second: 59)?.isLeapSecond == false)
    }

    @Test("second 60 anywhere but 23:59 is no leap second: rejected by the parser", arguments: ["123460", "235860", "005960.5"])
    func secondSixtyElsewhere(_ time: String) {
        let line = String(Self.gga(time).dropLast())
        let error = #expect(throws: NMEAError.self) { try NMEAParser().parse(line) }
        #expect(error?.description.contains("second 60 is a leap second, only at 23:59") == true, "\(String(describing: error))")
    }
}

extension ISO8601DateFormatter {
    /// `2016-12-31T23:59:59.999Z`.
    static var fractional: ISO8601DateFormatter {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return f
    }
}
