import Foundation
import GNSS
import Geodesy
import Lodestar
import NMEA
import RideBooking
import RideTestSupport
import TestSupport
import Testing

/// The pickup taken from Traces/walk-to-pickup.nmea through the location manager.
///
/// The trace is decoded by the NMEA module into one fix per epoch and replayed by a
/// `LocationManager` on the virtual clock; the last location it delivers is the current location.
/// The expected values are the last row of the trace's ground truth (`walk-to-pickup.truth.csv`:
/// what the receiver wrote, and its GST sigma).
@Suite struct TracePickupTests {
    static let traces = TestData.traces

    /// The walk's fixes, one per epoch, as the NMEA decoder assembles them.
    static func walkFixes() throws -> [Fix] {
        let data = try Data(contentsOf: traces.appendingPathComponent("walk-to-pickup.nmea"))
        var decoder = NMEADecoder()
        var fixes: [Fix] = []
        var rejected = 0
        let collect = { (event: NMEADecoder.Event) in
            switch event {
            case .epoch(let epoch): fixes.append(epoch.fix)
            case .rejected: rejected += 1
            }
        }
        data.withUnsafeBytes { decoder.decode($0, collect) }
        decoder.finish(collect)
        #expect(rejected == 0)
        return fixes
    }

    /// The last row of the ground truth: time, reported latitude and longitude, sigma.
    static func lastTruth() throws -> (time: Date, latitude: Double, longitude: Double, sigma: Double) {
        let text = try String(contentsOf: traces.appendingPathComponent("walk-to-pickup.truth.csv"), encoding: .utf8)
        let lines = text.split(separator: "\n")
        let header = try #require(lines.first).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let last = try #require(lines.last).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        func value(_ name: String) throws -> String { last[try #require(header.firstIndex(of: name))] }
        let iso = ISO8601DateFormatter()
        iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let time: Date = try #require(iso.date(from: try value("time")))
        return (
            time, try #require(Double(try value("reported_lat"))), try #require(Double(try value("reported_lon"))),
            try #require(Double(try value("sigma")))
        )
    }

    @Test func pickupFromTheTraceThroughTheLocationManager() async throws {
        let fixes = try Self.walkFixes()
        let truth = try Self.lastTruth()
        let manager = LocationManager(source: RecordedFixSource(name: "trace walk-to-pickup", fixes: fixes), clock: .virtual)
        let current = await CurrentLocation.lastLocation(replaying: manager)
        let location = try #require(current.location)
        #expect(location.timestamp == truth.time)
        // The manager fuses by default; the receiver's own fix it came from is kept.
        #expect(location.kind == .fused)
        let raw = try #require(location.raw)
        #expect(abs(raw.coordinate.latitude - truth.latitude) < 1e-9)
        #expect(abs(raw.coordinate.longitude - truth.longitude) < 1e-9)
        #expect(location.distance(from: raw) < 2 * truth.sigma * 2.0.squareRoot())
        #expect(current.referenceDate == truth.time)  // age is measured in trace time
        // GST's per-axis sigmas combine to the 68% radius √2·σ.
        #expect(abs(try #require(raw.horizontalAccuracy) - truth.sigma * 2.0.squareRoot()) < 1e-9)
        #expect(try #require(location.horizontalAccuracy) <= truth.sigma * 2.0.squareRoot())
        #expect(location.isReplayed)

        // The walk ends 2-3 m from the Charing Cross forecourt pickup point: snapped to it.
        let resolver = PlaceResolver(gazetteer: .london)
        guard case .usable(_, let placemark, let snap) = resolver.assess(current) else {
            Issue.record("the trace's last location should be usable")
            return
        }
        #expect(placemark.name == "Charing Cross station forecourt")
        #expect(try #require(snap) < 5)
        #expect(resolver.resolvePickup(nil, current: current) == .confirmationRequired(placemark))

        // And the ride is booked from it.
        let fixture = try await ServiceFixture(
            vehicles: [Fixture.vehicle("V-1", at: Fixture.point(azimuth: 60, distance: 2_000))], places: resolver,
            clock: TestClock(truth.time))
        var request = RideRequest(dropOffLocation: Placemark(coordinate: Fixture.heathrow), partySize: 2)
        request.pickupLocation = try #require(
            {
                if case .confirmationRequired(let p) = fixture.requests.resolvePickupLocation(for: request, current: current) {
                    p
                } else {
                    nil
                }
            }())
        #expect(try await fixture.requests.confirm(request).code == .ready)
        let booked = try #require(try await fixture.requests.handle(request).rideStatus)
        #expect(booked.pickupLocation?.name == "Charing Cross station forecourt")
    }

    @Test func aStaleTraceLocationNeedsAValue() async throws {
        let fixes = try Self.walkFixes()
        let manager = LocationManager(source: RecordedFixSource(name: "trace", fixes: fixes), clock: .virtual)
        var current = await CurrentLocation.lastLocation(replaying: manager)
        current.referenceDate = current.referenceDate.addingTimeInterval(61)
        #expect(PlaceResolver(gazetteer: .london).resolvePickup(nil, current: current) == .needsValue)
    }
}
