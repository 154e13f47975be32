import Foundation
import Geodesy
import Lodestar
import RideBooking
import RideStoreSQLite
import RideTestSupport

/// The one ``RideService`` over a fresh SQLite store in a temporary directory, removed with the
/// fixture; its fleet is registered and reports where it stands (``SimulatedFleet``), as
/// `lodestar ride` does before it books.
final class ServiceFixture: Sendable {
    let directory: TemporaryDirectory
    let store: RideStore
    let clock: TestClock
    let service: RideService

    init(
        vehicles: [Vehicle], configuration: RideServiceConfiguration = RideServiceConfiguration(),
        places: PlaceResolver = PlaceResolver(gazetteer: Fixture.gazetteer), clock: TestClock = TestClock()
    ) async throws {
        directory = try TemporaryDirectory()
        store = try RideStore(path: directory.path("rides.sqlite"))
        self.clock = clock
        service = RideService(
            store: store, databaseKind: "sqlite", fleet: try Fixture.fleet(vehicles), places: places,
            configuration: configuration,
            now: clock.function)
        try await service.registerFleet()
        try await report()
    }

    deinit { directory.remove() }

    var requests: RideRequestHandler { RideRequestHandler(service: service) }
    var statuses: RideStatusHandler { RideStatusHandler(service: service) }
    var cancellations: CancelRideHandler { CancelRideHandler(service: service) }

    /// The simulated fleet reports at the clock's time: each vehicle on a ride where its trip puts
    /// it, the others at their stands.
    func report() async throws {
        var fleet = SimulatedFleet(service: service)
        try await fleet.report(at: clock.now)
    }

    /// The ride's status at the clock's time once its vehicle has reported where its trip puts it.
    func status(_ rideIdentifier: String) async throws -> RideStatus? {
        var fleet = SimulatedFleet(service: service)
        return try await fleet.status(of: rideIdentifier, at: clock.now, writing: true)
    }

    /// The fleet reports, then the ride is cancelled.
    func cancel(_ rideIdentifier: String) async throws -> CancelRideIntentResponse {
        try await report()
        return try await cancellations.handle(rideIdentifier: rideIdentifier)
    }

    /// The updates the ride's trip publishes after `start` through the clock's time
    /// (``RideTimeline/updates(through:)``); nil for an unknown ride.
    func updates(_ rideIdentifier: String, after start: Date? = nil) async throws -> [RideStatus]? {
        guard let record = try await store.ride(identifier: rideIdentifier) else { return nil }
        let all = RideTimeline(record: record, rules: service.configuration.tracking).updates(through: clock.now)
        return start.map { start in all.filter { $0.date > start } } ?? all
    }

    /// Books a ride from Charing Cross for two (after the fleet has reported) and returns its status.
    func book(
        pickup: Coordinate = Fixture.charingCross, dropOff: Coordinate? = Fixture.point(azimuth: 270, distance: 3_000)
    ) async throws -> RideStatus? {
        let request = RideRequest(
            pickupLocation: Placemark(coordinate: pickup), dropOffLocation: dropOff.map { Placemark(coordinate: $0) },
            partySize: 2)
        try await report()
        return try await requests.handle(request).rideStatus
    }
}
