import ArgumentParser
import Foundation
import Lodestar
import RideBooking

/// `--trace`: where the current location comes from.
struct RideLocationOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Replay an NMEA trace through the location manager; its last location is the current location.",
        valueName: "file"))
    var trace: String?

    /// Whether no location source was given.
    var isEmpty: Bool { trace == nil }

    /// "trace walk-to-pickup.nmea", or nil.
    var sourceDescription: String? { trace.map { "trace \(URL(fileURLWithPath: $0).lastPathComponent)" } }

    /// Rejects conflicting sources.
    func check() throws {}

    /// The current location from the source: for a trace, the last location the location manager
    /// delivers replaying it on the virtual clock, its age measured in trace time. nil when no
    /// source was given.
    func current() async throws(RideExit) -> CurrentLocation? {
        guard let trace else { return nil }
        let source = try RideTraceSource.open(trace)
        let manager = LocationManager(source: source, clock: .virtual)
        return await CurrentLocation.lastLocation(replaying: manager)
    }
}
