import ArgumentParser
import Foundation
import Geodesy

/// The destination of `lodestar guide --to LAT,LON`: decimal degrees, latitude first, south and
/// west negative (`51.5,-0.12`, `-33.8568,151.2153`).
struct GuideTarget: ExpressibleByArgument, Sendable {
    let coordinate: Coordinate

    init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]),
              let coordinate = try? Coordinate(latitude: latitude, longitude: longitude)
        else { return nil }
        self.coordinate = coordinate
    }
}
