/// A phase change that ``RidePhase`` does not allow.
public struct RidePhaseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The phase the ride was in.
    public var from: RidePhase
    /// The phase it was asked to enter.
    public var to: RidePhase

    public init(from: RidePhase, to: RidePhase) {
        self.from = from
        self.to = to
    }

    public var description: String { "a ride cannot go from \(from) to \(to)" }
}
