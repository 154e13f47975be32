import Foundation
import GNSS
import Geodesy
import Lodestar
import RideBooking
import Testing

/// The pickup taken from Traces/walk-to-pickup.nmea through the location manager.
///
/// The trace's epochs are read from its ground-truth CSV (`reported_lat`, `reported_lon` and the
/// GST sigma, exactly what the receiver wrote) into fixes, replayed by a `LocationManager` on the
/// virtual clock; the last location it delivers is the current location.
@Suite struct TracePickupTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The walk's fixes, one per CSV row.
    static func walkFixes() throws -> [Fix] {
        let text = try String(
            contentsOf: packageRoot.appendingPathComponent("Traces/walk-to-pickup.truth.csv"), encoding: .utf8)
        var lines = text.split(separator: "\n")
        let header = lines.removeFirst().split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        func column(_ name: String) throws -> Int { try #require(header.firstIndex(of: name)) }
        let (time, lat, lon, sigma, fixed) = (
            try column("time"), try column("reported_lat"), try column("reported_lon"), try column("sigma"),
            try column("fix"))
        let iso = ISO8601DateFormatter()
        iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return try lines.map { line in
            let f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let s = try #require(Double(f[sigma]))
            let date: Date = try #require(iso.date(from: f[time]))
            return Fix(
                time: date,
                coordinate: try Coordinate(latitude: try #require(Double(f[lat])), longitude: try #require(Double(f[lon]))),
                mode: f[fixed] == "1" ? .threeD : .noFix,
                errors: ErrorEstimates(latitude: Uncertainty(s, .oneSigma), longitude: Uncertainty(s, .oneSigma)))
        }
    }

    @Test func pickupFromTheTraceThroughTheLocationManager() async throws {
        let fixes = try Self.walkFixes()
        let manager = LocationManager(source: RecordedFixSource(name: "trace walk-to-pickup", fixes: fixes), clock: .virtual)
        let current = await CurrentLocation.lastLocation(replaying: manager)
        let location = try #require(current.location)
        let last = try #require(fixes.last)
        #expect(location.timestamp == last.time)
        #expect(location.coordinate == last.coordinate)
        #expect(current.referenceDate == last.time)  // age is measured in trace time
        #expect(abs(try #require(location.horizontalAccuracy) - 3 * 2.0.squareRoot()) < 1e-9)
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
        let fixture = try ServiceFixture(
            vehicles: [Fixture.vehicle("V-1", at: Fixture.point(azimuth: 60, distance: 2_000))], places: resolver,
            clock: TestClock(try #require(last.time)))
        var request = RideRequest(dropOffLocation: Placemark(coordinate: Fixture.heathrow), partySize: 2)
        request.pickupLocation = try #require(
            { if case .confirmationRequired(let p) = fixture.requests.resolvePickupLocation(for: request, current: current) { p } else { nil } }())
        #expect(try fixture.requests.confirm(request).code == .ready)
        let booked = try #require(try fixture.requests.handle(request).rideStatus)
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
