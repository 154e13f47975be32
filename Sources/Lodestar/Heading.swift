import Foundation
import GNSS
import GeoMagnetism

/// A delivered heading, like CoreLocation's `CLHeading`: which way the device points.
///
/// Angles are degrees clockwise from north in [0, 360). An unknown value is `nil`, never -1.
public struct Heading: Sendable, Equatable {
    /// Heading relative to magnetic north, degrees in [0, 360); nil when neither the sensor nor a
    /// known declination gives it.
    @CompactDouble public var magneticHeading: Double?
    /// Heading relative to true (geographic) north, degrees in [0, 360). nil when it cannot be known:
    /// a magnetic heading with no declination from the receiver and no location for the magnetic model.
    @CompactDouble public var trueHeading: Double?
    /// One-sigma accuracy of the heading, degrees; nil when unknown.
    @CompactDouble public var headingAccuracy: Double?
    /// What the heading was derived from.
    public var source: HeadingSource
    /// The declination used between magnetic and true heading, degrees east positive; nil if none.
    @CompactDouble public var declination: Double?
    /// Where ``declination`` came from.
    public var declinationSource: DeclinationSource?
    /// The World Magnetic Model's compass zone at the current location, when known. Magnetic
    /// headings are unreliable in `.blackout` and need care in `.caution`.
    public var compassZone: CompassZone?
    /// The UTC time of the fix the heading belongs to.
    public var timestamp: Date

    /// Makes a heading from its parts.
    public init(
        magneticHeading: Double?, trueHeading: Double?, headingAccuracy: Double? = nil,
        source: HeadingSource, declination: Double? = nil, declinationSource: DeclinationSource? = nil,
        compassZone: CompassZone? = nil, timestamp: Date
    ) {
        self.magneticHeading = magneticHeading
        self.trueHeading = trueHeading
        self.headingAccuracy = headingAccuracy
        self.source = source
        self.declination = declination
        self.declinationSource = declinationSource
        self.compassZone = compassZone
        self.timestamp = timestamp
    }

    /// True when a magnetic compass is involved and the World Magnetic Model puts the location in a
    /// blackout or caution zone, where compass headings cannot be trusted.
    public var isCompassUnreliable: Bool {
        source == .magneticPlusDeclination && (compassZone == .blackout || compassZone == .caution)
    }

    /// The best direction for guidance: ``trueHeading``, degrees in [0, 360), or nil.
    public var direction: Double? { trueHeading }
}

/// What a ``Heading`` was derived from.
public enum HeadingSource: String, Sendable, Equatable, Codable {
    /// A true-heading sensor: gyrocompass or dual-antenna GNSS (NMEA HDT/THS, gpsd ATT `heading`).
    case trueSensor
    /// A magnetic compass (NMEA HDG/HDM) plus the declination.
    case magneticPlusDeclination
    /// Course over ground, used when moving faster than the threshold and no sensor heading exists.
    case courseOverGround
}

/// Where a declination came from.
public enum DeclinationSource: String, Sendable, Equatable, Codable {
    /// The receiver's sentence (HDG variation field, or RMC magnetic variation).
    case receiver
    /// The World Magnetic Model 2025 at the current location and date.
    case worldMagneticModel
}
