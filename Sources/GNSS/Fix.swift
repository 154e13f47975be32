import Foundation
import Geodesy

/// One receiver epoch: everything a GNSS receiver reported for one instant of time.
///
/// An unknown value is `nil`, never 0 or -1. NMEA epochs are assembled by the `NMEA` module; live
/// gpsd reports are mapped by the `GPSD` module. `Fix` itself does no I/O.
public struct Fix: Sendable, Equatable {
    /// The receiver's UTC time of the epoch, when it reported one.
    public var time: Date?
    /// Monotonic receive time (CLOCK_MONOTONIC since boot) for live sources; nil for replayed files.
    public var monotonicTime: Duration?
    /// Horizontal position, WGS84. nil when the receiver reports none.
    public var coordinate: Coordinate?
    /// Altitude above mean sea level (the geoid), metres.
    @CompactDouble public var altitudeMSL: Double?
    /// Geoid separation N (height of the geoid above the WGS84 ellipsoid), metres.
    @CompactDouble public var geoidSeparation: Double?
    /// Altitude above the WGS84 ellipsoid (HAE), metres. When the receiver does not report it
    /// directly it is `altitudeMSL + geoidSeparation`.
    @CompactDouble public var altitudeHAE: Double?
    /// Fix dimension.
    public var mode: FixMode
    /// How the fix was obtained (GGA quality, RMC/GNS mode indicator), when known.
    public var quality: FixQuality?
    /// Number of satellites used in the solution.
    @CompactInt public var satellitesUsed: Int?
    /// Dilutions of precision (dimensionless).
    @CompactDouble public var hdop: Double?
    @CompactDouble public var vdop: Double?
    @CompactDouble public var pdop: Double?
    /// The receiver's or gpsd's error estimates, each with its stated confidence.
    public var errors: ErrorEstimates
    /// Speed over ground, metres per second, ≥ 0.
    @CompactDouble public var speed: Double?
    /// Course over ground relative to true north, degrees in [0, 360).
    @CompactDouble public var course: Double?
    /// Vertical speed, metres per second, positive up.
    @CompactDouble public var climb: Double?
    /// Magnetic variation (declination) reported by the receiver, degrees, east positive.
    @CompactDouble public var magneticVariation: Double?
    /// Heading readings from a heading sensor (HDT/THS true, HDG/HDM magnetic, gpsd ATT).
    public var heading: HeadingReading?
    /// Satellites in view, when the receiver reported them (GSV).
    public var satellitesInView: [SatelliteInView]?

    @inlinable
    public init(
        time: Date? = nil, monotonicTime: Duration? = nil, coordinate: Coordinate? = nil,
        altitudeMSL: Double? = nil, geoidSeparation: Double? = nil, altitudeHAE: Double? = nil,
        mode: FixMode = .unknown, quality: FixQuality? = nil, satellitesUsed: Int? = nil,
        hdop: Double? = nil, vdop: Double? = nil, pdop: Double? = nil,
        errors: ErrorEstimates = ErrorEstimates(), speed: Double? = nil, course: Double? = nil,
        climb: Double? = nil, magneticVariation: Double? = nil, heading: HeadingReading? = nil,
        satellitesInView: [SatelliteInView]? = nil
    ) {
        self.time = time
        self.monotonicTime = monotonicTime
        self.coordinate = coordinate
        self.altitudeMSL = altitudeMSL
        self.geoidSeparation = geoidSeparation
        self.altitudeHAE = altitudeHAE
        self.mode = mode
        self.quality = quality
        self.satellitesUsed = satellitesUsed
        self.hdop = hdop
        self.vdop = vdop
        self.pdop = pdop
        self.errors = errors
        self.speed = speed
        self.course = course
        self.climb = climb
        self.magneticVariation = magneticVariation
        self.heading = heading
        self.satellitesInView = satellitesInView
    }

    /// True when the epoch carries a usable position: a 2D or 3D fix with a coordinate.
    public var hasPosition: Bool { mode >= .twoD && coordinate != nil }
}

/// Fix dimension, with gpsd's numbering (TPV `mode`).
public enum FixMode: Int, Sendable, Comparable, Codable, CaseIterable {
    /// Nothing reported yet.
    case unknown = 0
    /// The receiver reports that it has no fix.
    case noFix = 1
    /// Latitude and longitude only.
    case twoD = 2
    /// Latitude, longitude and altitude.
    case threeD = 3

    public static func < (a: FixMode, b: FixMode) -> Bool { a.rawValue < b.rawValue }
}

/// How a fix was obtained. Raw values follow NMEA GGA's quality indicator.
public enum FixQuality: Int, Sendable, Codable, CaseIterable {
    case invalid = 0
    case gps = 1
    case dgps = 2
    case pps = 3
    case rtkFixed = 4
    case rtkFloat = 5
    case deadReckoning = 6
    case manual = 7
    case simulated = 8
}
