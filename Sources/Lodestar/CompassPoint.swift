import Geodesy

/// The 16 points of the compass, for a bearing a person can read ("NE", "SSW").
public enum CompassPoint: String, Sendable, CaseIterable {
    case n = "N"
    case nne = "NNE"
    case ne = "NE"
    case ene = "ENE"
    case e = "E"
    case ese = "ESE"
    case se = "SE"
    case sse = "SSE"
    case s = "S"
    case ssw = "SSW"
    case sw = "SW"
    case wsw = "WSW"
    case w = "W"
    case wnw = "WNW"
    case nw = "NW"
    case nnw = "NNW"

    /// The nearest point to a bearing in degrees (any finite value); each point covers 22.5°.
    public init(bearing: Double) {
        let index = Int((Angle.normalizedBearing(bearing) / 22.5).rounded()) % 16
        self = Self.allCases[index]
    }
}
