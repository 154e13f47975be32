import GNSS
import Geodesy

/// HDM — heading, magnetic.
///
/// `$HCHDM,238.5,M*hh`. Fields: 1 heading (degrees magnetic, 0...360), 2 `M`. At least 1 field.
public struct HDM: Sendable, Equatable {
    /// Talker of the sentence.
    public var talker: Talker
    /// Heading relative to magnetic north, degrees in [0, 360].
    @CompactDouble public var heading: Double? = nil

    /// An HDM with an empty heading.
    public init(talker: Talker) { self.talker = talker }

    static func decode(_ f: inout Fields, talker: Talker) throws(NMEAError) -> HDM {
        try f.require(1)
        var s = HDM(talker: talker)
        s.heading = f.decimal(1, "heading", in: 0...360)
        f.unit(2, "heading reference", 0x4D)
        try f.check()
        return s
    }

    /// What the compass says, as a `GNSS/HeadingReading`: the magnetic heading normalised to
    /// [0, 360). nil when the heading field is empty.
    public var reading: HeadingReading? {
        heading.map { HeadingReading(magneticHeading: Angle.normalizedBearing($0)) }
    }
}
