import ArgumentParser
import Foundation
import RideClient

/// `--server URL` and `--token T` (else `LODESTAR_SERVER` and `LODESTAR_TOKEN`): the ride service
/// that `lodestar vehicle` reports to and `lodestar ride ... --server` talks to.
struct RideServerOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The ride service (lodestar serve), http://HOST:PORT (default: $LODESTAR_SERVER).", valueName: "url"))
    var server: String?

    @Option(
        help: ArgumentHelp(
            "The bearer token 'lodestar serve token create' printed (default: $LODESTAR_TOKEN).", valueName: "token"))
    var token: String?

    /// Refuses a malformed URL or token, or a token without a service, before the command runs.
    func validate() throws {
        _ = try endpoint()
    }

    /// The service named by --server or LODESTAR_SERVER, with --token or LODESTAR_TOKEN; nil when
    /// neither names a service.
    /// - Throws: `ValidationError` for a URL or a token that is not well formed, or a token
    ///   without a service.
    func endpoint(environment: [String: String] = ProcessInfo.processInfo.environment) throws(ValidationError)
        -> RideServiceEndpoint?
    {
        let url = server ?? environment["LODESTAR_SERVER"].flatMap { $0.isEmpty ? nil : $0 }
        let token = token ?? environment["LODESTAR_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        guard let url else {
            if self.token != nil { throw ValidationError("--token needs --server (or LODESTAR_SERVER).") }
            return nil
        }
        do {
            return try RideServiceEndpoint(url: url, token: token)
        } catch {
            throw ValidationError("\(server == nil ? "LODESTAR_SERVER" : "--server"): \(error.description)")
        }
    }
}
