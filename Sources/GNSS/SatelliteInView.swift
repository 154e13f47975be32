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
    /// Whether the receiver used the satellite in the solution: named by the epoch's GSA (or
    /// gpsd's SKY `used`). As gpsd marks it, a satellite with no signal (SNR empty or 0) is not
    /// used: NMEA 4.1 does not say which signal of a satellite was.
    public var used: Bool = false

    @inlinable
    public init(
        prn: Int, system: GNSSSystem? = nil, elevation: Double? = nil, azimuth: Double? = nil,
        snr: Double? = nil, signalID: Int? = nil
    ) {
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

extension SatelliteInView {
    /// Whether this satellite and `other` have the same number, system and use, and the same
    /// elevation and azimuth bit for bit (a nil is its own pattern): all that the DOPs read
    /// (``SatelliteGeometryMemo``).
    @inline(__always)
    func hasSameGeometry(as other: SatelliteInView) -> Bool {
        prn == other.prn && used == other.used && system == other.system
            && _elevation.raw.bitPattern == other._elevation.raw.bitPattern
            && _azimuth.raw.bitPattern == other._azimuth.raw.bitPattern
    }

    /// Whether this satellite's elevation, azimuth and SNR each take a SKY's short room
    /// (`SKYEncoder.isShort(_:)`): unknown, not finite, or below 10¹⁵ in magnitude. Read from the
    /// stored bits: nil is a NaN, for which every comparison is false.
    @inline(__always)
    var hasShortSKYNumbers: Bool {
        func short(_ raw: Double) -> Bool {
            let m = raw.magnitude
            return !(m >= 1e15 && m < .infinity)
        }
        return short(_elevation.raw) && short(_azimuth.raw) && short(_snr.raw)
    }

    /// Whether a SKY writes this satellite's object exactly as `other`'s: the same geometry
    /// (``hasSameGeometry(as:)``) and SNR, bit for bit (0.0 and −0.0 are written differently).
    /// The signal id is not written.
    @inline(__always)
    func writesSameSKYObject(as other: SatelliteInView) -> Bool {
        hasSameGeometry(as: other) && hasSameSNR(as: other)
    }

    /// Whether the SNR is `other`'s, bit for bit (both unknown, or the same value).
    @inline(__always)
    func hasSameSNR(as other: SatelliteInView) -> Bool {
        _snr.raw.bitPattern == other._snr.raw.bitPattern
    }
}
