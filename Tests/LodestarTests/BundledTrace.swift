import Foundation
import GNSS
import Lodestar

/// The NMEA traces in Traces/, read by the code under test (``NMEATraceSource``).
enum BundledTrace {
    /// `Traces/NAME.nmea`.
    static func path(_ name: String) -> String {
        GroundTruth.tracesDirectory.appendingPathComponent("\(name).nmea").path
    }

    /// The trace as a source.
    static func source(_ name: String) throws -> NMEATraceSource {
        try NMEATraceSource(path: path(name))
    }

    /// Every event of the trace, read synchronously.
    static func events(_ name: String) throws -> [FixSourceEvent] {
        var events: [FixSourceEvent] = []
        try source(name).forEachEvent {
            events.append($0)
            return true
        }
        return events
    }

    /// The fixes of the trace, one per receiver cycle.
    static func fixes(_ name: String) throws -> [Fix] {
        try events(name).compactMap { if case .fix(let f) = $0 { f } else { nil } }
    }

    /// Every event of a replay of the trace through a ``LocationManager`` on the virtual clock,
    /// updating locations and headings, with the given rules.
    /// The rules act on the receiver's own fixes here (fusion off): these tests compare them with
    /// what the receiver reported. FusionTests test the fused path.
    static func replay(_ name: String, _ configuration: LocationConfiguration) async throws -> [LocationEvent] {
        var configuration = configuration
        configuration.fusion = .off
        let manager = LocationManager(source: try source(name), clock: .virtual, configuration: configuration)
        let stream = manager.events()
        manager.startUpdatingLocationAndHeading()
        var events: [LocationEvent] = []
        for await event in stream { events.append(event) }
        return events
    }
}

extension LocationEvent {
    var location: Location? { if case .location(let l) = self { l } else { nil } }
    var heading: Heading? { if case .heading(let h) = self { h } else { nil } }
    var withheld: Withholding? { if case .withheld(let w) = self { w } else { nil } }
    var waiting: WaitingForAccuracy? { if case .waitingForAccuracy(let w) = self { w } else { nil } }
}
