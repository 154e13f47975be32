import LodestarInternals

/// One region a ``RegionEngine`` watches, like CoreLocation's `CLMonitor` condition: an identifier,
/// a shape and an optional dwell time. Always valid: its initializer checks every number.
public struct RegionCondition: Sendable, Equatable, Codable {
    /// The identifier, unique within a monitor: 1 to 1024 bytes of UTF-8.
    public let id: String
    /// The area.
    public let shape: RegionShape
    /// After an enter, a ``RegionEvent/Kind/dwell`` event is reported once the location has stayed
    /// inside this long (fix time), as Android's geofences do; nil for none. 0 s to one week.
    public let dwell: Duration?

    /// The longest identifier, bytes.
    public static let maximumIdentifierBytes = 1024

    /// - Parameters:
    ///   - id: 1 to 1024 bytes.
    ///   - shape: the area; a circle's radius must be finite, > 0 m and ≤ 1,000,000 m.
    ///   - dwell: 0 s to one week, or nil.
    /// - Throws: ``RegionError/identifier(_:)``, ``RegionError/radius(_:)``, ``RegionError/dwell(_:)``
    ///   or ``RegionError/polygon(_:)``.
    public init(id: String, shape: RegionShape, dwell: Duration? = nil) throws(RegionError) {
        guard (1...Self.maximumIdentifierBytes).contains(id.utf8.count) else { throw .identifier(id) }
        self.id = id
        self.shape = try shape.validated()
        self.dwell = try RegionError.checkedDwell(dwell)
    }

    /// A condition whose shape and dwell the caller has checked as ``init(id:shape:dwell:)``
    /// does (``GeoJSONReader`` checks each number as it reads it, with its own messages): only the
    /// identifier is checked.
    /// - Throws: ``RegionError/identifier(_:)``.
    init(id: String, checkedShape shape: RegionShape, checkedDwell dwell: Duration?) throws(RegionError) {
        guard (1...Self.maximumIdentifierBytes).contains(id.utf8.count) else { throw .identifier(id) }
        self.id = id
        self.shape = shape
        self.dwell = dwell
    }

    private enum CodingKeys: String, CodingKey { case id, shape, dwell }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let seconds = try c.decodeIfPresent(Double.self, forKey: .dwell)
        var dwell: Duration?
        if let seconds {
            guard let d = Duration(checkedSeconds: seconds) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .dwell, in: c, debugDescription: "dwell \(seconds) s is not a duration")
            }
            dwell = d
        }
        do {
            try self.init(
                id: try c.decode(String.self, forKey: .id), shape: try c.decode(RegionShape.self, forKey: .shape),
                dwell: dwell)
        } catch let error as RegionError {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(shape, forKey: .shape)
        try c.encodeIfPresent(dwell?.seconds, forKey: .dwell)
    }
}
