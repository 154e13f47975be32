import Geodesy

/// One named place in a ``Gazetteer``.
public struct GazetteerPlace: Sendable, Hashable, Codable {
    /// The place's name, such as "Heathrow Terminal 5".
    public var name: String
    /// Other names it is known by, such as "LHR T5".
    public var aliases: [String]
    /// Where it is, WGS84.
    public var coordinate: Coordinate
    /// One line of address.
    public var address: String?
    /// Whether vehicles pick riders up here: a designated pickup point, to which a current
    /// location within the snapping radius (200 m by default) is moved.
    public var isPickupPoint: Bool

    public init(
        name: String, aliases: [String] = [], coordinate: Coordinate, address: String? = nil, isPickupPoint: Bool = false
    ) {
        self.name = name
        self.aliases = aliases
        self.coordinate = coordinate
        self.address = address
        self.isPickupPoint = isPickupPoint
    }

    /// The place as a ``Placemark``.
    public var placemark: Placemark { Placemark(name: name, coordinate: coordinate, address: address) }

    private enum CodingKeys: String, CodingKey {
        case name, aliases, latitude, longitude, address, pickupPoint
    }

    /// Decodes `{"name", "latitude", "longitude"}` with optional `aliases`, `address` and
    /// `pickupPoint` (default false).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let latitude = try c.decode(Double.self, forKey: .latitude)
        let longitude = try c.decode(Double.self, forKey: .longitude)
        do {
            coordinate = try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .latitude, in: c, debugDescription: error.description)
        }
        name = try c.decode(String.self, forKey: .name)
        aliases = try c.decodeIfPresent([String].self, forKey: .aliases) ?? []
        address = try c.decodeIfPresent(String.self, forKey: .address)
        isPickupPoint = try c.decodeIfPresent(Bool.self, forKey: .pickupPoint) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        if !aliases.isEmpty { try c.encode(aliases, forKey: .aliases) }
        try c.encode(coordinate.latitude, forKey: .latitude)
        try c.encode(coordinate.longitude, forKey: .longitude)
        try c.encodeIfPresent(address, forKey: .address)
        if isPickupPoint { try c.encode(true, forKey: .pickupPoint) }
    }
}
