/// The ranges a gpsd TPV's fields must lie in, the same as the NMEA parser's for the sentences
/// they come from (GGA, RMC, VTG, GST, HDG), in gpsd's units.
///
/// A field outside its range is dropped with a warning (``ReportMapping/fix(fromTPV:line:)``);
/// NaN is gpsd's "absent" and passes in silence.
enum TPVLimits {
    /// Degrees, WGS84.
    static let latitude = -90.0...90.0
    /// Degrees; gpsd writes −180...180.
    static let longitude = -180.0...180.0
    /// Metres, above the ellipsoid or mean sea level (GGA's altitude field: −100 km to 10⁹ m).
    static let altitude = -100_000.0...1_000_000_000.0
    /// Metres (GGA's geoid separation field).
    static let geoidSeparation = -1000.0...1000.0
    /// Metres per second: 0 to 100 000 knots (RMC's speed field).
    static let speed = 0.0...(100_000 * 1852.0 / 3600)
    /// Metres per second, up or down: as fast as ``speed``.
    static let climb = -(100_000 * 1852.0 / 3600)...(100_000 * 1852.0 / 3600)
    /// Degrees: a track, or the course error `epd` (RMC's course field).
    static let angle = 0.0...360.0
    /// Degrees, east positive (RMC's magnetic variation, 0...180 east or west).
    static let variation = -180.0...180.0
    /// Metres: `epx`, `epy`, `eph`, `epv` (GST's error fields: 0 to 10⁹ m).
    static let error = 0.0...1_000_000_000.0
    /// Metres per second: `eps`, at most the largest speed.
    static let speedError = speed

    /// Checks fields one by one and keeps what was wrong.
    struct Checker {
        private(set) var problems: [String] = []

        /// The value when it is present and in `range`; nil when absent (NaN) or refused (an
        /// infinity or a value out of range, noted in ``problems``).
        mutating func callAsFunction(_ x: Double, _ name: String, _ range: ClosedRange<Double>) -> Double? {
            if x.isNaN { return nil }
            guard range.contains(x) else {
                problems.append("TPV \(name) dropped: \(x) is outside \(range.lowerBound)...\(range.upperBound)")
                return nil
            }
            return x
        }
    }
}
