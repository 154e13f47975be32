import Foundation
import Geodesy

/// The API's `VehicleLocation` (the body of `PUT /vehicles/{id}/location`) and, with
/// ``vehicleIdentifier``, `VehicleLocationReport` (one element of `VehicleLocationBatch`).
public struct VehicleLocationBody: Sendable, Hashable, Codable {
    /// The vehicle, in a batch only: 1...64 of `A-Z a-z 0-9 . _ -` (``VehicleIdentifier``).
    public var vehicleIdentifier: String?
    /// Where the vehicle is.
    public var coordinate: Coordinate
    /// When the receiver measured it (after 2000-01-01); nil to let the service stamp it.
    public var timestamp: Date?
    /// Radius of the 68% circle, metres, in ``APIRanges/accuracies``.
    public var horizontalAccuracy: Double?
    /// Speed over ground, metres per second, in ``APIRanges/speeds``.
    public var speed: Double?
    /// Course over ground, degrees clockwise from true north, [0, 360).
    public var course: Double?

    public init(
        vehicleIdentifier: String? = nil, coordinate: Coordinate, timestamp: Date? = nil, horizontalAccuracy: Double? = nil,
        speed: Double? = nil, course: Double? = nil
    ) {
        self.vehicleIdentifier = vehicleIdentifier
        self.coordinate = coordinate
        self.timestamp = timestamp
        self.horizontalAccuracy = horizontalAccuracy
        self.speed = speed
        self.course = course
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case vehicleIdentifier, coordinate, timestamp, horizontalAccuracy, speed, course
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
        vehicleIdentifier = try c.string(.vehicleIdentifier, length: 1...64)
        if let identifier = vehicleIdentifier, !VehicleIdentifier.isValid(identifier) {
            throw c.corrupted(.vehicleIdentifier, "must be 1 to 64 letters, digits, '.', '_' or '-'")
        }
        guard let coordinate = try c.coordinate(.coordinate) else {
            throw c.missing(.coordinate)
        }
        self.coordinate = coordinate
        timestamp = try c.date(.timestamp)
        horizontalAccuracy = try c.number(.horizontalAccuracy, in: APIRanges.accuracies)
        speed = try c.number(.speed, in: APIRanges.speeds)
        course = try c.number(.course, in: APIRanges.courses)
        if let course, course >= 360 {
            throw c.corrupted(.course, "must be less than 360")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(vehicleIdentifier, forKey: .vehicleIdentifier)
        try c.encode(coordinate, forKey: .coordinate)
        try c.encodeIfPresent(horizontalAccuracy, forKey: .horizontalAccuracy)
        try c.encodeIfPresent(speed, forKey: .speed)
        try c.encodeIfPresent(course, forKey: .course)
        try c.encodeIfPresent(timestamp, forKey: .timestamp)
    }
}

/// The API's `VehicleLocationBatch`, the body of `POST /vehicles/locations`: 1...1000 reports,
/// each naming its vehicle.
public struct VehicleLocationBatchBody: Sendable, Hashable, Codable {
    public var locations: [VehicleLocationBody]

    public init(locations: [VehicleLocationBody]) { self.locations = locations }

    private enum CodingKeys: String, CodingKey, CaseIterable { case locations }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
        locations = try c.decode([VehicleLocationBody].self, forKey: .locations)
        guard APIRanges.batchSizes.contains(locations.count) else {
            throw c.corrupted(
                .locations,
                "must hold \(APIRanges.batchSizes.lowerBound) to \(APIRanges.batchSizes.upperBound) elements, got \(locations.count)"
            )
        }
        for (i, entry) in locations.enumerated() where entry.vehicleIdentifier == nil {
            throw DecodingError.keyNotFound(
                MemberKey(stringValue: "vehicleIdentifier"),
                .init(codingPath: c.codingPath + [CodingKeys.locations, IndexKey(i)], debugDescription: "required"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(locations, forKey: .locations)
    }
}

/// An array index in a coding path.
struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "\(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}

/// The form of a vehicle identifier in a path, a body or a token: 1...64 of `A-Z a-z 0-9 . _ -`.
public enum VehicleIdentifier {
    public static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return (1...64).contains(bytes.count)
            && bytes.allSatisfy { b in
                (48...57).contains(b) || (65...90).contains(b) || (97...122).contains(b) || b == 46 || b == 95 || b == 45
            }
    }
}
