import Foundation
import GNSS
import Geodesy

/// A delivered position, like CoreLocation's `CLLocation`.
///
/// The optional numbers are stored in 8 bytes each (a NaN of its own stands for nil, see
/// `CompactDouble`; the monotonic time as nanoseconds), and a fused location keeps its raw fix's
/// values inline, so a location is a fixed-size value with no allocation on the manager's per-fix
/// path; they read and write as `Double?` and `Duration?`.
///
/// Every accuracy is the one-sigma (68%) figure: ``horizontalAccuracy`` is the radius of the 2D RMS
/// circle, ``verticalAccuracy`` one standard deviation of height. An unknown value is `nil`, never -1.
public struct Location: Sendable, Equatable {
    /// Position on the WGS84 ellipsoid, degrees.
    public var coordinate: Coordinate
    /// Altitude above mean sea level (the geoid), metres.
    @CompactDouble public var altitude: Double?
    /// Altitude above the WGS84 ellipsoid, metres.
    @CompactDouble public var ellipsoidalAltitude: Double?
    /// Radius of the 68% (one-sigma, 2D RMS) horizontal confidence circle, metres, ≥ 0.
    @CompactDouble public var horizontalAccuracy: Double?
    /// One-sigma (68%) vertical accuracy, metres, ≥ 0.
    @CompactDouble public var verticalAccuracy: Double?
    /// Speed over ground, metres per second, ≥ 0.
    @CompactDouble public var speed: Double?
    /// One-sigma accuracy of ``speed``, metres per second.
    @CompactDouble public var speedAccuracy: Double?
    /// Course over ground, degrees clockwise from true north, in [0, 360).
    @CompactDouble public var course: Double?
    /// One-sigma accuracy of ``course``, degrees.
    @CompactDouble public var courseAccuracy: Double?
    /// The receiver's UTC time of the fix.
    public var timestamp: Date
    /// Monotonic receive time (CLOCK_MONOTONIC since boot) for live sources; nil when replayed.
    /// Kept to the nanosecond (the clock's resolution).
    public var monotonicTime: Duration? {
        get { monotonicNanoseconds == .min ? nil : .nanoseconds(monotonicNanoseconds) }
        set { monotonicNanoseconds = newValue.map(Self.nanoseconds) ?? .min }
    }
    /// ``monotonicTime`` in 8 bytes: nanoseconds, `Int64.min` for nil.
    private var monotonicNanoseconds: Int64 = .min
    /// The name of the source that produced the fix ("trace walk.nmea", "gpsd localhost:2947").
    public var sourceName: String
    /// Whether the location is live, replayed from a recording, or simulated.
    public var provenance: Provenance
    /// Whether this is the receiver's fix as reported, a fused estimate, or a dead-reckoned one.
    public var kind: LocationKind = .raw
    /// Whether the fusion filter holds the receiver still (its Doppler speed has stayed below the
    /// activity's threshold): the location does not wander and the speed is 0. False for raw fixes.
    public var isStationary = false
    /// The receiver's own location this one was fused from (same time, source and provenance); nil
    /// for a raw or dead-reckoned location.
    public var raw: Location? {
        get {
            guard let r = rawFields else { return nil }
            var location = self
            location.coordinate = r.coordinate
            location.altitude = r.altitude
            location.ellipsoidalAltitude = r.ellipsoidalAltitude
            location.horizontalAccuracy = r.horizontalAccuracy
            location.verticalAccuracy = r.verticalAccuracy
            location.speed = r.speed
            location.speedAccuracy = r.speedAccuracy
            location.course = r.course
            location.courseAccuracy = r.courseAccuracy
            location.kind = .raw
            location.isStationary = false
            location.rawFields = nil
            return location
        }
        set { rawFields = newValue.map(RawFields.init) }
    }
    /// The raw location's own values, kept inline (no allocation per fused fix).
    private var rawFields: RawFields?

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
        self.monotonicNanoseconds = monotonicTime.map(Self.nanoseconds) ?? .min
        self.sourceName = sourceName
        self.provenance = provenance
    }

    /// The location of a fix that has a position and a time; nil otherwise.
    ///
    /// The fix's error estimates are converted to one sigma here (`ErrorEstimates/horizontalAccuracy`).
    /// A fix of quality `.simulated` is marked ``Provenance/simulated`` whatever `provenance` says.
    public init?(fix: borrowing Fix, sourceName: String = "", provenance: Provenance = .live) {
        guard let location = withUnsafePointer(to: fix, { Location(at: $0, sourceName: sourceName, provenance: provenance) })
        else { return nil }
        self = location
    }

    /// ``init(fix:sourceName:provenance:)`` reading the fix in place, field by field.
    init?(at fix: UnsafePointer<Fix>, sourceName: String, provenance: Provenance) {
        guard fix.pointee.mode >= .twoD, let coordinate = fix.pointee.coordinate, let time = fix.pointee.time else {
            return nil
        }
        let errors = fix.pointee.errors
        self.init(
            coordinate: coordinate, altitude: fix.pointee.altitudeMSL, ellipsoidalAltitude: fix.pointee.altitudeHAE,
            horizontalAccuracy: errors.horizontalAccuracy, verticalAccuracy: errors.verticalAccuracy,
            speed: fix.pointee.speed, speedAccuracy: errors.speed?.oneSigma, course: fix.pointee.course,
            courseAccuracy: errors.course?.oneSigma, timestamp: time, monotonicTime: fix.pointee.monotonicTime,
            sourceName: sourceName, provenance: fix.pointee.quality == .simulated ? .simulated : provenance)
    }

    /// Whether the location came from a recording played back.
    public var isReplayed: Bool { provenance == .replayed }
    /// Whether the location was made up by software (a simulator, or a receiver in simulation mode).
    public var isSimulated: Bool { provenance == .simulated }

    /// Whole nanoseconds of a duration, saturating at the bounds of `Int64`.
    private static func nanoseconds(_ d: Duration) -> Int64 {
        let (seconds, attoseconds) = d.components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min + 1 : .max }
        return scaled.addingReportingOverflow(attoseconds / 1_000_000_000).partialValue
    }

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

/// How a ``Location`` was made.
public enum LocationKind: String, Sendable, Equatable, Codable {
    /// The receiver's fix, unchanged (fusion off).
    case raw
    /// The fusion filter's estimate from a fix and what came before it.
    case fused
    /// Predicted from the last velocity during an outage (no fix), for at most the maximum
    /// dead-reckoning time; its accuracy grows with the time since the last fix.
    case deadReckoned
}

/// What a raw location has that its fused location replaces.
private struct RawFields: Sendable, Equatable {
    var coordinate: Coordinate
    @CompactDouble var altitude: Double?
    @CompactDouble var ellipsoidalAltitude: Double?
    @CompactDouble var horizontalAccuracy: Double?
    @CompactDouble var verticalAccuracy: Double?
    @CompactDouble var speed: Double?
    @CompactDouble var speedAccuracy: Double?
    @CompactDouble var course: Double?
    @CompactDouble var courseAccuracy: Double?

    init(_ l: Location) {
        coordinate = l.coordinate
        altitude = l.altitude
        ellipsoidalAltitude = l.ellipsoidalAltitude
        horizontalAccuracy = l.horizontalAccuracy
        verticalAccuracy = l.verticalAccuracy
        speed = l.speed
        speedAccuracy = l.speedAccuracy
        course = l.course
        courseAccuracy = l.courseAccuracy
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
