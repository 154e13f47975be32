import Foundation
import LodestarInternals
import Testing

@Suite("ISO 8601 written and read")
struct ISO8601Tests {
    @Test("fraction digits 0, 2 and 3, rounded to nearest or truncated")
    func written() {
        let date = Date(timeIntervalSince1970: 1_773_480_599.996)  // 2026-03-14T09:29:59.996Z
        #expect(ISO8601.string(date, fractionDigits: 3) == "2026-03-14T09:29:59.996Z")
        #expect(ISO8601.string(date, fractionDigits: 2) == "2026-03-14T09:30:00.00Z")
        #expect(ISO8601.string(date, fractionDigits: 0) == "2026-03-14T09:30:00Z")
        #expect(ISO8601.string(date, fractionDigits: 0, rounding: .down) == "2026-03-14T09:29:59Z")
        #expect(ISO8601.string(Date(timeIntervalSince1970: -0.25), fractionDigits: 0, rounding: .down) == "1969-12-31T23:59:59Z")
    }

    @Test("instants that cannot be written give a fixed placeholder, never a trap")
    func unwritable() {
        #expect(ISO8601.string(Date(timeIntervalSince1970: .nan), fractionDigits: 3) == "1970-01-01T00:00:00.000Z")
        #expect(ISO8601.string(Date(timeIntervalSince1970: .infinity), fractionDigits: 0) == "1970-01-01T00:00:00Z")
        #expect(ISO8601.string(Date(timeIntervalSince1970: 1e13), fractionDigits: 2) == "0000-01-01T00:00:00.00Z")
        #expect(ISO8601.string(Date(timeIntervalSince1970: 1e14), fractionDigits: 3) == "1970-01-01T00:00:00.000Z")
        #expect(
            ISO8601.string(Date(timeIntervalSince1970: 1_773_480_600.5), fractionDigits: 9) == "2026-03-14T09:30:00.500000000Z")
    }

    @Test("truncated whole seconds equal Foundation's Date.ISO8601FormatStyle")
    func matchesFoundation() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let date = Date(timeIntervalSince1970: Double.random(in: -2e9...4e9, using: &rng))
            #expect(ISO8601.string(date, fractionDigits: 0, rounding: .down) == date.formatted(.iso8601))
        }
    }

    @Test("parses Z, offsets and fractions; rejects what does not exist")
    func parsed() throws {
        #expect(ISO8601.parse("2026-03-01T23:59:50Z") == Date(timeIntervalSince1970: 1_772_409_590))
        #expect(ISO8601.parse("2026-12-01T08:00:00+01:00") == Date(timeIntervalSince1970: 1_796_108_400))
        #expect(ISO8601.parse("2026-12-01T08:00:00+0100") == Date(timeIntervalSince1970: 1_796_108_400))
        #expect(ISO8601.parse("2026-12-01T08:00:00-05") == Date(timeIntervalSince1970: 1_796_130_000))
        #expect(ISO8601.parse("2026-12-01T08:00:00.25Z") == Date(timeIntervalSince1970: 1_796_112_000.25))
        for bad in [
            "2026-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-12-01 08:00:00Z", "2026-12-01T24:00:00Z",
            "2026-12-01T08:00:00", "2026-12-01T08:00:00.Z", "2026-12-01T08:00:00+25:00", "2026-12-01T08:00Z", "",
        ] {
            #expect(ISO8601.parse(bad) == nil, "\(bad)")
        }
    }

    @Test("written text reads back to the same instant")
    func roundTrip() throws {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let centiseconds = Int64.random(in: -10_000_000_000...400_000_000_000, using: &rng)
            let date = Date(timeIntervalSince1970: Double(centiseconds) / 100)
            let text = ISO8601.string(date, fractionDigits: 2)
            let back = try #require(ISO8601.parse(text))
            #expect(abs(back.timeIntervalSince1970 - date.timeIntervalSince1970) < 1e-6, "\(text)")
        }
    }
}
