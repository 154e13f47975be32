/// How far a magnetic compass can be trusted, from the horizontal intensity H of the field.
///
/// Near the magnetic poles H is small, the compass needle has little to align with, and the
/// declination changes quickly over short distances. The thresholds are those of NOAA's WMM
/// "blackout" and "caution" zones (the 2000 nT contour is drawn in NOAA's WMM reports; pygeomag
/// uses the same 2000 nT and 6000 nT limits).
public enum CompassZone: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// H < 2000 nT: compass headings are unreliable.
    case blackout
    /// 2000 nT ≤ H < 6000 nT: compass headings need care.
    case caution
    /// H ≥ 6000 nT.
    case normal

    /// Horizontal intensity below which a point is in the blackout zone, nT.
    public static let blackoutLimit: Double = 2000
    /// Horizontal intensity below which a point is in the caution zone, nT.
    public static let cautionLimit: Double = 6000

    /// The zone for a horizontal intensity `H` in nanotesla (H ≥ 0).
    public init(horizontalIntensity h: Double) {
        if h < Self.blackoutLimit {
            self = .blackout
        } else if h < Self.cautionLimit {
            self = .caution
        } else {
            self = .normal
        }
    }

    public var description: String { rawValue }
}
