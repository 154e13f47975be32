import Foundation
import GRDB
import Geodesy
import RideBooking
import RideStorePostgres
import RideStoreSQLite
import RideTestSupport
import Synchronization
import TestSupport

/// The two ride store backends, for tests parameterised over both (`arguments: Backend.allCases`).
enum Backend: String, CaseIterable, Sendable, CustomStringConvertible {
    /// ``RideStore`` on a new SQLite file in a temporary directory.
    case sqlite
    /// `PostgresRideStore` on a new database of the test process's PostgreSQL server
    /// (``PostgresServer/shared()``), migrated.
    case postgres

    var description: String { rawValue }

    /// `body` with a new store, closed afterwards (also when `body` throws).
    func run(_ body: (BackendFixture) async throws -> Void) async throws {
        let fixture = try await open()
        do {
            try await body(fixture)
        } catch {
            await fixture.close()
            throw error
        }
        await fixture.close()
    }

    /// A new, empty, migrated store.
    func open() async throws -> BackendFixture {
        switch self {
        case .sqlite:
            let directory = try TemporaryDirectory()
            let path = directory.path("rides.sqlite")
            return BackendFixture(store: try RideStore(path: path), location: path, directory: directory)
        case .postgres:
            let url = try await PostgresServer.shared().createDatabase()
            let store = try PostgresRideStore(url: url, maximumConnections: 8)
            try await store.migrate()
            return BackendFixture(store: store, location: url, directory: nil)
        }
    }
}

/// An open store and where it is; ``another()`` opens a second instance on the same database (a
/// second GRDB pool on the file, or a second postgres-nio pool: as a second process would).
final class BackendFixture: Sendable {
    let store: any RideBackend
    let location: String
    let directory: TemporaryDirectory?
    private let others = Mutex<[any RideBackend]>([])

    init(store: any RideBackend, location: String, directory: TemporaryDirectory?) {
        self.store = store
        self.location = location
        self.directory = directory
    }

    /// A second store on the same database, not migrated by itself; closed with this one.
    func another() throws -> any RideBackend {
        let store: any RideBackend =
            directory != nil ? try RideStore(path: location) : try PostgresRideStore(url: location, maximumConnections: 8)
        others.withLock { $0.append(store) }
        return store
    }

    /// Closes the stores (the PostgreSQL pools) and removes the SQLite directory.
    func close() async {
        for store in [store] + others.withLock({ $0 }) {
            if let store = store as? PostgresRideStore { await store.close() }
        }
        directory?.remove()
    }
}

/// Builders for the backend tests.
enum BackendFixtures {
    /// 2026-03-14T09:36:22Z.
    static let date = TestClock.start

    /// A report of `vehicle` at `coordinate`, `age` seconds before ``date``.
    static func report(_ vehicle: String, at coordinate: Coordinate, age: Double = 0, course: Double? = 90, speed: Double? = 8)
        -> VehicleReport
    {
        VehicleReport(
            vehicleIdentifier: vehicle, coordinate: coordinate, course: course, speed: speed, date: date.addingTimeInterval(-age))
    }

    /// Registers the vehicles and reports each at its `position` (its stand is moved 20 km north
    /// first, so that only the report can bring it near).
    static func fleet(_ vehicles: [Vehicle], in store: any RideBackend) async throws {
        let stands = vehicles.map { vehicle in
            var registered = vehicle
            registered.position = Fixture.point(from: vehicle.position, azimuth: 0, distance: 20_000)
            return registered
        }
        try await store.register(stands)
        let unknown = try await store.reportPositions(vehicles.map { report($0.identifier, at: $0.position) })
        precondition(unknown.isEmpty)
    }

    /// An order from Charing Cross.
    static func order(
        rider: String? = "ada", pickup: Coordinate = Fixture.charingCross, partySize: Int = 1, option: String? = nil,
        at date: Date = date, reportedSince: Date? = nil
    ) -> RideBookingOrder {
        RideBookingOrder(
            rider: rider, pickup: pickup, partySize: partySize, rideOptionName: option, reportedSince: reportedSince, date: date)
    }

    /// The ride a service would make for the vehicle chosen: confirmed, 10 m/s from its reported
    /// position, a drop-off 3 km west of the pickup.
    @Sendable static func record(for order: RideBookingOrder) -> @Sendable (AssignableVehicle) throws -> RideRecord {
        { chosen in
            let trip = Trip(
                start: chosen.position.coordinate, pickup: order.pickup,
                dropOff: Fixture.point(from: order.pickup, azimuth: 270, distance: 3_000), speed: chosen.vehicle.speed,
                departureDate: order.date, boardingDuration: 60)
            var status = RideStatus(
                rideIdentifier: UUID().uuidString, bookedDate: order.date, date: order.date,
                vehicle: chosen.vehicle.rideVehicle(), driver: chosen.vehicle.driver,
                estimatedPickupDate: trip.pickupArrivalDate, pickupLocation: Placemark(coordinate: order.pickup),
                partySize: order.partySize, distanceRemaining: chosen.distance)
            try status.advance(to: .confirmed)
            return RideRecord(booking: status, vehicle: chosen.vehicle, trip: trip)
        }
    }

    /// Books `order` in `store` with ``record(for:)``.
    static func book(_ order: RideBookingOrder, in store: any RideBackend) async throws -> RideBookingOutcome {
        try await store.book(order, makeRecord: record(for: order))
    }
}

extension BackendFixture {
    /// Runs SQL on the database behind the store's back, as a damaged file or another program
    /// would: GRDB on the SQLite file, `psql` on the PostgreSQL database.
    /// - Throws: what the database answered (a constraint refused, say).
    func execute(_ sql: String) async throws {
        if directory != nil {
            try await DatabaseQueue(path: location).write { try $0.execute(sql: sql) }
        } else {
            let database = String(location.split(separator: "/").last ?? "")
            try await PostgresServer.shared().psql(sql, database: database)
        }
    }

    /// Inserts a ride row by hand (a JSON record that is only `{}`), for the constraints.
    func insertRawRide(_ id: String, vehicle: String, phase: Int, completion: String?) async throws {
        let completionSQL = completion.map { "'\($0)'" } ?? "NULL"
        let revision = directory != nil ? ", revision" : ""
        let revisionValue = directory != nil ? ", 1" : ""
        try await execute(
            """
            INSERT INTO ride (id, vehicle_id, phase, completion_status, booked_at, trip_ends_at, updated_at, record\(revision))
            VALUES ('\(id)', '\(vehicle)', \(phase), \(completionSQL), 0, 1e12, 0, '{}'\(revisionValue))
            """)
    }
}
