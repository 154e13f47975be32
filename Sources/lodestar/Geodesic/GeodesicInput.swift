import Geodesy

/// One problem of `lodestar geodesic`: decimal numbers separated by spaces, tabs and/or commas.
struct GeodesicInput {
    /// What a problem line must hold, in order, e.g. `["lat1", "lon1", "lat2", "lon2"]`.
    let fieldNames: [String]

    /// The numbers of one line or of the joined command-line values.
    /// - Throws: ``GeodesicInputError`` naming the first problem: the wrong number of fields, or a
    ///   field that is not a decimal number.
    func numbers(in text: String) throws(GeodesicInputError) -> [Double] {
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\r" })
        guard fields.count == fieldNames.count else {
            throw GeodesicInputError(
                "expected \(fieldNames.count) numbers (\(fieldNames.joined(separator: " "))), found \(fields.count)")
        }
        var values: [Double] = []
        values.reserveCapacity(fields.count)
        for (field, name) in zip(fields, fieldNames) {
            guard let value = Double(field) else { throw GeodesicInputError("\(name) '\(field)' is not a number") }
            values.append(value)
        }
        return values
    }
}

/// Why one problem of `lodestar geodesic` could not be answered; the text is the whole message.
struct GeodesicInputError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension GeodesicInputError {
    /// The library's own message for a bad coordinate or direct-problem input.
    init(_ error: GeodesyError) { self.init(error.description) }
}

extension Coordinate {
    /// A coordinate from command-line numbers, with the library's message if it is invalid.
    static func parsed(_ latitude: Double, _ longitude: Double) throws(GeodesicInputError) -> Coordinate {
        do throws(CoordinateInputError) {
            return try Coordinate.checked(latitude: latitude, longitude: longitude)
        } catch {
            throw GeodesicInputError(error.description)
        }
    }
}
