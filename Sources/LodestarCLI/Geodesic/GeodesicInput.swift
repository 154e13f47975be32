import Geodesy

/// One problem of `lodestar geodesic`: fields separated by spaces, tabs and/or commas, read as
/// GeodSolve reads them: latitudes, longitudes and azimuths in decimal degrees or DMS
/// (`40d38'23"N`, `40:38:23N`), lengths in metres.
struct GeodesicInput {
    /// What one field holds.
    enum Field {
        case latitude, longitude, azimuth, length
    }

    /// The fields in the order the user gives them, with their names, e.g. `lat1 lon1 lat2 lon2`
    /// (`lon1 lat1 ...` with `-w`).
    let fields: [(name: String, kind: Field)]

    /// A problem of `names` (`["lat1", "lon1", "azi1", "s12"]`), longitude before latitude in each
    /// position when `longitudeFirst` (GeodSolve's `-w`).
    init(_ names: [String], longitudeFirst: Bool = false) {
        var fields = names.map { name -> (name: String, kind: Field) in
            (
                name,
                name.hasPrefix("lat")
                    ? .latitude : name.hasPrefix("lon") ? .longitude : name.hasPrefix("azi") ? .azimuth : .length
            )
        }
        if longitudeFirst {
            for i in fields.indices.dropLast() where fields[i].kind == .latitude && fields[i + 1].kind == .longitude {
                fields.swapAt(i, i + 1)
            }
        }
        self.fields = fields
    }

    /// What the fields are called, for messages and help: `lat1 lon1 lat2 lon2`.
    var names: String { fields.map(\.name).joined(separator: " ") }

    /// The numbers of one line or of the joined command-line values, latitude before longitude in
    /// every position whatever order they were given in (hemisphere letters may swap a pair, as
    /// in GeodSolve: `73d46'W 40d38'N` is latitude 40.64, longitude -73.78).
    /// - Throws: ``GeodesicInputError`` naming the first problem: the wrong number of fields, a
    ///   field that is not a number or an angle, or a pair whose hemispheres do not make one
    ///   latitude and one longitude.
    func numbers(in text: String) throws(GeodesicInputError) -> [Double] {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\r" })
        guard words.count == fields.count else {
            throw GeodesicInputError("expected \(Plural.count(fields.count, "number")) (\(names)), found \(words.count)")
        }
        var values: [Double] = []
        values.reserveCapacity(words.count)
        var index = 0
        while index < fields.count {
            let field = fields[index]
            if field.kind == .latitude || field.kind == .longitude, index + 1 < fields.count {
                let pair = try position(
                    words[index], words[index + 1], names: (field.name, fields[index + 1].name),
                    longitudeFirst: field.kind == .longitude)
                values.append(pair.latitude)
                values.append(pair.longitude)
                index += 2
                continue
            }
            let word = words[index]
            if let value = Double(word) {
                values.append(value)
            } else if field.kind == .azimuth, let angle = GeodesicAngle(word), angle.hemisphere == nil {
                values.append(angle.degrees)
            } else {
                throw GeodesicInputError("\(field.name) '\(word)' is not a number")
            }
            index += 1
        }
        return values
    }

    /// One position from two fields, in either order when hemisphere letters say which is which.
    private func position(
        _ a: Substring, _ b: Substring, names: (String, String), longitudeFirst: Bool
    ) throws(GeodesicInputError) -> (latitude: Double, longitude: Double) {
        func angle(_ word: Substring, _ name: String) throws(GeodesicInputError) -> GeodesicAngle {
            if let value = Double(word) { return GeodesicAngle(degrees: value) }
            guard let angle = GeodesicAngle(word) else { throw GeodesicInputError("\(name) '\(word)' is not a number") }
            return angle
        }
        let first = try angle(a, names.0)
        let second = try angle(b, names.1)
        var latitudeFirst = !longitudeFirst
        switch (first.hemisphere, second.hemisphere) {
        case (.latitude, .latitude), (.longitude, .longitude):
            throw GeodesicInputError(
                "\(names.0) '\(a)' and \(names.1) '\(b)' are both \(first.hemisphere == .latitude ? "latitudes" : "longitudes")")
        case (.latitude, _), (_, .longitude): latitudeFirst = true
        case (.longitude, _), (_, .latitude): latitudeFirst = false
        case (nil, nil): break
        }
        return latitudeFirst ? (first.degrees, second.degrees) : (second.degrees, first.degrees)
    }
}

extension GeodesicAngle {
    /// A plain number of degrees, without hemisphere.
    init(degrees: Double) {
        self.degrees = degrees
        self.hemisphere = nil
    }
}

/// Why one problem of `lodestar geodesic` could not be answered; the text is the whole message.
struct GeodesicInputError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension GeodesicInputError {
    /// The library's own message for a bad direct-problem input.
    init(_ error: GeodesyError) { self.init(error.description) }
}

extension Coordinate {
    /// A coordinate from command-line numbers, with the range message if it is invalid.
    static func parsed(_ latitude: Double, _ longitude: Double) throws(GeodesicInputError) -> Coordinate {
        do throws(CoordinateInputError) {
            return try Coordinate.checked(latitude: latitude, longitude: longitude)
        } catch {
            throw GeodesicInputError(error.description)
        }
    }
}
