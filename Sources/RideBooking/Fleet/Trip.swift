import Foundation
import Geodesy

/// How an assigned vehicle moves: from its stand to the pickup along the WGS84 geodesic, waits
/// while the rider boards, then along the geodesic to the drop-off, at a constant speed.
///
/// Positions are computed with Karney's direct problem (`Geodesic/direct(from:azimuth:distance:)`)
/// and the course is the geodesic's azimuth at that point, so a map can rotate the vehicle's
/// symbol by it. The motion is a pure function of time: every process computes the same
/// positions for the same trip.
public struct Trip: Sendable, Hashable, Codable {
    /// The vehicle's stand, where it starts.
    public let start: Coordinate
    /// The pickup.
    public let pickup: Coordinate
    /// Where the ride ends: the drop-off.
    public let dropOff: Coordinate
    /// Speed along both legs, metres per second, > 0.
    public let speed: Double
    /// When the vehicle leaves its stand.
    public let departureDate: Date
    /// How long the vehicle waits at the pickup for the rider to board, seconds, ≥ 0.
    public let boardingDuration: Double
    /// Length of the first leg, stand to pickup, metres.
    public let pickupDistance: Double
    /// Length of the second leg, pickup to drop-off, metres.
    public let dropOffDistance: Double
    private let pickupAzimuth: Double
    private let dropOffAzimuth: Double

    /// - Parameters:
    ///   - start: the stand.
    ///   - pickup: the pickup.
    ///   - dropOff: the drop-off.
    ///   - speed: metres per second; values that are not positive and finite become 1 m/s.
    ///   - departureDate: when the vehicle sets off.
    ///   - boardingDuration: seconds at the pickup, ≥ 0.
    public init(
        start: Coordinate, pickup: Coordinate, dropOff: Coordinate, speed: Double, departureDate: Date,
        boardingDuration: Double
    ) {
        self.start = start
        self.pickup = pickup
        self.dropOff = dropOff
        self.speed = speed.isFinite && speed > 0 ? speed : 1
        self.departureDate = departureDate
        self.boardingDuration = max(0, boardingDuration.isFinite ? boardingDuration : 0)
        let first = Geodesic.wgs84.inverse(from: start, to: pickup)
        let second = Geodesic.wgs84.inverse(from: pickup, to: dropOff)
        pickupDistance = first.distance
        pickupAzimuth = first.initialAzimuth
        dropOffDistance = second.distance
        dropOffAzimuth = second.initialAzimuth
    }

    /// When the vehicle reaches the pickup.
    public var pickupArrivalDate: Date { departureDate.addingTimeInterval(pickupDistance / speed) }
    /// When the vehicle leaves the pickup with the rider.
    public var pickupDepartureDate: Date { pickupArrivalDate.addingTimeInterval(boardingDuration) }
    /// When the vehicle reaches the drop-off.
    public var endDate: Date { pickupDepartureDate.addingTimeInterval(dropOffDistance / speed) }

    /// Where the vehicle is at `date`, its course (nil while standing) and speed (m/s).
    /// - Complexity: O(1): one geodesic direct problem while moving.
    public func position(at date: Date) -> (coordinate: Coordinate, course: Double?, speed: Double) {
        if date <= departureDate { return (start, nil, 0) }
        if date < pickupArrivalDate {
            return along(start, pickupAzimuth, speed * date.timeIntervalSince(departureDate))
        }
        if date < pickupDepartureDate { return (pickup, nil, 0) }
        if date < endDate {
            return along(pickup, dropOffAzimuth, speed * date.timeIntervalSince(pickupDepartureDate))
        }
        return (dropOff, nil, 0)
    }

    private func along(_ origin: Coordinate, _ azimuth: Double, _ distance: Double)
        -> (coordinate: Coordinate, course: Double?, speed: Double)
    {
        guard let end = try? Geodesic.wgs84.direct(from: origin, azimuth: azimuth, distance: distance) else {
            return (origin, nil, 0)
        }
        let course = end.finalAzimuth < 0 ? end.finalAzimuth + 360 : end.finalAzimuth
        return (end.coordinate, course.isFinite ? course.truncatingRemainder(dividingBy: 360) : nil, speed)
    }

    private enum CodingKeys: String, CodingKey {
        case start, pickup, dropOff, speed, departureDate, boardingDuration
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            start: try c.decode(Coordinate.self, forKey: .start), pickup: try c.decode(Coordinate.self, forKey: .pickup),
            dropOff: try c.decode(Coordinate.self, forKey: .dropOff), speed: try c.decode(Double.self, forKey: .speed),
            departureDate: try c.decode(Date.self, forKey: .departureDate),
            boardingDuration: try c.decode(Double.self, forKey: .boardingDuration))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(start, forKey: .start)
        try c.encode(pickup, forKey: .pickup)
        try c.encode(dropOff, forKey: .dropOff)
        try c.encode(speed, forKey: .speed)
        try c.encode(departureDate, forKey: .departureDate)
        try c.encode(boardingDuration, forKey: .boardingDuration)
    }
}
