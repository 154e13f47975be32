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

/// A satellite in view (NMEA GSV, gpsd SKY).
public struct SatelliteInView: Sendable, Equatable {
    /// Satellite id as the receiver numbers it (NMEA PRN).
    public var prn: Int
    /// GNSS system derived from the talker or the NMEA 4.1 system id, when known.
    public var system: GNSSSystem?
    /// Elevation, degrees in [-90, 90].
    @CompactDouble public var elevation: Double?
    /// Azimuth, degrees in [0, 360).
    @CompactDouble public var azimuth: Double?
    /// Signal to noise ratio, dB-Hz.
    @CompactDouble public var snr: Double?
    /// NMEA 4.1 signal id, when given.
    @CompactInt public var signalID: Int?

    @inlinable
    public init(prn: Int, system: GNSSSystem? = nil, elevation: Double? = nil, azimuth: Double? = nil,
                snr: Double? = nil, signalID: Int? = nil) {
        self.prn = prn
        self.system = system
        self.elevation = elevation
        self.azimuth = azimuth
        self.snr = snr
        self.signalID = signalID
    }
}

/// Satellite systems.
public enum GNSSSystem: String, Sendable, Codable, CaseIterable {
    case gps, glonass, galileo, beidou, qzss, navic, sbas
}
