import ArgumentParser
import Foundation
import Geodesy

/// A `LAT,LON` argument in decimal degrees, latitude first, south and west negative
/// (`51.4700,-0.4543`, `-33.8568,151.2153`): `guide --to`, `ride request --pickup/--dropoff`,
/// `ride options --pickup`.
struct CoordinateArgument: ExpressibleByArgument, Sendable {
    let coordinate: Coordinate

    init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]),
              let coordinate = try? Coordinate(latitude: latitude, longitude: longitude)
        else { return nil }
        self.coordinate = coordinate
    }

    static var defaultValueDescription: String { "LAT,LON" }
}
