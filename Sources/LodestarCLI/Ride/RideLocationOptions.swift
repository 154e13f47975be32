import ArgumentParser
import Foundation
import GPSD
import Lodestar
import LodestarInternals
import NMEA
import RideBooking

/// `--trace` or `--gpsd`: where the current location comes from.
struct RideLocationOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Replay an NMEA trace through the location manager; its last location is the current location.",
            valueName: "file"))
    var trace: String?

    @Option(
        help: ArgumentHelp(
            "Ask gpsd for the current location: HOST[:PORT[:DEVICE]] (default localhost:2947, or GPSD_HOST / GPSD_PORT).",
            valueName: "host[:port[:device]]"))
    var gpsd: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("How long to wait for a location from gpsd, seconds (0.1 to 3600).", valueName: "seconds"))
    var wait: Double = 30

    /// --wait: 0.1 s to an hour.
    static let waitRange = OptionRange("--wait", 0.1...3600, unit: "seconds")

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
        try Self.waitRange.check(wait)
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
    ///   clock; its age is measured in trace time. A line longer than 4096 bytes (binary data,
    ///   `/dev/zero`) ends the replay with an error, as `replay` reports it.
    /// - gpsd: the first location of 100 m accuracy or better the location manager delivers
    ///   within --wait seconds; its age is measured from when it was received.
    func current() async throws(RideExit) -> CurrentLocation? {
        if let trace {
            let source: NMEATraceSource
            do {
                source = try NMEATraceSource(path: trace)
            } catch {
                throw .noInput("\(error)")
            }
            return try await Self.lastLocation(replaying: LocationManager(source: source, clock: .virtual), trace: trace)
        }
        guard usesGPSD else { return nil }
        let endpoint: GPSDEndpoint
        do {
            endpoint = try self.endpoint()
        } catch {
            throw .error("\(error)")
        }
        let source = GPSDSource(endpoint: endpoint)
        // check() kept --wait within an hour, so the conversion cannot fail; never trap if it did.
        guard let timeout = Duration(checkedSeconds: wait) else { throw .error("--wait \(wait) is not a number of seconds") }
        let manager = LocationManager(
            source: source, clock: .live,
            configuration: Self.hundredMeters)
        let current = await CurrentLocation.requesting(from: manager, timeout: timeout)
        // Why there is none, from the source's own account (unreachable, lost, silent, garbage, no fix).
        if current.location == nil {
            Diagnostics.error("no location from gpsd: \(source.status.explanation)")
        }
        return current
    }

    /// The last location a replayed trace delivers (``CurrentLocation/lastLocation(replaying:)``),
    /// stopping at the first line too long to be NMEA: such a trace has no end worth waiting for.
    private static func lastLocation(replaying manager: LocationManager, trace: String) async throws(RideExit) -> CurrentLocation
    {
        let events = manager.eventBatches()
        manager.startUpdatingLocation()
        var last: Location?
        var unbounded: String?
        replay: for await batch in events {
            for event in batch {
                switch event {
                case .location(let location): last = location
                case .warning(let text) where text.contains(": \(NMEAError.Reason.lineTooLong.rawValue):"):
                    unbounded = text
                    break replay
                default: break
                }
            }
        }
        manager.stopUpdatingLocation()
        if let unbounded { throw .error("trace \(trace): \(unbounded.prefix(120)); stopped reading") }
        return CurrentLocation(location: last, referenceDate: last?.timestamp ?? Date(timeIntervalSince1970: 0))
    }

    /// The rules for a pickup from gpsd: locations good to 100 m.
    private static var hundredMeters: LocationConfiguration {
        var configuration = LocationConfiguration()
        configuration.desiredAccuracy = .hundredMeters
        return configuration
    }
}
