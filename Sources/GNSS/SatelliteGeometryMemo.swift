/// The last ``SatelliteGeometry`` computed and the sky it was computed from, for writers that
/// compute the DOPs of every epoch (`replay --json`, `track --json`). The satellites move about
/// half a degree a minute and NMEA gives elevations and azimuths in whole degrees, so most epochs
/// repeat the previous epoch's geometry: comparing the used satellites' angles costs a fifth of
/// solving HᵀH again. The result is the same bits as `SatelliteGeometry(satellites)`.
///
/// A value type: each writer keeps its own; not shared between threads.
public struct SatelliteGeometryMemo: Sendable {
    /// The satellites of the last call (the caller's array, retained, not copied).
    private var sky: [SatelliteInView] = []
    private var last: SatelliteGeometry?
    private var isEmpty = true
    /// Whether the last call's satellites had the number, system, use, elevation and azimuth of
    /// the call's before it, in order (the SKY writer then also reuses what it wrote of them).
    public private(set) var repeated = false

    public init() {}

    /// `SatelliteGeometry(satellites)`, from the memo when every satellite's number, system, use,
    /// elevation and azimuth (all the geometry reads) are those of the last call, in order.
    public mutating func geometry(_ satellites: [SatelliteInView]) -> SatelliteGeometry? {
        repeated = !isEmpty && Self.sameGeometry(sky, satellites)
        if repeated { return last }
        sky = satellites
        last = SatelliteGeometry(satellites)
        isEmpty = false
        return last
    }

    /// Whether `a` and `b` list the same satellites with the same use and angles, in order; the
    /// angles compared bit for bit, which no arithmetic does (−0.0 is not 0.0 here: the geometry
    /// is then computed again, to the same result).
    private static func sameGeometry(_ a: [SatelliteInView], _ b: [SatelliteInView]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                for i in 0..<a.count where !a[i].hasSameGeometry(as: b[i]) { return false }
                return true
            }
        }
    }
}
