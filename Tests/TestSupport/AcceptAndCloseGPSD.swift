/// A "gpsd" that accepts every connection and closes it at once, without a byte: a crashing
/// service behind a socket-activated port, a proxy with nothing behind it.
public final class AcceptAndCloseGPSD: Sendable {
    public let server: LoopbackServer
    public var port: UInt16 { server.port }

    public init() throws {
        server = try LoopbackServer { _ in }
    }

    /// Connections accepted (and closed) so far.
    public var connections: Int { server.connectionsAccepted }

    public func close() { server.close() }
}
