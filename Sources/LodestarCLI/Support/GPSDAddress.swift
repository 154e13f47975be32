import ArgumentParser
import Foundation
import GPSD

/// The `--gpsd HOST[:PORT[:DEVICE]]` option of the commands that read gpsd (`track`, `guide`),
/// parsed one way: `localhost`, `localhost:2948`, `192.168.1.5:2947:/dev/ttyUSB0`, an IPv6
/// address alone (`::1`) or in brackets with a port (`[::1]:2947`); what it leaves out comes
/// from `GPSD_HOST` / `GPSD_PORT`, then gpsd's defaults (localhost, 2947). See
/// ``GPSD/GPSDEndpoint/init(spec:environment:)``.
enum GPSDAddress {
    /// The endpoint `spec` names, with this process's environment.
    /// - Throws: `ValidationError` "--gpsd: invalid gpsd port 'x': …" for a malformed address.
    static func endpoint(_ spec: String?) throws(ValidationError) -> GPSDEndpoint {
        do {
            return try GPSDEndpoint(spec: spec, environment: ProcessInfo.processInfo.environment)
        } catch {
            throw ValidationError("--gpsd: \(error.description)")
        }
    }
}
