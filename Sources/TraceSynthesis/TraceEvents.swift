import Foundation

extension TraceSpecification {
    /// A multipath jump: from `at` for `duration` seconds the reported position is offset by
    /// `metres` towards `azimuth`, while GST and HDOP go on stating the normal σ (the receiver does
    /// not admit it).
    public struct Multipath: Sendable, Equatable {
        /// Seconds from the start, in ``TraceLimits/time``.
        public var at: Double
        /// Seconds, in ``TraceLimits/multipathDuration``.
        public var duration: Double
        /// Size of the offset, metres, in ``TraceLimits/multipathOffset``.
        public var metres: Double
        /// Direction of the offset, degrees clockwise from true north in [0, 360); nil draws one
        /// from the seed.
        public var azimuth: Double?
        public init(at: Double, duration: Double, metres: Double, azimuth: Double? = nil) {
            self.at = at
            self.duration = duration
            self.metres = metres
            self.azimuth = azimuth
        }
    }
}
