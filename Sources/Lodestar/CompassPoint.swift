import Geodesy

/// The 16 points of the compass, for a bearing a person can read ("NE", "SSW").
public enum CompassPoint: String, Sendable, CaseIterable {
    case n = "N", nne = "NNE", ne = "NE", ene = "ENE", e = "E", ese = "ESE", se = "SE", sse = "SSE"
    case s = "S", ssw = "SSW", sw = "SW", wsw = "WSW", w = "W", wnw = "WNW", nw = "NW", nnw = "NNW"

    /// The nearest point to a bearing in degrees (any finite value); each point covers 22.5°.
    public init(bearing: Double) {
        let index = Int((Angle.normalizedBearing(bearing) / 22.5).rounded()) % 16
        self = Self.allCases[index]
    }
}
