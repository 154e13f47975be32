import ArgumentParser
import Foundation
import Geodesy

/// A `LAT,LON` argument in decimal degrees, latitude first, south and west negative
/// (`51.4700,-0.4543`, `-33.8568,151.2153`): `guide --to`, `ride request --pickup/--dropoff`,
/// `ride options --pickup`. Latitude is in [-90, 90] and longitude in [-180, 180]: a longitude
/// outside is refused, not wrapped.
///
/// Declare the option with `transform: CoordinateArgument.parse` so that a bad value says what
/// is wrong with it ("The value '91,0' is invalid for '--to <lat,lon>': latitude 91.0 is outside
/// [-90, 90]"); ``init(argument:)`` is there for defaults and help.
struct CoordinateArgument: ExpressibleByArgument, Sendable {
    let coordinate: Coordinate

    init?(argument: String) {
        guard let parsed = try? Self.parse(argument) else { return nil }
        self = parsed
    }

    private init(_ coordinate: Coordinate) { self.coordinate = coordinate }

    /// Parses `LAT,LON`.
    /// - Throws: ``CoordinateInputError`` naming what is wrong: not two numbers, or a latitude
    ///   or longitude outside its range.
    static func parse(_ text: String) throws(CoordinateInputError) -> CoordinateArgument {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]) else {
            throw CoordinateInputError("give LAT,LON in decimal degrees, such as 51.5,-0.12")
        }
        return CoordinateArgument(try Coordinate.checked(latitude: latitude, longitude: longitude))
    }

    static var defaultValueDescription: String { "LAT,LON" }
}

/// Why a coordinate the user gave was refused; the text is the whole message.
struct CoordinateInputError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension Coordinate {
    /// Longitudes a user may give, degrees: one turn, both ends included.
    static let longitudeRange = -180.0...180.0

    /// A coordinate from numbers a user gave: latitude in [-90, 90], longitude in [-180, 180]
    /// (180 is kept as -180, the library's form), both finite.
    /// - Throws: ``CoordinateInputError``: "latitude 91.0 is outside [-90, 90]", "longitude
    ///   181.0 is outside [-180, 180]", "latitude nan is not a finite number".
    static func checked(latitude: Double, longitude: Double) throws(CoordinateInputError) -> Coordinate {
        let coordinate: Coordinate
        do throws(CoordinateError) {
            coordinate = try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            throw CoordinateInputError(error.description)
        }
        guard longitudeRange.contains(longitude) else {
            throw CoordinateInputError("longitude \(longitude) is outside [-180, 180]")
        }
        return coordinate
    }
}
