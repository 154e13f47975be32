import Geodesy
import LodestarInternals

/// A spatial index of vehicle positions that answers "the nearest eligible vehicle strictly within
/// R metres of this point", with distances on the WGS84 ellipsoid (Karney 2013).
///
/// Positions are kept as unit normals to the ellipsoid (n-vectors) in an implicit k-d tree
/// (Bentley 1975): one array in tree order, each subtree's median at its middle, split on the axis
/// of largest extent. A query runs in two passes:
/// 1. the nearest eligible vehicle by the angle θ between normals, by a depth-first search that
///    prunes on the splitting planes;
/// 2. every eligible vehicle within θ₁·ρ_max/ρ_min of the query, measured on the ellipsoid with
///    `Geodesic`; the nearest of those, if strictly closer than R, is the answer.
///
/// The second pass is exact because along any curve on the ellipsoid the normal turns at most
/// 1/ρ_min radians per metre, and the path whose normals follow the great circle is at most
/// ρ_max·θ long, so ρ_min·θ ≤ s ≤ ρ_max·θ, where ρ_min = b²/a = 6,335,439 m (meridian radius at
/// the equator) and ρ_max = a²/b = 6,399,594 m (radius at the poles). The band is 1% wide, so the
/// second pass usually measures one to three vehicles.
///
/// Moving a vehicle marks its tree entry stale and keeps it in a small list searched linearly;
/// the tree is rebuilt when that list outgrows max(64, n/64).
///
/// - Complexity: build O(n log n); query O(log n) expected for evenly spread eligible vehicles,
///   plus a few geodesic computations (about 1.4 µs each). Memory: 40 bytes per vehicle.
public struct VehicleIndex: Sendable {
    /// Minimum principal radius of curvature of WGS84, b²/a, metres.
    public static let minimumRadiusOfCurvature = 6_335_439.327_083_17
    /// Maximum principal radius of curvature of WGS84, a²/b, metres.
    public static let maximumRadiusOfCurvature = 6_399_593.625_758_49

    /// Vehicle positions by slot.
    public private(set) var positions: [Coordinate]
    @usableFromInline var vectors: [NVector]
    /// Slots in tree order.
    @usableFromInline var order: [Int32]
    /// Unit vectors in tree order (copies of `vectors[order[i]]`, for locality).
    @usableFromInline var tree: [NVector]
    /// Split axis of the node at each tree position.
    @usableFromInline var axes: [UInt8]
    /// Slots whose tree entry is stale; searched linearly.
    @usableFromInline var displaced: [Int32]
    @usableFromInline var isDisplaced: [Bool]

    /// Builds the index. Slot `i` is `positions[i]`.
    /// - Complexity: O(n log n).
    public init(positions: [Coordinate]) {
        self.positions = positions
        vectors = positions.map { NVector(latitude: $0.latitude, longitude: $0.longitude) }
        order = []
        tree = []
        axes = []
        displaced = []
        isDisplaced = []
        rebuild()
    }

    /// Number of vehicles.
    public var count: Int { positions.count }

    /// Moves the vehicle in `slot`.
    /// - Complexity: O(1) amortised; an O(n log n) rebuild every max(64, n/64) moves.
    public mutating func move(slot: Int, to position: Coordinate) {
        guard positions.indices.contains(slot) else { return }
        positions[slot] = position
        vectors[slot] = NVector(latitude: position.latitude, longitude: position.longitude)
        if !isDisplaced[slot] {
            isDisplaced[slot] = true
            displaced.append(Int32(slot))
        }
        if displaced.count > max(64, count / 64) { rebuild() }
    }

