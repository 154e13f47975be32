import ArgumentParser
import Foundation
import GPSD
import Lodestar
import LodestarInternals
import RideBooking

/// `--trace` or `--gpsd`: where the current location comes from.
struct RideLocationOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Replay an NMEA trace through the location manager; its last location is the current location.",
        valueName: "file"))
    var trace: String?

    @Option(help: ArgumentHelp(
        "Ask gpsd for the current location: HOST[:PORT[:DEVICE]] (default localhost:2947, or GPSD_HOST / GPSD_PORT).",
        valueName: "host[:port[:device]]"))
    var gpsd: String?

    @Option(help: ArgumentHelp("How long to wait for a location from gpsd, seconds.", valueName: "seconds"))
    var wait: Double = 30

    /// Whether no location source was given.
    var isEmpty: Bool { trace == nil && !usesGPSD }

    private var usesGPSD: Bool { gpsd != nil }

    /// "trace walk-to-pickup.nmea", "gpsd localhost:2947", or nil.
    var sourceDescription: String? {
        if let trace { return "trace \(URL(fileURLWithPath: trace).lastPathComponent)" }
        return usesGPSD ? (try? endpoint()).map { "gpsd \($0)" } : nil
    }

    /// Rejects two sources at once and a malformed gpsd address.
    func check() throws {
        if trace != nil, usesGPSD { throw ValidationError("give --trace or --gpsd, not both") }
        if !(wait > 0) { throw ValidationError("--wait must be positive") }
        if Duration(checkedSeconds: wait) == nil { throw ValidationError("--wait must be a finite number of seconds") }
        if usesGPSD { _ = try endpoint() }
    }

    private func endpoint() throws -> GPSDEndpoint {
        do {
            return try GPSDEndpoint(spec: gpsd, environment: ProcessInfo.processInfo.environment)
        } catch {
            throw ValidationError("--gpsd: \(error.description)")
        }
    }

    /// The current location from the source, nil when none was given.
    /// - A trace: the last location the location manager delivers replaying it on the virtual
    ///   clock; its age is measured in trace time.
    /// - gpsd: the first location of 100 m accuracy or better the location manager delivers
    ///   within --wait seconds; its age is measured from when it was received.
    func current() async throws(RideExit) -> CurrentLocation? {
        if let trace {
            let source: NMEATraceSource
            do {
                source = try NMEATraceSource(path: trace)
            } catch {
                throw .error("\(error)")
            }
            let manager = LocationManager(source: source, clock: .virtual)
            return await CurrentLocation.lastLocation(replaying: manager)
        }
        guard usesGPSD else { return nil }
        let endpoint: GPSDEndpoint
        do {
            endpoint = try self.endpoint()
        } catch {
            throw .error("\(error)")
        }
        let source = GPSDSource(endpoint: endpoint)
        let manager = LocationManager(
            source: source, clock: .live,
            configuration: Self.hundredMeters)
        let current = await CurrentLocation.requesting(from: manager, timeout: Duration(checkedSeconds: wait) ?? .seconds(30))
        // Why there is none, from the source's own account (unreachable, lost, silent, garbage, no fix).
        if current.location == nil {
            FileHandle.standardError.write(Data("lodestar ride: no location from gpsd: \(source.status.explanation)\n".utf8))
        }
        return current
    }

    /// The rules for a pickup from gpsd: locations good to 100 m.
    private static var hundredMeters: LocationConfiguration {
        var configuration = LocationConfiguration()
        configuration.desiredAccuracy = .hundredMeters
        return configuration
    }
}
