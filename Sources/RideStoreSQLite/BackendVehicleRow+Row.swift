import Foundation
import GRDB
import Geodesy
import RideBooking

extension BackendVehicleRow {
    /// A vehicle and its position from an SQLite row with the columns `id`, `record`, and
    /// `latitude`, `longitude`, `course`, `speed`, `reported_at` (NULL when it never reported).
    static func tracked(_ row: Row, path: String) throws(RideStoreError) -> TrackedVehicle? {
        guard let id = row["id"] as String?, let json = row["record"] as String? else { return nil }
        let vehicle = try vehicle(json: json, identifier: id, path: path)
        var position: VehiclePosition?
        if let latitude = row["latitude"] as Double?, let longitude = row["longitude"] as Double?,
            let reported = row["reported_at"] as Double?
        {
            position = VehiclePosition(
                coordinate: Coordinate(uncheckedLatitude: latitude, longitude: longitude), course: row["course"],
                speed: row["speed"], date: Date(timeIntervalSince1970: reported))
        }
        return TrackedVehicle(vehicle: vehicle, position: position)
    }
}
