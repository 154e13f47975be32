import Foundation
import GNSS
import Geodesy

/// The best track of a recorded trace: the fusion filter run forward over every fix, then a
/// Rauch–Tung–Striebel backward pass over what it recorded (Rauch, Tung & Striebel, "Maximum
/// likelihood estimates of linear dynamic systems", *AIAA Journal* 3(8), 1965; Bar-Shalom, Li &
/// Kirubarajan, *Estimation with Applications to Tracking and Navigation*, §8.6).
///
/// Each epoch's estimate then uses the fixes after it as well as those before: the lag of a
/// forward filter goes, white noise is averaged from both sides, and a tunnel is interpolated
/// from both ends instead of dead-reckoned from one. Each location's 68% radius comes from the
/// smoothed covariance, its reduction below the forward filter's scaled to what the trace shows
/// (`shownReduction`). The forward filter's decisions stand: a rejected reflection stays
/// rejected, a jump it came to believe starts a new segment, smoothed on its own. For live use
/// there is no smoothing: it needs the future. See docs/fusion.md, "Smoothing a recorded trace".
///
/// ```swift
/// // fixes: [Fix], the trace's epochs in order (from NMEADecoder, or a source's events)
/// let track = TrackSmoother(fusion: try .fused(for: .automotive)).smooth(fixes)
/// for location in track.compactMap({ $0 }) { print(location.coordinate, location.horizontalAccuracy ?? 0) }
/// ```
public struct TrackSmoother: Sendable {
    /// The forward filter's settings (`.off` is taken as ``Fusion/on``).
    public let fusion: Fusion

    /// - Parameter fusion: the activity profile and dead-reckoning limit of the forward filter.
    public init(fusion: Fusion = .on) {
        self.fusion = fusion.isEnabled ? fusion : .on
    }

    /// Smooths `fixes`, in the order recorded.
    /// - Parameters:
    ///   - fixes: the trace's epochs.
    ///   - sourceName: the ``Location/sourceName`` of the locations.
    /// - Returns: one entry per fix: the smoothed location (``LocationKind/fused`` for a fix with a
    ///   position, ``LocationKind/deadReckoned`` in an outage), or nil where the forward filter had
    ///   none (no time, out of order, before the first fix, an outage past the dead-reckoning limit).
    /// - Complexity: O(n) time; about 300 bytes of records per fix until it returns.
    public func smooth(_ fixes: [Fix], sourceName: String = "") -> [Location?] {
        var filter = FusionFilter(fusion)
        filter.records = []
        filter.records?.reserveCapacity(fixes.count)
        var recordOf = [Int](repeating: -1, count: fixes.count)
        var raws: [Location?] = Array(repeating: nil, count: fixes.count)
        var last: Date?
        for i in fixes.indices {
            guard let time = fixes[i].time, last.map({ time > $0 }) ?? true else { continue }
            let before = filter.records?.count ?? 0
            if let raw = Location(fix: fixes[i], sourceName: sourceName, provenance: .replayed) {
                _ = withUnsafePointer(to: fixes[i]) { filter.fuse($0, raw: raw, time: time) }
                raws[i] = raw
                last = time
            } else if fixes[i].hasPosition {
                continue
            } else {
                guard filter.deadReckon(to: time) != nil else { continue }
                last = time
            }
            if (filter.records?.count ?? 0) > before { recordOf[i] = before }
        }
        let records = filter.records ?? []
        var smoothed = Self.backward(records)
        Self.scaleReduction(&smoothed, of: records, by: Self.shownReduction(smoothed, of: records))
        var out: [Location?] = Array(repeating: nil, count: fixes.count)
        for i in fixes.indices where recordOf[i] >= 0 {
            let r = records[recordOf[i]]
            let (e, n) = smoothed[recordOf[i]]
            out[i] = Self.location(r, east: e, north: n, raw: raws[i], fix: fixes[i], sourceName: sourceName)
        }
        return out
    }

    /// The backward pass: from the last record of each segment to its first,
    /// `C = P(k|k) Fᵀ P(k+1|k)⁻¹`, `x(k|N) = x(k|k) + C (x(k+1|N) − x(k+1|k))`,
    /// `P(k|N) = P(k|k) + C (P(k+1|N) − P(k+1|k)) Cᵀ`, per axis; the next epoch's smoothed state is
    /// moved back into this epoch's frame when the origin moved between them.
    static func backward(_ records: [FusionRecord]) -> [(east: AxisSnapshot, north: AxisSnapshot)] {
        var out = records.map { $0.posterior }
        guard records.count > 1 else { return out }
        for k in stride(from: records.count - 2, through: 0, by: -1) {
            let next = records[k + 1]
            guard let prior = next.prior else { continue }  // a new segment begins at k + 1
            let f = Matrix3.transition(dt: next.dt, phi: next.phi)
            out[k].east = step(
                records[k].posterior.east, prior: prior.east, smoothedNext: out[k + 1].east, f: f, shift: next.shift.east)
            out[k].north = step(
                records[k].posterior.north, prior: prior.north, smoothedNext: out[k + 1].north, f: f, shift: next.shift.north)
        }
        return out
    }

