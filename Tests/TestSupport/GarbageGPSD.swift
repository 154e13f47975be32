/// A "gpsd" that talks garbage: after gpsd's greeting, the same few lines that are not gpsd
/// reports, again and again every `interval`, until closed: text, binary bytes, a NUL, JSON that
/// is not a report, and a TPV cut short.
public final class GarbageGPSD: Sendable {
    public let server: LoopbackServer
    public var port: UInt16 { server.port }

    /// The lines sent in turn (each followed by CR LF).
    public static let lines: [[UInt8]] = [
        Array("HTTP/1.1 400 Bad Request".utf8),
        [0xFF, 0x00, 0x13, 0x37, 0x80, 0x7F, 0x41],
        [0x00, 0x41],
        Array(#"{"not":"a report"}"#.utf8),
        Array(#"{"class":"TPV","mode":3,"lat":"#.utf8),
    ]

    public init(interval: Duration = .milliseconds(50)) throws {
        server = try LoopbackServer { connection in
            guard connection.send(line: LoopbackServer.versionLine) else { return }
            var i = 0
            while !connection.isClosing {
                guard connection.send(GarbageGPSD.lines[i % GarbageGPSD.lines.count] + [0x0D, 0x0A]) else { return }
                i += 1
                connection.hold(upTo: interval)
            }
        }
    }

    public func close() { server.close() }
}
