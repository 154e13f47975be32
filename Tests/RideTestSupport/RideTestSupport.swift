import Foundation
import Geodesy
import Lodestar
import RideBooking
import RideStoreSQLite
import Synchronization

/// A clock the tests set and step: no sleeping, the same answers on every run.
package final class TestClock: Sendable {
    private let date: Mutex<Date>

    package init(_ start: Date = TestClock.start) {
        date = Mutex(start)
    }

    /// 2026-03-14T09:36:22Z, the last fix of Traces/walk-to-pickup.nmea.
    package static let start = Date(timeIntervalSince1970: 1_773_480_982)

    package var now: Date { date.withLock { $0 } }

    package func advance(by seconds: Double) { date.withLock { $0 = $0.addingTimeInterval(seconds) } }

    package func set(_ new: Date) { date.withLock { $0 = new } }

    package var function: @Sendable () -> Date { { [self] in now } }
}

/// A directory under the system's temporary directory, removed by ``remove()``.
package struct TemporaryDirectory: Sendable {
    package let url: URL

    package init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("lodestar-ride-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    package func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    package func remove() { try? FileManager.default.removeItem(at: url) }
}

/// Shared places and builders.
package enum Fixture {
    /// The pickup point at the end of the walk trace: Charing Cross station forecourt.
    package static let charingCross = Coordinate(uncheckedLatitude: 51.50850, longitude: -0.12470)
    /// Heathrow, the acceptance drop-off.
    package static let heathrow = Coordinate(uncheckedLatitude: 51.4700, longitude: -0.4543)

    /// The point `distance` metres from `origin` along `azimuth` degrees (Karney's direct problem).
    package static func point(from origin: Coordinate = charingCross, azimuth: Double, distance: Double) -> Coordinate {
        (try? Geodesic.wgs84.destination(from: origin, azimuth: azimuth, distance: distance)) ?? origin
    }

    /// A Standard vehicle (4 seats, 10 m/s) at `position`.
    package static func vehicle(
        _ id: String, at position: Coordinate, capacity: Int = 4, option: String = "Standard", speed: Double = 10,
        state: VehicleState = .available
    ) -> Vehicle {
        Vehicle(
            identifier: id, position: position, capacity: capacity, rideOptionName: option, speed: speed, state: state,
            registrationPlate: "LD26 \(id.suffix(3))", manufacturer: "Toyota", model: "Prius",
            driver: RideDriver(name: "Driver \(id)", rating: "4.8", phoneNumber: "+44 20 7946 0000"))
    }

    package static func fleet(_ vehicles: [Vehicle]) throws -> Fleet { try Fleet(name: "test", vehicles: vehicles) }

    /// A location as the location manager would deliver it.
    package static func location(
        _ coordinate: Coordinate, at date: Date, accuracy: Double? = 4, speed: Double? = nil, course: Double? = nil
    ) -> Location {
        Location(
            coordinate: coordinate, horizontalAccuracy: accuracy, speed: speed, course: course, timestamp: date,
            sourceName: "test", provenance: .replayed)
    }

    /// A gazetteer for the resolution rules.
    package static let gazetteer = Gazetteer(places: [
        GazetteerPlace(
            name: "Charing Cross station forecourt", aliases: ["Charing Cross"], coordinate: charingCross, isPickupPoint: true),
        GazetteerPlace(name: "Trafalgar Square", coordinate: Coordinate(uncheckedLatitude: 51.50800, longitude: -0.12810)),
        GazetteerPlace(name: "Heathrow Terminal 2", coordinate: Coordinate(uncheckedLatitude: 51.46960, longitude: -0.45170)),
        GazetteerPlace(name: "Heathrow Terminal 3", coordinate: Coordinate(uncheckedLatitude: 51.47130, longitude: -0.45860)),
        GazetteerPlace(name: "Heathrow Terminal 4", coordinate: Coordinate(uncheckedLatitude: 51.45900, longitude: -0.44650)),
        GazetteerPlace(name: "Heathrow Terminal 5", coordinate: Coordinate(uncheckedLatitude: 51.47230, longitude: -0.48870)),
        GazetteerPlace(name: "Victoria station", coordinate: Coordinate(uncheckedLatitude: 51.49520, longitude: -0.14410)),
        GazetteerPlace(name: "Victoria Coach Station", coordinate: Coordinate(uncheckedLatitude: 51.49260, longitude: -0.14960)),
        GazetteerPlace(
            name: "Victoria", coordinate: Coordinate(uncheckedLatitude: 51.50800, longitude: -0.12000),
            address: "Victoria Embankment"),
        GazetteerPlace(name: "Victoria", coordinate: Coordinate(uncheckedLatitude: 51.49650, longitude: -0.14350)),
    ])
}

/// The one ``RideService`` over `store`, with `fleet` registered and reporting where it stands at
/// the clock's time, as `lodestar ride` opens it before it books (a read-only store: only opened).
package func openService(
    _ fleet: Fleet, _ store: RideStore, places: PlaceResolver = PlaceResolver(), now: @escaping @Sendable () -> Date = Date.init
) async throws -> RideService {
    let service = RideService(store: store, databaseKind: "sqlite", fleet: fleet, places: places, now: now)
    guard store.access == .readWrite else { return service }
    try await service.registerFleet()
    var simulated = SimulatedFleet(service: service)
    try await simulated.report(at: service.now)
    return service
}
