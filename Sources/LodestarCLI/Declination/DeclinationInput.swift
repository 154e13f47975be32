import Foundation
import GeoMagnetism
import Geodesy

/// Parsing of the numbers, dates and lines that `lodestar declination` reads. Every failure is a
/// ``DeclinationError`` with a one-line description.
enum DeclinationInput {
    /// A finite number; `what` names it in the error ("latitude", "height").
    static func number(_ text: some StringProtocol, _ what: String) throws(DeclinationError) -> Double {
        guard let value = Double(String(text)), value.isFinite else {
            throw .notANumber(what: what, text: String(text))
        }
        return value
    }

    /// Decimal years accepted (--year and batch lines): the model is valid 2025.0–2030.0;
    /// extrapolated (--allow-extrapolation), a century either way at most.
    static let yearRange = 1900.0...2100.0

    /// A decimal year within ``yearRange``; `what` names it in the error.
    static func year(_ text: some StringProtocol, _ what: String) throws(DeclinationError) -> Double {
        let year = try number(text, what)
        guard yearRange.contains(year) else {
            throw .outOfRange(what: what, value: year, range: "\(Int(yearRange.lowerBound)) to \(Int(yearRange.upperBound))")
        }
        return year
    }

    /// A coordinate from latitude and longitude texts, degrees.
    static func coordinate(
        latitude: some StringProtocol, longitude: some StringProtocol
    ) throws(DeclinationError) -> Coordinate {
        let lat = try number(latitude, "latitude")
        let lon = try number(longitude, "longitude")
        do throws(CoordinateInputError) {
            return try Coordinate.checked(latitude: lat, longitude: lon)
        } catch {
            throw .coordinate(error)
        }
    }

    /// A height in kilometres, returned in metres; checked against the model's range.
    static func heightMetres(kilometres text: some StringProtocol) throws(DeclinationError) -> Double {
        let km = try number(text, "height")
        let metres = km * 1000
        guard WorldMagneticModel.heightValidity.contains(metres) else { throw .heightOutOfRange(kilometres: km) }
        return metres
    }

    /// The decimal year of a `YYYY-MM-DD` date (00:00 UTC).
    static func decimalYear(date text: String) throws(DeclinationError) -> Double {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, (1...2).contains(parts[1].count), (1...2).contains(parts[2].count),
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { throw .badDate(text) }
        do {
            return try DecimalYear.from(year: year, month: month, day: day)
        } catch {
            throw .badDate(text)
        }
    }

    /// One `decimal_year height_km lat lon` line of batch input.
    static func batchLine(_ line: String) throws(DeclinationError) -> (year: Double, metres: Double, at: Coordinate) {
        let fields = line.split(whereSeparator: { $0.isWhitespace })
        guard fields.count == 4 else {
            throw .wrongCount(what: "fields (decimal_year height_km lat lon)", expected: 4, got: fields.count)
        }
        let year = try year(fields[0], "decimal year")
        let metres = try heightMetres(kilometres: fields[1])
        let at = try coordinate(latitude: fields[2], longitude: fields[3])
        return (year, metres, at)
    }
}
