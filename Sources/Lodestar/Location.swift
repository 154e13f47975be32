import Foundation
import GNSS
import Geodesy

/// A delivered position, like CoreLocation's `CLLocation`.
///
/// Every accuracy is the one-sigma (68%) figure: ``horizontalAccuracy`` is the radius of the 2D RMS
/// circle, ``verticalAccuracy`` one standard deviation of height. An unknown value is `nil`, never -1.
public struct Location: Sendable, Equatable {
    /// Position on the WGS84 ellipsoid, degrees.
    public var coordinate: Coordinate
    /// Altitude above mean sea level (the geoid), metres.
    public var altitude: Double?
    /// Altitude above the WGS84 ellipsoid, metres.
    public var ellipsoidalAltitude: Double?
    /// Radius of the 68% (one-sigma, 2D RMS) horizontal confidence circle, metres, ≥ 0.
    public var horizontalAccuracy: Double?
    /// One-sigma (68%) vertical accuracy, metres, ≥ 0.
    public var verticalAccuracy: Double?
    /// Speed over ground, metres per second, ≥ 0.
    public var speed: Double?
    /// One-sigma accuracy of ``speed``, metres per second.
    public var speedAccuracy: Double?
    /// Course over ground, degrees clockwise from true north, in [0, 360).
    public var course: Double?
    /// One-sigma accuracy of ``course``, degrees.
    public var courseAccuracy: Double?
    /// The receiver's UTC time of the fix.
    public var timestamp: Date
    /// Monotonic receive time (CLOCK_MONOTONIC since boot) for live sources; nil when replayed.
    public var monotonicTime: Duration?
    /// The name of the source that produced the fix ("trace walk.nmea", "gpsd localhost:2947").
    public var sourceName: String
    /// Whether the location is live, replayed from a recording, or simulated.
    public var provenance: Provenance

    /// Makes a location from its parts. Accuracies are one sigma (68%).
    public init(
        coordinate: Coordinate, altitude: Double? = nil, ellipsoidalAltitude: Double? = nil,
        horizontalAccuracy: Double? = nil, verticalAccuracy: Double? = nil,
        speed: Double? = nil, speedAccuracy: Double? = nil, course: Double? = nil,
        courseAccuracy: Double? = nil, timestamp: Date, monotonicTime: Duration? = nil,
        sourceName: String = "", provenance: Provenance = .live
    ) {
        self.coordinate = coordinate
        self.altitude = altitude
        self.ellipsoidalAltitude = ellipsoidalAltitude
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.speed = speed
        self.speedAccuracy = speedAccuracy
        self.course = course
        self.courseAccuracy = courseAccuracy
        self.timestamp = timestamp
        self.monotonicTime = monotonicTime
        self.sourceName = sourceName
        self.provenance = provenance
    }

    /// The location of a fix that has a position and a time; nil otherwise.
    ///
    /// The fix's error estimates are converted to one sigma here (``ErrorEstimates/horizontalAccuracy``).
    /// A fix of quality `.simulated` is marked ``Provenance/simulated`` whatever `provenance` says.
    public init?(fix: Fix, sourceName: String = "", provenance: Provenance = .live) {
        guard fix.mode >= .twoD, let coordinate = fix.coordinate, let time = fix.time else { return nil }
        self.init(
            coordinate: coordinate, altitude: fix.altitudeMSL, ellipsoidalAltitude: fix.altitudeHAE,
            horizontalAccuracy: fix.errors.horizontalAccuracy, verticalAccuracy: fix.errors.verticalAccuracy,
            speed: fix.speed, speedAccuracy: fix.errors.speed?.oneSigma, course: fix.course,
            courseAccuracy: fix.errors.course?.oneSigma, timestamp: time, monotonicTime: fix.monotonicTime,
            sourceName: sourceName, provenance: fix.quality == .simulated ? .simulated : provenance)
    }

    /// Whether the location came from a recording played back.
    public var isReplayed: Bool { provenance == .replayed }
    /// Whether the location was made up by software (a simulator, or a receiver in simulation mode).
    public var isSimulated: Bool { provenance == .simulated }

    /// Horizontal distance to another location along the WGS84 ellipsoid (Karney 2013), metres.
    /// Altitudes are ignored. - Complexity: O(1), no allocation.
    public func distance(from other: Location) -> Double {
        distance(from: other.coordinate)
    }

    /// Horizontal distance to a coordinate along the WGS84 ellipsoid, metres.
    public func distance(from other: Coordinate) -> Double {
        Geodesic.wgs84.inverse(from: other, to: coordinate).distance
    }
}

/// Where a ``Location`` came from.
public enum Provenance: String, Sendable, Equatable, Codable {
    /// From a receiver, now.
    case live
    /// From a recording played back (an NMEA trace).
    case replayed
    /// Made up by software: a simulator, or a receiver reporting simulated fixes.
    case simulated
}
