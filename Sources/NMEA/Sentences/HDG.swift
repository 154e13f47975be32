import GNSS
import Geodesy

/// HDG — heading, deviation and variation, from a magnetic compass.
///
/// `$HCHDG,98.3,0.1,E,12.6,W*hh`
///
/// Fields: 1 magnetic sensor heading (degrees, 0...360), 2–3 magnetic deviation (degrees, `E`/`W`),
/// 4–5 magnetic variation (degrees, `E`/`W`). Magnetic heading = sensor heading + deviation; true
/// heading = magnetic heading + variation (east positive). At least 5 fields are required.
public struct HDG: Sendable, Equatable {
    /// Talker of the sentence.
    public var talker: Talker
    /// Magnetic sensor heading, degrees in [0, 360].
    @CompactDouble public var heading: Double? = nil
    /// Magnetic deviation, degrees, east positive.
    @CompactDouble public var deviation: Double? = nil
    /// Magnetic variation, degrees, east positive.
    @CompactDouble public var variation: Double? = nil

    /// An HDG with every field empty.
    public init(talker: Talker) { self.talker = talker }

    static func decode(_ f: inout Fields, talker: Talker) throws(NMEAError) -> HDG {
        try f.require(5)
        var s = HDG(talker: talker)
        s.heading = f.decimal(1, "heading", in: 0...360)
        s.deviation = f.eastWest(2, "deviation", in: 0...180)
        s.variation = f.eastWest(4, "variation", in: 0...180)
        try f.check()
        return s
    }

    /// What the compass says, as a `GNSS/HeadingReading`: the magnetic heading is the sensor
    /// heading plus the deviation (east positive), normalised to [0, 360); the deviation and the
    /// variation are kept for reference. nil when the heading field is empty.
    public var reading: HeadingReading? {
        guard let heading else { return nil }
        return HeadingReading(
            magneticHeading: Angle.normalizedBearing(heading + (deviation ?? 0)),
            deviation: deviation, variation: variation)
    }
}
