import ArgumentParser
import Geodesy

/// A `LAT,LON` argument in decimal degrees, south and west negative: `51.4700,-0.4543`.
struct RideCoordinate: ExpressibleByArgument {
    let coordinate: Coordinate

    init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let lat = Double(parts[0]), let lon = Double(parts[1]),
            let coordinate = try? Coordinate(latitude: lat, longitude: lon)
        else { return nil }
        self.coordinate = coordinate
    }

    static var defaultValueDescription: String { "LAT,LON" }
}
