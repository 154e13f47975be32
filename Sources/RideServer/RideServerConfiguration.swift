/// How `lodestar serve` listens and streams.
public struct RideServerConfiguration: Sendable, Equatable {
    /// The address to bind: a host name or IP address. Default `127.0.0.1`.
    public var host: String
    /// The TCP port, 0...65535; 0 lets the system pick a free one (the bound port is reported).
    /// Default 8080.
    public var port: Int
    /// How often the server reads an SQLite store's event log for ride changes (once for all its
    /// event streams; PostgreSQL pushes them), 50 ms...5 s. Default 250 ms.
    public var pollInterval: Duration
    /// The longest silence on an event stream before a heartbeat, at most 20 s. Default 15 s.
    public var heartbeatInterval: Duration
    /// How fast each rider and vehicle may write (every method but GET and HEAD). Default 40 at
    /// once, then 10 a second.
    public var writeLimit: WriteRateLimit
    /// Connections: how many, how long they may idle or dawdle, how long a stop waits.
    public var connections: ConnectionLimits
    /// Ride event streams open at once, per principal and in all. Default 8 and 256.
    public var eventStreams: EventStreamLimit
    /// How long a ride's status answer is kept and answered again (`StatusCache`), 0...10 s; 0
    /// reads the store for every status. Default 1 s. Writes through this server and changes the
    /// store's feed reports drop it sooner.
    public var statusLifetime: Duration

    public init(
        host: String = "127.0.0.1", port: Int = 8080, pollInterval: Duration = .milliseconds(250),
        heartbeatInterval: Duration = .seconds(15),
        writeLimit: WriteRateLimit = WriteRateLimit(), connections: ConnectionLimits = ConnectionLimits(),
        eventStreams: EventStreamLimit = EventStreamLimit(), statusLifetime: Duration = .seconds(1)
    ) {
        self.host = host
        self.port = port
        self.pollInterval = min(max(pollInterval, .milliseconds(50)), .seconds(5))
        self.heartbeatInterval = min(max(heartbeatInterval, .milliseconds(100)), .seconds(20))
        self.writeLimit = writeLimit
        self.connections = connections
        self.eventStreams = eventStreams
        self.statusLifetime = min(max(statusLifetime, .zero), .seconds(10))
    }

    /// Parses `HOST:PORT`, `[IPv6]:PORT`, or `:PORT` (loopback, 127.0.0.1) into host and port.
    /// - Returns: nil when the text is not of that form or the port is not 0...65535.
    public static func parseListen(_ text: String) -> (host: String, port: Int)? {
        guard let colon = text.lastIndex(of: ":") else { return nil }
        var host = String(text[..<colon])
        let portText = text[text.index(after: colon)...]
        guard !portText.isEmpty, portText.allSatisfy(\.isASCII), let port = Int(portText), (0...65_535).contains(port) else {
            return nil
        }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.isEmpty { host = "127.0.0.1" }
        guard !host.contains(" ") else { return nil }
        return (host, port)
    }
}
