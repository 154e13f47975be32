import Foundation
import LodestarInternals

/// A "gpsd" that floods: after gpsd's greeting, valid TPVs one after another as fast as the
/// socket takes them, each one second of receiver time after the last, `count` of them (or until
/// closed), then holds the connection open.
public final class FloodGPSD: Sendable {
    public let server: LoopbackServer
    public var port: UInt16 { server.port }

    public func close() { server.close() }

    public init(count: Int = .max) throws {
        server = try LoopbackServer { connection in
            guard connection.send(line: LoopbackServer.versionLine) else { return }
            var sent = 0
            while sent < count, !connection.isClosing {
                guard connection.send(line: FloodGPSD.tpv(sent)) else { return }
                sent += 1
            }
            connection.hold()
        }
    }

    /// The receiver time of the first TPV, 2026-03-14T09:30:00Z.
    public static let start = Date(timeIntervalSince1970: 1_773_480_600)

    /// TPV number `n`: receiver time ``start`` + n s, latitude 51.5 + n × 10⁻⁶ degrees.
    public static func tpv(_ n: Int) -> String {
        let time = ISO8601.string(start.addingTimeInterval(Double(n)), fractionDigits: 3)
        return ScriptedGPSD.tpv(["time": "\"\(time)\"", "lat": String(format: "%.9f", 51.5 + Double(n) * 1e-6)])
    }
}