    /// The share of its claimed reduction of variance that the trace shows, within [0, 1].
    ///
    /// For a smoother whose model is right, the difference between the forward and the smoothed
    /// position, `d = x(k|k) − x(k|N)`, has variance `P(k|k) − P(k|N)` on each axis (the smoothed
    /// error is orthogonal to it; Bar-Shalom et al., §8.6), so `q = d² / (P(k|k) − P(k|N))` has
    /// mean 1. Where the receiver's error is correlated over longer than the filter's τ, the
    /// backward pass cannot move the track as far as it claims: q falls below 1. The mean of q,
    /// each taken at most at χ²₁'s 99% point (6.63: a turn or a re-acquisition does not count more
    /// than that) over every axis and epoch whose claimed reduction exceeds 1 cm², divided by that
    /// mean's value for χ²₁ (0.981), is the share; fewer than 30 such terms give 1.
    static func shownReduction(_ smoothed: [(east: AxisSnapshot, north: AxisSnapshot)], of records: [FusionRecord]) -> Double {
        var sum = 0.0
        var count = 0
        func add(_ filtered: AxisSnapshot, _ smoothed: AxisSnapshot) {
            let claimed = filtered.covariance.m00 - smoothed.covariance.m00
            guard claimed > 1e-4 else { return }
            let d = filtered.x.a - smoothed.x.a
            sum += min(d * d / claimed, 6.63)
            count += 1
        }
        for k in records.indices where records[k].hasAcceptedFix {
            add(records[k].posterior.east, smoothed[k].east)
            add(records[k].posterior.north, smoothed[k].north)
        }
        guard count >= 30, sum.isFinite else { return 1 }
        return min(max(sum / Double(count) / 0.981, 0), 1)
    }

    /// Each epoch's smoothed position variance taken as the forward one less `share` of the
    /// reduction the backward pass claims: `P'(k|N) = P(k|k) − share (P(k|k) − P(k|N))`.
    static func scaleReduction(
        _ smoothed: inout [(east: AxisSnapshot, north: AxisSnapshot)], of records: [FusionRecord], by share: Double
    ) {
        guard share < 1 else { return }
        func scaled(_ filtered: AxisSnapshot, _ s: inout AxisSnapshot) {
            let claimed = filtered.covariance.m00 - s.covariance.m00
            if claimed > 0 { s.covariance.m00 = filtered.covariance.m00 - share * claimed }
        }
        for k in records.indices where records[k].hasAcceptedFix {
            scaled(records[k].posterior.east, &smoothed[k].east)
            scaled(records[k].posterior.north, &smoothed[k].north)
        }
    }

    private static func step(_ filtered: AxisSnapshot, prior: AxisSnapshot, smoothedNext: AxisSnapshot, f: Matrix3, shift: Double)
        -> AxisSnapshot
    {
        guard let inverse = prior.covariance.inverse else { return filtered }
        let c = filtered.covariance * f.transposed * inverse
        var next = smoothedNext.x
        next.a += shift
        let x = filtered.x + c * (next - prior.x)
        let p = filtered.covariance + c * (smoothedNext.covariance - prior.covariance) * c.transposed
        guard x.a.isFinite, x.b.isFinite, p.m00.isFinite, p.m00 >= 0, p.m11 >= 0 else { return filtered }
        return AxisSnapshot(x: x, covariance: p)
    }

    /// The location of a smoothed record.
    private static func location(
        _ r: FusionRecord, east: AxisSnapshot, north: AxisSnapshot, raw: Location?, fix: Fix, sourceName: String
    ) -> Location {
        let coordinate = FusionFilter.coordinate(of: r.origin, east: east.x.a, north: north.x.a)
        let accuracy = FusionFilter.radius68 * max(east.covariance.m00 + north.covariance.m00, 0).squareRoot()
        let ve = east.x.b
        let vn = north.x.b
        let speed = r.isStationary ? 0 : (ve * ve + vn * vn).squareRoot()
        let speedSigma = (max(east.covariance.m11 + north.covariance.m11, 0) / 2).squareRoot()
        var course: Double?
        var courseAccuracy: Double?
        if !r.isStationary, speed > max(0.5, 3 * speedSigma) {
            course = Angle.normalizedBearing(atan2(ve, vn) * 180 / .pi)
            courseAccuracy = speedSigma / speed * 180 / .pi
        }
        if var l = raw {
            l.raw = raw
            l.kind = .fused
            l.isStationary = r.isStationary
            l.coordinate = coordinate
            l.horizontalAccuracy = accuracy
            l.speed = speed
            l.speedAccuracy = speedSigma
            l.course = course
            l.courseAccuracy = courseAccuracy
            return l
        }
        var l = Location(
            coordinate: coordinate, horizontalAccuracy: accuracy, speed: speed, speedAccuracy: speedSigma, course: course,
            courseAccuracy: courseAccuracy, timestamp: r.time, monotonicTime: fix.monotonicTime,
            sourceName: sourceName, provenance: .replayed)
        l.kind = .deadReckoned
        l.isStationary = r.isStationary
        return l
    }
}
