import Foundation
import GNSS
import TestSupport
import Testing

@testable import GPSD

/// Impossible values in gpsd's reports (issue 12): each field is checked as the NMEA parser
/// checks a sentence's; a bad field is dropped, an impossible position drops the fix, and each
/// says why in a warning.
@Suite("gpsd as an unreliable peer: impossible values")
struct GPSDImpossibleValuesTests {
    /// One TPV per impossible value of the issue, a valid one first and last.
    static let lines = [
        ScriptedGPSD.tpv(),
        ScriptedGPSD.tpv(["lon": "2000"]),
        ScriptedGPSD.tpv(["time": "\"not-a-time\""]),
        ScriptedGPSD.tpv(["time": "\"2024-02-30T25:61:61.000Z\""]),
        ScriptedGPSD.tpv(["speed": "-10"]),
        ScriptedGPSD.tpv(["track": "720"]),
        ScriptedGPSD.tpv(["epx": "-5"]),
        ScriptedGPSD.tpv(["altHAE": "1e300", "altMSL": "1e300", "alt": "1e300"]),
        ScriptedGPSD.tpv(["mode": "7"]),
        ScriptedGPSD.tpv(["lat": "-91"]),
        ScriptedGPSD.tpv(["time": "\"1899-12-31T00:00:00.000Z\""]),
        ScriptedGPSD.tpv(["magvar": "400", "climb": "1e9", "geoidSep": "5000", "eph": "-1", "epv": "2e9", "eps": "-2"]),
        ScriptedGPSD.tpv(["time": "\"1970-01-01T00:00:00.000Z\""]),
        ScriptedGPSD.tpv(),
    ]

    @Test("lon 2000, not-a-time, 2024-02-30T25:61:61, speed -10, track 720, epx -5, alt 1e300 ... are dropped and warned about")
    func impossibleValues() async throws {
        let gpsd = try ScriptedGPSD(lines: Self.lines)
        defer { gpsd.close() }
        let events = EventLog(HostilePeer.source(port: gpsd.port))
        let expectedFixes = Self.lines.count - 3  // lon 2000, mode 7 and lat -91 drop their fix
        let all = await events.wait(upTo: .seconds(60)) { _ in events.tpvFixes.count >= expectedFixes }
        await events.stop()
        #expect(all)

        let fixes = events.tpvFixes
        try #require(fixes.count == expectedFixes)
        let valid = fixes[0]
        let time = try #require(ISO8601DateFormatter().date(from: "2026-03-14T09:30:00Z"))
        #expect(valid.time == time)
        #expect(valid.coordinate?.latitude == 51.511926667 && valid.coordinate?.longitude == -0.1228805)
        #expect(valid.speed == 1.4 && valid.course == 214 && valid.altitudeMSL == 20 && valid.altitudeHAE == 66)
        #expect(valid.errors.longitude?.value == 3 && valid.errors.horizontal?.value == 7)
        #expect(fixes.last == valid.with(monotonicTime: fixes.last?.monotonicTime))

        // In order: not-a-time, Feb 30, speed, track, epx, alt, 1899, the seven fields at once.
        let (noTime, feb30, speed, track, epx, alt, old, several) = (
            fixes[1], fixes[2], fixes[3], fixes[4], fixes[5], fixes[6], fixes[7], fixes[8]
        )
        #expect(noTime.time == nil && noTime.coordinate == valid.coordinate)
        #expect(feb30.time == nil && feb30.speed == 1.4)
        #expect(speed.speed == nil && speed.course == 214 && speed.time == time)
        #expect(track.course == nil && track.speed == 1.4)
        #expect(epx.errors.longitude == nil && epx.errors.latitude?.value == 4)
        #expect(alt.altitudeMSL == nil && alt.altitudeHAE == nil && alt.coordinate == valid.coordinate)
        #expect(old.time == nil)
        #expect(several.magneticVariation == nil && several.climb == nil && several.geoidSeparation == nil)
        #expect(several.errors.horizontal == nil && several.errors.vertical == nil && several.errors.speed == nil)
        #expect(several.speed == 1.4 && several.errors.longitude?.value == 3)

        let warnings = HostilePeer.warnings(events.events)
        #expect(
            warnings == [
                "TPV ignored: position 51.511926667, 2000.0 is outside latitude -90...90, longitude -180...180",
                "TPV time dropped: time 'not-a-time' is not a valid ISO 8601 UTC time",
                "TPV time dropped: time '2024-02-30T25:61:61.000Z' is not a valid ISO 8601 UTC time",
                "TPV speed dropped: -10.0 is outside 0.0...51444.444444444445",
                "TPV track dropped: 720.0 is outside 0.0...360.0",
                "TPV epx dropped: -5.0 is outside 0.0...1000000000.0",
                "TPV altHAE dropped: 1e+300 is outside -100000.0...1000000000.0",
                "TPV altMSL dropped: 1e+300 is outside -100000.0...1000000000.0",
                "TPV ignored: mode 7 is not 0...3",
                "TPV ignored: position -91.0, -0.1228805 is outside latitude -90...90, longitude -180...180",
                "TPV time dropped: time '1899-12-31T00:00:00.000Z' is before the GPS epoch (1980-01-06)",
                "TPV geoidSep dropped: 5000.0 is outside -1000.0...1000.0",
                "TPV climb dropped: 1000000000.0 is outside -51444.444444444445...51444.444444444445",
                "TPV magvar dropped: 400.0 is outside -180.0...180.0",
                "TPV eph dropped: -1.0 is outside 0.0...1000000000.0",
                "TPV epv dropped: 2000000000.0 is outside 0.0...1000000000.0",
                "TPV eps dropped: -2.0 is outside 0.0...51444.444444444445",
                "TPV time dropped: time '1970-01-01T00:00:00.000Z' is before the GPS epoch (1980-01-06)",
            ])
        #expect(fixes[9].time == nil && fixes[9].coordinate == valid.coordinate)
    }

    @Test("the time member is read from the report's top level only")
    func timeMember() {
        func member(_ text: String) -> String? {
            Array(text.utf8).withUnsafeBufferPointer { ReportTime.member("time", of: $0) }
        }
        #expect(member(#"{"class":"TPV","time":"2026-03-14T09:30:00.000Z","lat":1}"#) == "2026-03-14T09:30:00.000Z")
        #expect(member(#"{"class":"TPV", "time" : "x"}"#) == "x")
        #expect(member(#"{"device":"time","x":{"time":"nested"},"lat":1}"#) == nil)
        #expect(member(#"{"device":"a\"time\":\"b","time":"real"}"#) == "real")
        #expect(member(#"{"time":12}"#) == nil)
        #expect(member(#"{"time":"unterminated"#) == nil)
    }
}

extension Fix {
    /// The fix with another receive time (two reports of the same values arrive at different times).
    fileprivate func with(monotonicTime: Duration?) -> Fix {
        var copy = self
        copy.monotonicTime = monotonicTime
        return copy
    }
}
