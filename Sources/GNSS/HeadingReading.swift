/// A heading from a heading sensor (gyrocompass, dual-antenna GNSS, magnetic compass), as the
/// receiver reported it. Lodestar's `Heading` is derived from this, the fix and the magnetic model.
public struct HeadingReading: Sendable, Equatable {
    /// Heading relative to true north, degrees in [0, 360) (NMEA HDT, THS; gpsd ATT `heading`).
    @CompactDouble public var trueHeading: Double?
    /// Heading relative to magnetic north, degrees in [0, 360) (NMEA HDG, HDM; gpsd ATT `mheading`).
    @CompactDouble public var magneticHeading: Double?
    /// Magnetic deviation of the sensor, degrees, east positive (HDG field 2).
    @CompactDouble public var deviation: Double?
    /// Magnetic variation given with the heading, degrees, east positive (HDG field 4).
    @CompactDouble public var variation: Double?
    /// THS mode indicator or similar, when reported (A autonomous, E estimated, M manual, S simulated, V invalid).
    public var mode: Character?

    public init(
        trueHeading: Double? = nil, magneticHeading: Double? = nil, deviation: Double? = nil,
        variation: Double? = nil, mode: Character? = nil
    ) {
        self.trueHeading = trueHeading
        self.magneticHeading = magneticHeading
        self.deviation = deviation
        self.variation = variation
        self.mode = mode
    }
}
