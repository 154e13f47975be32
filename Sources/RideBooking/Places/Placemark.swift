import Geodesy

/// A named place, like CoreLocation's `CLPlacemark` as SiriKit uses it in ride requests.
///
/// A placemark may hold only a name (what a user said or typed: "Heathrow Terminal 5"), which
/// ``PlaceResolver`` resolves against a ``Gazetteer``; or only a coordinate (a dropped pin, the
/// current location); or both.
public struct Placemark: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The place's name, such as "Charing Cross station forecourt".
    public var name: String?
    /// Where it is, WGS84 degrees; nil for a name that is not resolved yet.
    public var coordinate: Coordinate?
    /// A postal address or description, one line.
    public var address: String?

    /// - Parameters:
    ///   - name: the place's name.
    ///   - coordinate: where it is.
    ///   - address: one line of address.
    public init(name: String? = nil, coordinate: Coordinate? = nil, address: String? = nil) {
        self.name = name
        self.coordinate = coordinate
        self.address = address
    }

    /// "Name (lat,lon)", "Name", or "lat,lon" with five decimals (about 1 m).
    public var description: String {
        let position = coordinate.map { Self.format($0) }
        switch (name, position) {
        case (let name?, let c?): return "\(name) (\(c))"
        case (let name?, nil): return name
        case (nil, let c?): return c
        case (nil, nil): return "(no place)"
        }
    }

    /// "lat,lon" with five decimals.
    public static func format(_ coordinate: Coordinate) -> String {
        "\(fixed(coordinate.latitude)),\(fixed(coordinate.longitude))"
    }

    private static func fixed(_ value: Double) -> String {
        let scaled = (value * 100_000).rounded()
        let sign = scaled < 0 ? "-" : ""
        let magnitude = Int(abs(scaled))
        let fraction = String(magnitude % 100_000)
        return "\(sign)\(magnitude / 100_000).\(String(repeating: "0", count: 5 - fraction.count))\(fraction)"
    }
}
