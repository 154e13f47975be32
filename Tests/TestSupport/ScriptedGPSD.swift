import Foundation

/// A "gpsd" that sends gpsd's greeting and then the given lines, `interval` apart, and holds the
/// connection open until closed: the impossible values of issue 12 and their controls.
public final class ScriptedGPSD: Sendable {
    public let server: LoopbackServer
    public var port: UInt16 { server.port }

    public func close() { server.close() }

    public init(lines: [String], interval: Duration = .milliseconds(5)) throws {
        server = try LoopbackServer { connection in
            guard connection.send(line: LoopbackServer.versionLine) else { return }
            for line in lines {
                guard connection.send(line: line) else { return }
                connection.hold(upTo: interval)
            }
            connection.hold()
        }
    }

    /// A valid gpsd 3.22 TPV (London, 2026-03-14T09:30:00Z), with `replacing` members changed:
    /// `tpv(["lon": "2000"])`, `tpv(["time": "\"not-a-time\""])`.
    public static func tpv(_ replacing: [String: String] = [:]) -> String {
        let members: [(String, String)] = [
            ("class", "\"TPV\""), ("device", "\"/dev/ttyFAKE\""), ("mode", "3"),
            ("time", "\"2026-03-14T09:30:00.000Z\""), ("ept", "0.005"), ("lat", "51.511926667"),
            ("lon", "-0.122880500"), ("altHAE", "66.000"), ("altMSL", "20.000"), ("alt", "20.000"),
            ("epx", "3.000"), ("epy", "4.000"), ("epv", "6.000"), ("track", "214.0000"),
            ("magtrack", "214.0000"), ("magvar", "0.1"), ("speed", "1.400"), ("climb", "0.000"),
            ("eps", "8.00"), ("epc", "12.00"), ("geoidSep", "46.000"), ("eph", "7.000"), ("sep", "9.000"),
        ]
        let text = members.map { name, value in "\"\(name)\":\(replacing[name] ?? value)" }
        return "{" + text.joined(separator: ",") + "}"
    }

    /// Issue 26's receiver: 14 TPVs of a walk north at 1.4 m/s, a second apart in their time from
    /// 2026-03-14T09:30:00Z, the 6th to the 9th (09:30:05 to 09:30:08) timed 20 h ahead.
    public static func clockGlitchTPVs() -> [String] {
        (0..<14).map { i in
            let day = (5...8).contains(i) ? "2026-03-15T05" : "2026-03-14T09"
            let time = "\"\(day):30:\(i < 10 ? "0" : "")\(i).000Z\""
            return tpv(["time": time, "lat": String(format: "%.9f", 51.5 + Double(i) * 1.4 / 111_200)])
        }
    }
}
