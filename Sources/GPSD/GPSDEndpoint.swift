import Glibc

/// Where gpsd runs: a host, a TCP port and, optionally, one device to watch.
///
/// Written `HOST[:PORT[:DEVICE]]`, as gpspipe and cgps take it; an IPv6 address goes in brackets
/// (`[::1]:2947`), or alone (`::1`: a whole spec that is an IPv6 address is the host, never
/// `HOST:PORT:DEVICE`). Missing parts come from the environment (`GPSD_HOST`, `GPSD_PORT`) and then
/// from gpsd's defaults, `localhost` and 2947.
public struct GPSDEndpoint: Sendable, Hashable, CustomStringConvertible {
    /// gpsd's default host.
    public static let defaultHost = "localhost"
    /// gpsd's IANA-assigned TCP port.
    public static let defaultPort: UInt16 = 2947

    /// Host name or IP address (IPv6 without brackets).
    public var host: String
    /// TCP port, 1...65535.
    public var port: UInt16
    /// The device path to watch (`/dev/ttyUSB0`), or nil for every device gpsd has.
    public var device: String?

    /// An endpoint from its parts; by default gpsd on this machine, every device.
    public init(host: String = GPSDEndpoint.defaultHost, port: UInt16 = GPSDEndpoint.defaultPort, device: String? = nil) {
        self.host = host
        self.port = port
        self.device = device
    }

    /// Resolves an endpoint the way gpsd's clients do: start from `localhost:2947`, apply
    /// `GPSD_HOST` and `GPSD_PORT` from `environment`, then the parts `spec` gives.
    ///
    /// - Parameters:
    ///   - spec: `HOST[:PORT[:DEVICE]]`, or nil. An empty host (`:2948`) keeps the host.
    ///   - environment: the process environment (or a test's).
    /// - Throws: ``GPSDEndpointError`` for a malformed spec or port.
    public init(spec: String?, environment: [String: String]) throws(GPSDEndpointError) {
        self.init()
        if let envHost = environment["GPSD_HOST"], !envHost.isEmpty { host = envHost }
        if let envPort = environment["GPSD_PORT"], !envPort.isEmpty { port = try Self.parsePort(envPort) }
        guard let spec else { return }
        let (specHost, rest) = try Self.splitHost(spec)
        if !specHost.isEmpty { host = specHost }
        guard let rest else { return }
        let parts = rest.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        if let portText = parts.first, !portText.isEmpty { port = try Self.parsePort(String(portText)) }
        if parts.count > 1 {
            guard !parts[1].isEmpty else { throw .emptyDevice(spec) }
            device = String(parts[1])
        }
    }

    /// `host:port` or `host:port:device`, IPv6 hosts in brackets.
    public var description: String {
        let h = host.contains(":") ? "[\(host)]" : host
        return device.map { "\(h):\(port):\($0)" } ?? "\(h):\(port)"
    }

    /// Splits `HOST` from what follows its colon (nil when there is no colon).
    private static func splitHost(_ spec: String) throws(GPSDEndpointError) -> (String, Substring?) {
        if spec.hasPrefix("[") {
            guard let close = spec.firstIndex(of: "]") else { throw .unclosedBracket(spec) }
            let host = String(spec[spec.index(after: spec.startIndex)..<close])
            let after = spec[spec.index(after: close)...]
            if after.isEmpty { return (host, nil) }
            guard after.first == ":" else { throw .unexpectedText(spec) }
            return (host, after.dropFirst())
        }
        // `::1` is an IPv6 host, not an empty host, no port and device "1". (A device path may
        // hold colons itself, so other specs with many colons are HOST:PORT:DEVICE.)
        var address = in6_addr()
        if spec.filter({ $0 == ":" }).count >= 2, inet_pton(AF_INET6, spec, &address) == 1 { return (spec, nil) }
        guard let colon = spec.firstIndex(of: ":") else { return (spec, nil) }
        return (String(spec[..<colon]), spec[spec.index(after: colon)...])
    }

    private static func parsePort(_ text: String) throws(GPSDEndpointError) -> UInt16 {
        guard let value = UInt16(text), value > 0 else { throw .invalidPort(text) }
        return value
    }
}

/// Why a gpsd endpoint could not be read.
public enum GPSDEndpointError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The port is not a number in 1...65535.
    case invalidPort(String)
    /// An IPv6 host was opened with `[` and not closed.
    case unclosedBracket(String)
    /// Something other than `:PORT` follows a bracketed host.
    case unexpectedText(String)
    /// `HOST:PORT:` with nothing after the last colon.
    case emptyDevice(String)

    public var description: String {
        switch self {
        case .invalidPort(let p): "invalid gpsd port '\(p)': expected a number from 1 to 65535"
        case .unclosedBracket(let s): "invalid gpsd address '\(s)': missing ']' after an IPv6 host"
        case .unexpectedText(let s): "invalid gpsd address '\(s)': expected [HOST]:PORT[:DEVICE]"
        case .emptyDevice(let s): "invalid gpsd address '\(s)': empty device after the port"
        }
    }
}
