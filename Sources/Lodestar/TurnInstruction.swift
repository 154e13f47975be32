/// Which way to turn toward a destination, from the relative bearing.
///
/// Ahead within ±10°; "turn around" beyond ±170°; otherwise left or right by the whole number of
/// degrees of the relative bearing.
public enum TurnInstruction: Sendable, Equatable, CustomStringConvertible {
    /// The destination is within ±10° of the heading.
    case ahead
    /// Turn left by the given degrees, 10 < n ≤ 170.
    case left(degrees: Int)
    /// Turn right by the given degrees, 10 < n ≤ 170.
    case right(degrees: Int)
    /// The destination is behind: the relative bearing is beyond ±170°.
    case turnAround

    /// Half-width of the "ahead" cone, degrees.
    public static let aheadTolerance: Double = 10
    /// Beyond this relative bearing, degrees, the instruction is to turn around.
    public static let turnAroundThreshold: Double = 170

    /// The instruction for a relative bearing in (−180, 180] degrees, positive to the right.
    public init(relativeBearing: Double) {
        let magnitude = abs(relativeBearing)
        if magnitude <= Self.aheadTolerance {
            self = .ahead
        } else if magnitude > Self.turnAroundThreshold {
            self = .turnAround
        } else {
            let degrees = Int(magnitude.rounded())
            self = relativeBearing > 0 ? .right(degrees: degrees) : .left(degrees: degrees)
        }
    }

    /// An arrow for the turn, in eight directions: ↑ ahead, ↗ ↖ up to 67°, → ← up to 112°, ↘ ↙ beyond,
    /// ↓ turn around. Every turn other than "ahead" gets an arrow that leans its way.
    public var arrow: String {
        switch self {
        case .ahead: "↑"
        case .turnAround: "↓"
        case .right(let d): d <= 67 ? "↗" : d <= 112 ? "→" : "↘"
        case .left(let d): d <= 67 ? "↖" : d <= 112 ? "←" : "↙"
        }
    }

    /// "ahead", "turn left 23°", "turn right 40°", "turn around".
    public var description: String {
        switch self {
        case .ahead: "ahead"
        case .left(let d): "turn left \(d)°"
        case .right(let d): "turn right \(d)°"
        case .turnAround: "turn around"
        }
    }
}
