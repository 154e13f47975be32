import Foundation
import Testing

/// `lodestar replay` and `lodestar nmea decode` through a leap second (issue 12, "NMEA details").
@Suite("replay and nmea decode: leap seconds")
struct ReplayLeapSecondTests {
    /// An RMC framed with its checksum, and a line end.
    static func rmc(_ time: String, _ ddmmyy: String) -> String {
        let body = "GPRMC,\(time),A,4807.038,N,01131.000,E,0.0,0.0,\(ddmmyy),,,A"
        let sum = body.utf8.reduce(UInt8(0), ^)
        let hex = String(sum, radix: 16, uppercase: true)
        return "$" + body + "*" + (hex.count == 1 ? "0" + hex : hex) + "\n"
    }

    static func times(_ stdout: String) -> [String] {
        stdout.split(separator: "\n").compactMap {
            ((try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any])?["time"] as? String
        }
    }

    @Test("RMC 235960.99 on 31 Dec 2016: three epochs, the leap second at 23:59:59.999, before 00:00:00.000")
    func leapSecond() async throws {
        let input = Self.rmc("235959.99", "311216") + Self.rmc("235960.99", "311216") + Self.rmc("000000.000", "010117")
        let r = try await CLIRunner.run(["replay", "-", "--json"], stdin: input)
        #expect(r.status == 0)
        #expect(Self.times(r.stdout) == ["2016-12-31T23:59:59.990Z", "2016-12-31T23:59:59.999Z", "2017-01-01T00:00:00.000Z"])
        #expect(r.stderr.contains("skipped: 0"), "\(r.stderr)")
        let decode = try await CLIRunner.run(["nmea", "decode"], stdin: Self.rmc("235960.99", "311216"))
        #expect(decode.stdout.contains(#""time":"23:59:60.99""#), "\(decode.stdout)")
    }

    @Test("RMC 235960.5 on a day without a leap second: skipped as bad_field with its line number, by both commands")
    func notALeapSecondDay() async throws {
        let input = Self.rmc("235959.5", "010319") + Self.rmc("235960.5", "010319") + Self.rmc("000000.5", "020319")
        let r = try await CLIRunner.run(["replay", "-", "--json"], stdin: input)
        #expect(r.status == 0)
        #expect(Self.times(r.stdout) == ["2019-03-01T23:59:59.500Z", "2019-03-02T00:00:00.500Z"])
        #expect(
            r.stderr.contains("skipped line 2: bad_field: RMC field 1 (UTC time): second 60 on a day without a leap second"),
            "\(r.stderr)")
        #expect(r.stderr.contains("skipped: 1 (bad_field 1)"), "\(r.stderr)")
        let decode = try await CLIRunner.run(["nmea", "decode"], stdin: input)
        let lines = decode.stdout.split(separator: "\n")
        #expect(lines.count == 3, "\(decode.stdout)")
        #expect(lines.dropFirst().first?.hasPrefix(#"{"error":"bad_field","line":2,"#) == true, "\(decode.stdout)")
    }
}