    /// The nearest vehicle for which `isEligible(slot)` is true, strictly closer than `range`
    /// metres to `point` on the WGS84 ellipsoid, with that distance.
    ///
    /// - Parameters:
    ///   - point: the query point.
    ///   - range: metres, > 0. A vehicle at exactly `range` is out of range.
    ///   - isEligible: whether a slot may be returned (free, fits the party, right ride option).
    /// - Returns: nil when no eligible vehicle is strictly within `range`.
    @inlinable
    public func nearest(
        to point: Coordinate, within range: Double, where isEligible: (Int) -> Bool
    ) -> (slot: Int, distance: Double)? {
        guard range > 0, !positions.isEmpty else { return nil }
        let q = NVector(latitude: point.latitude, longitude: point.longitude)
        // Pass 1: nearest by angle among those that could lie within range.
        let limitAngle = range / Self.minimumRadiusOfCurvature
        let limitChord = NVector.chord(angle: limitAngle)
        var best = (slot: -1, chordSquared: limitChord * limitChord)
        search(q, 0, tree.count, &best, isEligible)
        for slot in displaced {
            let s = Int(slot)
            let d2 = vectors[s].chordSquared(q)
            if d2 < best.chordSquared, isEligible(s) { best = (s, d2) }
        }
        guard best.slot >= 0 else { return nil }
        // Pass 2: the ellipsoidal nearest lies within θ₁·ρmax/ρmin.
        let theta1 = NVector.angle(chord: best.chordSquared.squareRoot())
        let bandAngle = min(theta1 * (Self.maximumRadiusOfCurvature / Self.minimumRadiusOfCurvature), limitAngle)
        let bandChord = NVector.chord(angle: bandAngle) * (1 + 1e-12)
        var answer: (slot: Int, distance: Double)?
        var measure = { (slot: Int) in
            let d = Geodesic.wgs84.inverse(from: point, to: positions[slot]).distance
            if d < range, d < (answer?.distance ?? .infinity) { answer = (slot, d) }
        }
        within(q, bandChord * bandChord, 0, tree.count, isEligible, &measure)
        for slot in displaced {
            let s = Int(slot)
            if vectors[s].chordSquared(q) <= bandChord * bandChord, isEligible(s) { measure(s) }
        }
        return answer
    }

    /// The same answer as ``nearest(to:within:where:)`` by measuring every vehicle on the
    /// ellipsoid, for comparison and for checking the index.
    /// - Complexity: O(n) geodesic computations after an O(n) angular pre-filter.
    public func nearestByLinearScan(
        to point: Coordinate, within range: Double, where isEligible: (Int) -> Bool
    ) -> (slot: Int, distance: Double)? {
        guard range > 0 else { return nil }
        var answer: (slot: Int, distance: Double)?
        for slot in positions.indices where isEligible(slot) {
            let d = Geodesic.wgs84.inverse(from: point, to: positions[slot]).distance
            if d < range, d < (answer?.distance ?? .infinity) { answer = (slot, d) }
        }
        return answer
    }

    /// Every slot for which `isEligible` holds whose normal lies within `angle` radians of
    /// `point`'s: all vehicles within ρ_min·angle metres are among them.
    public func slots(near point: Coordinate, angle: Double, where isEligible: (Int) -> Bool) -> [Int] {
        let q = NVector(latitude: point.latitude, longitude: point.longitude)
        let c = NVector.chord(angle: angle)
        var found: [Int] = []
        var collect = { (slot: Int) in found.append(slot) }
        within(q, c * c, 0, tree.count, isEligible, &collect)
        for slot in displaced where vectors[Int(slot)].chordSquared(q) <= c * c && isEligible(Int(slot)) {
            collect(Int(slot))
        }
        return found
    }

    // MARK: Search

    /// Subtrees waiting to be searched, at most two per level of the tree.
    @usableFromInline static let stackCapacity = 128

    /// Depth-first nearest search by chord length, nearer child first, without recursion (so the
    /// eligibility closure's context is passed once, not at every level).
    @usableFromInline
    func search(
        _ q: NVector, _ lo: Int, _ hi: Int, _ best: inout (slot: Int, chordSquared: Double),
        _ isEligible: (Int) -> Bool
    ) {
        withUnsafeTemporaryAllocation(of: (lo: Int, hi: Int, planeSquared: Double).self, capacity: Self.stackCapacity) { stack in
            var top = 0
            stack[0] = (lo, hi, 0)
            top = 1
            while top > 0 {
                top -= 1
                let (lo, hi, planeSquared) = stack[top]
                guard lo < hi, planeSquared < best.chordSquared else { continue }
                let mid = (lo + hi) >> 1
                let node = tree[mid]
                let slot = Int(order[mid])
                let d2 = node.chordSquared(q)
                if d2 < best.chordSquared, !isDisplaced[slot], isEligible(slot) { best = (slot, d2) }
                let axis = Int(axes[mid])
                let delta = q[axis] - node[axis]
                let (near, far) = delta < 0 ? ((lo, mid), (mid + 1, hi)) : ((mid + 1, hi), (lo, mid))
                // Far first, so that the near side is searched first.
                if top + 2 <= stack.count {
                    stack[top] = (far.0, far.1, delta * delta)
                    stack[top + 1] = (near.0, near.1, 0)
                    top += 2
                }
            }
        }
    }

