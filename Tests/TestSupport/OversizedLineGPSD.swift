/// A "gpsd" that sends gpsd's greeting, then one line of `size` bytes (10 MB unless told: far
/// beyond libgps's 8 KB buffer): a valid TPV padded with blanks between two members, then holds
/// the connection open until closed.
public final class OversizedLineGPSD: Sendable {
    public let server: LoopbackServer
    public var port: UInt16 { server.port }

    public init(size: Int = 10_000_000) throws {
        let head = Array(#"{"class":"TPV","device":"/dev/ttyFAKE","#.utf8)
        let tail = Array(#""mode":3,"lat":51.5,"lon":-0.12}"#.utf8) + [0x0A]
        let line = head + [UInt8](repeating: UInt8(ascii: " "), count: max(0, size - head.count - tail.count)) + tail
        server = try LoopbackServer { connection in
            guard connection.send(line: LoopbackServer.versionLine), connection.send(line) else { return }
            connection.hold()
        }
    }

    /// Connections accepted so far.
    public var connections: Int { server.connectionsAccepted }

    public func close() { server.close() }
}
