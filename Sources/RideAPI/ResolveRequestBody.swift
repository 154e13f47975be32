import Foundation
import Geodesy
import Lodestar
import RideBooking

/// The API's `ResolveRequest`, the body of `POST /rides/resolve/{parameter}`: the ride as asked so
/// far, and the rider's current location for the pickup.
public struct ResolveRequestBody: Sendable, Hashable, Codable {
    /// The ride as asked so far.
    public var request: RideRequestBody
    /// Where the rider is, if the app knows.
    public var currentLocation: CurrentLocationBody?

    public init(request: RideRequestBody, currentLocation: CurrentLocationBody? = nil) {
        self.request = request
        self.currentLocation = currentLocation
    }

    /// The rider's current location as the resolver takes it at `now`: unknown when none was
    /// given, or when its timestamp lies more than a minute after `now` (a clock that runs ahead).
    public func current(at now: Date) -> CurrentLocation {
        guard let given = currentLocation, given.timestamp.timeIntervalSince(now) <= 60 else { return .unknown(at: now) }
        return CurrentLocation(
            location: Location(
                coordinate: given.coordinate, horizontalAccuracy: given.horizontalAccuracy, timestamp: given.timestamp,
                sourceName: "rider", provenance: .live),
            referenceDate: now)
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case request, currentLocation }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
        request = try c.decode(RideRequestBody.self, forKey: .request)
        currentLocation = try c.decodeIfPresent(CurrentLocationBody.self, forKey: .currentLocation)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(request, forKey: .request)
        try c.encodeIfPresent(currentLocation, forKey: .currentLocation)
    }
}

/// The API's `CurrentLocation`: where the rider is, how well it is known and when.
public struct CurrentLocationBody: Sendable, Hashable, Codable {
    public var coordinate: Coordinate
    /// The 68% radius, metres, in ``APIRanges/accuracies``.
    public var horizontalAccuracy: Double?
    /// When the location was measured (after 2000-01-01).
    public var timestamp: Date

    public init(coordinate: Coordinate, horizontalAccuracy: Double? = nil, timestamp: Date) {
        self.coordinate = coordinate
        self.horizontalAccuracy = horizontalAccuracy
        self.timestamp = timestamp
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case coordinate, horizontalAccuracy, timestamp }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
        guard let coordinate = try c.coordinate(.coordinate) else {
            throw c.missing(.coordinate)
        }
        self.coordinate = coordinate
        horizontalAccuracy = try c.number(.horizontalAccuracy, in: APIRanges.accuracies)
        // Any time after 2000: an old location is stale, a future one is not used (current(at:)).
        guard let timestamp = try c.date(.timestamp) else {
            throw c.missing(.timestamp)
        }
        self.timestamp = timestamp
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(coordinate, forKey: .coordinate)
        try c.encodeIfPresent(horizontalAccuracy, forKey: .horizontalAccuracy)
        try c.encode(timestamp, forKey: .timestamp)
    }
}