    /// Every eligible slot whose chord to `q` is at most √`chordSquared`, without recursion.
    @usableFromInline
    func within(
        _ q: NVector, _ chordSquared: Double, _ lo: Int, _ hi: Int, _ isEligible: (Int) -> Bool,
        _ visit: inout (Int) -> Void
    ) {
        withUnsafeTemporaryAllocation(of: (lo: Int, hi: Int).self, capacity: Self.stackCapacity) { stack in
            stack[0] = (lo, hi)
            var top = 1
            while top > 0 {
                top -= 1
                let (lo, hi) = stack[top]
                guard lo < hi else { continue }
                let mid = (lo + hi) >> 1
                let node = tree[mid]
                let slot = Int(order[mid])
                if node.chordSquared(q) <= chordSquared, !isDisplaced[slot], isEligible(slot) { visit(slot) }
                let axis = Int(axes[mid])
                let delta = q[axis] - node[axis]
                if delta < 0 || delta * delta <= chordSquared, top < stack.count {
                    stack[top] = (lo, mid)
                    top += 1
                }
                if delta >= 0 || delta * delta <= chordSquared, top < stack.count {
                    stack[top] = (mid + 1, hi)
                    top += 1
                }
            }
        }
    }

    // MARK: Building

    private mutating func rebuild() {
        let n = positions.count
        order = (0..<Int32(n)).map { $0 }
        axes = [UInt8](repeating: 0, count: n)
        build(0, n)
        tree = order.map { vectors[Int($0)] }
        displaced = []
        isDisplaced = [Bool](repeating: false, count: n)
    }

    /// Puts the median of `order[lo..<hi]` on the axis of largest extent at the middle, smaller
    /// before, larger after, and recurses.
    private mutating func build(_ lo: Int, _ hi: Int) {
        guard hi - lo > 1 else {
            if lo < hi { axes[lo] = 0 }
            return
        }
        var minimum = (Double.infinity, Double.infinity, Double.infinity)
        var maximum = (-Double.infinity, -Double.infinity, -Double.infinity)
        for i in lo..<hi {
            let v = vectors[Int(order[i])]
            minimum = (min(minimum.0, v.x), min(minimum.1, v.y), min(minimum.2, v.z))
            maximum = (max(maximum.0, v.x), max(maximum.1, v.y), max(maximum.2, v.z))
        }
        let extents = [maximum.0 - minimum.0, maximum.1 - minimum.1, maximum.2 - minimum.2]
        let axis = extents[0] >= extents[1] ? (extents[0] >= extents[2] ? 0 : 2) : (extents[1] >= extents[2] ? 1 : 2)
        let mid = (lo + hi) >> 1
        select(mid, lo, hi, axis)
        axes[mid] = UInt8(axis)
        build(lo, mid)
        build(mid + 1, hi)
    }

    /// Quickselect (Hoare 1961) on `order[lo..<hi]` by coordinate `axis`, so that position `k`
    /// holds the element of that rank.
    private mutating func select(_ k: Int, _ lo: Int, _ hi: Int, _ axis: Int) {
        var lo = lo
        var hi = hi - 1
        while lo < hi {
            let pivot = vectors[Int(order[(lo + hi) >> 1])][axis]
            var i = lo
            var j = hi
            while i <= j {
                while vectors[Int(order[i])][axis] < pivot { i += 1 }
                while vectors[Int(order[j])][axis] > pivot { j -= 1 }
                if i <= j {
                    order.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if k <= j { hi = j } else if k >= i { lo = i } else { return }
        }
    }
}
