import Geodesy

/// Where the straight segment between two fixes crosses a region: the fractions of the way along
/// it (0 at the first fix, 1 at the second) where it enters and leaves, and how deep inside it gets.
struct RegionCrossing: Equatable {
    /// Fraction along the segment of the first boundary crossing, 0...1.
    var entry: Double
    /// Fraction along the segment of the last boundary crossing, entry...1.
    var exit: Double
    /// The greatest distance from the segment, where it is inside, to the boundary, metres.
    var depth: Double
}

/// Distances and crossings in a ``LocalPlane``.
extension RegionShape {
    /// Beyond this planar distance, metres, a circle's centre distance is recomputed on the
    /// ellipsoid (Karney 2013, `Geodesic.wgs84`), where the flat plane would err by more than metres.
    static let flatRange = 20_000.0

    /// Signed distance from a point to the region's boundary, metres: negative inside. In the local
    /// equirectangular plane about the point (polygon edges straight in longitude and latitude, as
    /// RFC 7946 has them); a circle's centre farther than 20 km is measured on the ellipsoid
    /// (Karney 2013). - Complexity: O(1) for a circle, O(vertices) for a polygon.
    public func signedDistance(from point: Coordinate) -> Double {
        signedDistance(from: point, in: LocalPlane(origin: point))
    }

    /// ``signedDistance(from:)`` in a plane made about the point already (one per update).
    func signedDistance(from point: Coordinate, in plane: LocalPlane) -> Double {
        switch self {
        case .circle(let center, let radius):
            return Self.signedDistance(from: point, toCircle: center, radius: radius, in: plane)
        case .polygon, .multiPolygon:
            return Self.signedDistance(plane.point(point), to: project(plane))
        }
    }

    /// The signed distance from `point` to a circle's boundary, metres, in the plane about the point:
    /// the centre's planar distance less the radius, or its distance on the ellipsoid beyond
    /// ``flatRange``. The circle case of ``signedDistance(from:in:)``, which ``RegionEngine``
    /// calls directly for the circles it keeps unpacked.
    @inline(__always)
    static func signedDistance(from point: Coordinate, toCircle center: Coordinate, radius: Double, in plane: LocalPlane)
        -> Double
    {
        var distance = plane.point(center).length
        if distance > flatRange { distance = Geodesic.wgs84.inverse(from: point, to: center).distance }
        return distance - radius
    }

    /// Where the straight segment from `a` to `b` passes through the region, in the given plane (the
    /// engine's, about `b`; segments are a few kilometres at most) or else the plane about its
    /// midpoint; nil when it misses, or starts or ends inside.
    func crossing(from a: Coordinate, to b: Coordinate, in given: LocalPlane? = nil) -> RegionCrossing? {
        let plane =
            given
            ?? LocalPlane(
                origin: Coordinate(
                    uncheckedLatitude: (a.latitude + b.latitude) / 2,
                    longitude: Angle.normalizedLongitude(a.longitude + Angle.normalizedLongitude(b.longitude - a.longitude) / 2)))
        let p0 = plane.point(a)
        let p1 = plane.point(b)
        let v = p1 - p0
        let vv = (v * v).sum()
        guard vv > 0 else { return nil }
        switch self {
        case .circle(let center, let radius):
            // |p0 + t v − c| = R: t² v·v + 2t f·v + f·f − R² = 0, f = p0 − c.
            let f = p0 - plane.point(center)
            let fv = (f * v).sum()
            let closest = min(max(-fv / vv, 0), 1)
            let depth = radius - (f + closest * v).length
            let discriminant = fv * fv - vv * ((f * f).sum() - radius * radius)
            guard depth > 0, discriminant > 0 else { return nil }
            let root = discriminant.squareRoot()
            let t0 = (-fv - root) / vv
            let t1 = (-fv + root) / vv
            guard t0 > 0, t1 < 1 else { return nil }
            return RegionCrossing(entry: t0, exit: t1, depth: depth)
        case .polygon, .multiPolygon:
            let rings = project(plane)
            var ts: [Double] = []
            for ring in rings.joined() {
                for i in ring.indices {
                    let q0 = ring[i]
                    let q1 = ring[i == ring.count - 1 ? 0 : i + 1]
                    if let t = Self.intersection(p0, v, q0, q1) { ts.append(t) }
                }
            }
            guard ts.count >= 2 else { return nil }
            ts.sort()
            guard Self.signedDistance(p0, to: rings) > 0, Self.signedDistance(p1, to: rings) > 0 else { return nil }
            // The depth, sampled: 9 points across each piece of the segment that lies inside.
            var depth = 0.0
            for (lo, hi) in zip(ts, ts.dropFirst()) where hi > lo {
                guard Self.signedDistance(p0 + (lo + hi) / 2 * v, to: rings) < 0 else { continue }
                for k in 1...9 {
                    let t = lo + (hi - lo) * Double(k) / 10
                    depth = max(depth, -Self.signedDistance(p0 + t * v, to: rings))
                }
            }
            guard depth > 0, let first = ts.first, let last = ts.last else { return nil }
            return RegionCrossing(entry: first, exit: last, depth: depth)
        }
    }

    /// The polygons' rings as plane points.
    private func project(_ plane: LocalPlane) -> [[[SIMD2<Double>]]] {
        polygons.map { $0.rings.map { $0.map(plane.point) } }
    }

    /// Signed distance from `p` to the boundary of projected polygons, metres, negative inside
    /// (inside by the even-odd rule over each polygon's rings, so holes are outside).
    static func signedDistance(_ p: SIMD2<Double>, to polygons: [[[SIMD2<Double>]]]) -> Double {
        var nearest = Double.infinity
        var inside = false
        for polygon in polygons {
            var crossings = false
            for ring in polygon {
                var j = ring.count - 1
                for i in ring.indices {
                    let a = ring[j]
                    let b = ring[i]
                    if (a.y > p.y) != (b.y > p.y), p.x < a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x) {
                        crossings.toggle()
                    }
                    let ab = b - a
                    let ap = p - a
                    let denominator = (ab * ab).sum()
                    let t = denominator > 0 ? min(max((ap * ab).sum() / denominator, 0), 1) : 0
                    nearest = min(nearest, (ap - t * ab).length)
                    j = i
                }
            }
            inside = inside || crossings
        }
        return inside ? -nearest : nearest
    }

    /// The fraction t in [0, 1] along p + t v where it meets the segment q0 q1, or nil.
    static func intersection(_ p: SIMD2<Double>, _ v: SIMD2<Double>, _ q0: SIMD2<Double>, _ q1: SIMD2<Double>)
        -> Double?
    {
        let w = q1 - q0
        let denominator = v.x * w.y - v.y * w.x
        guard denominator != 0 else { return nil }
        let d = q0 - p
        let t = (d.x * w.y - d.y * w.x) / denominator
        let u = (d.x * v.y - d.y * v.x) / denominator
        return (0...1).contains(t) && (0...1).contains(u) ? t : nil
    }
}
