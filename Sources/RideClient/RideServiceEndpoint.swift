import Foundation

/// Where a ride service (`lodestar serve`) is, and the bearer token to show it.
///
/// The URL is `http://HOST[:PORT]` or `https://HOST[:PORT]`, optionally with a base path
/// (`http://rides.example:8080/api`); a trailing `/` is dropped. No query, no fragment, no user
/// information (the token goes in the `Authorization` header, never in a URL).
public struct RideServiceEndpoint: Sendable, Equatable, CustomStringConvertible {
    /// The base URL, without a trailing `/`.
    public let baseURL: String
    /// The bearer token; nil sends no `Authorization` header.
    public let token: String?

    /// Why a URL or a token was refused.
    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        case badURL(String)
        case badToken
        public var description: String {
            switch self {
            case .badURL(let url): "not an http:// or https:// URL with a host: '\(url)'"
            case .badToken: "the token must be 1 to 4096 visible ASCII characters"
            }
        }
    }

    /// - Throws: ``Problem`` for a URL that is not `http(s)://HOST[:PORT][/PATH]`, or a token that
    ///   is empty, longer than 4096 bytes, or holds anything but visible ASCII.
    public init(url: String, token: String?) throws(Problem) {
        guard url.utf8.count <= 2048, let components = URLComponents(string: url),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty,
            components.query == nil, components.fragment == nil, components.user == nil, components.password == nil
        else { throw .badURL(url) }
        if let port = components.port, !(1...65535).contains(port) { throw .badURL(url) }
        var base = url
        while base.hasSuffix("/") { base.removeLast() }
        baseURL = base
        if let token {
            guard (1...4096).contains(token.utf8.count), token.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
            else { throw .badToken }
        }
        self.token = token
    }

    public var description: String { baseURL }
}
