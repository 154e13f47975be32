import Foundation
import Geodesy

/// Guidance toward a destination from the latest location and heading.
///
/// Distance and bearing are Karney's geodesic on WGS84 (`Geodesic/inverse(from:to:)`): the
/// ellipsoidal distance and the true initial azimuth at the current location.
public struct Guidance: Sendable, Equatable {
    /// The destination.
    public var destination: Coordinate
    /// Distance to go on the ellipsoid, metres, ≥ 0.
    public var distance: Double
    /// True initial azimuth from the location to the destination, degrees in [0, 360).
    public var bearing: Double
    /// The heading used, degrees true in [0, 360); nil when no heading is known.
    public var heading: Double?
    /// Bearing relative to the heading, degrees in (−180, 180], positive to the right; nil without
    /// a heading.
    public var relativeBearing: Double?
    /// What to do; nil without a heading.
    public var turn: TurnInstruction?
    /// Speed used for the ETA, metres per second.
    public var speed: Double?
    /// Course over ground, degrees true in [0, 360); nil when unknown.
    public var course: Double?
    /// Speed toward the destination (velocity made good), metres per second: ``speed`` ×
    /// cos(``course`` − ``bearing``), negative when moving away; nil without a speed or a course.
    public var closingSpeed: Double?
    /// Whether the location moves (at least ``stationarySpeed``) on a course more than 90° from
    /// the bearing: away from the destination. There is no ETA then.
    public var isMovingAway: Bool
    /// Time to go at the current speed, seconds; nil when stationary (speed below
    /// ``stationarySpeed``) or unknown, or when moving away (``isMovingAway``). With no course the
    /// direction cannot be told, and the time is given.
    public var timeToGo: Double?
    /// The fix time plus ``timeToGo``; nil when that is nil.
    public var estimatedArrival: Date?
    /// Whether the arrival rule has declared arrival.
    public var arrived: Bool

    /// Below this speed, metres per second, there is no ETA.
    public static let stationarySpeed: Double = 0.3

    /// Guidance from `location` toward `destination`.
    /// - Parameters:
    ///   - location: the latest location; its speed gives the ETA.
    ///   - heading: the latest true heading, degrees; nil when unknown.
    ///   - destination: where to go.
    ///   - arrived: whether arrival has been declared (from an ``ArrivalMonitor``).
    /// - Complexity: O(1), one geodesic inverse, no allocation.
    public init(from location: Location, heading: Double?, to destination: Coordinate, arrived: Bool = false) {
        let inverse = Geodesic.wgs84.inverse(from: location.coordinate, to: destination)
        self.init(
            destination: destination, distance: inverse.distance, bearing: inverse.initialBearing,
            heading: heading, speed: location.speed, course: location.course, time: location.timestamp,
            arrived: arrived)
    }

    /// Guidance from a geodesic already computed from the location to the destination (such as
    /// ``FixOutcome/toDestination``), without computing it again.
    /// - Complexity: O(1), no geodesic computation.
    public init(
        from location: Location, geodesic: GeodesicInverse, heading: Double?, destination: Coordinate,
        arrived: Bool = false
    ) {
        self.init(
            destination: destination, distance: geodesic.distance, bearing: geodesic.initialBearing,
            heading: heading, speed: location.speed, course: location.course, time: location.timestamp,
            arrived: arrived)
    }

    /// Guidance from precomputed distance and bearing (as ``init(from:heading:to:arrived:)`` makes).
    /// - Parameters: distance in metres, bearing, heading and course in degrees, speed in metres per
    ///   second; the course (nil when unknown) tells closing in from moving away.
    public init(
        destination: Coordinate, distance: Double, bearing: Double, heading: Double?, speed: Double?,
        course: Double? = nil, time: Date, arrived: Bool
    ) {
        self.destination = destination
        self.distance = distance
        self.bearing = Angle.normalizedBearing(bearing)
        self.heading = heading.map(Angle.normalizedBearing)
        let relative = heading.map { Angle.difference(from: $0, to: bearing) }
        self.relativeBearing = relative
        self.turn = relative.map(TurnInstruction.init(relativeBearing:))
        self.speed = speed
        let course = course.flatMap { $0.isFinite ? Angle.normalizedBearing($0) : nil }
        self.course = course
        if let speed, speed.isFinite, let course {
            let closing = speed * cos(Angle.difference(from: course, to: bearing) * .pi / 180)
            closingSpeed = closing
            isMovingAway = speed >= Self.stationarySpeed && closing < 0
        } else {
            closingSpeed = nil
            isMovingAway = false
        }
        if let speed, speed >= Self.stationarySpeed, !isMovingAway {
            let seconds = distance / speed
            timeToGo = seconds
            estimatedArrival = time.addingTimeInterval(seconds)
        } else {
            timeToGo = nil
            estimatedArrival = nil
        }
        self.arrived = arrived
    }

    /// The compass point of ``bearing``.
    public var compassPoint: CompassPoint { CompassPoint(bearing: bearing) }
}
