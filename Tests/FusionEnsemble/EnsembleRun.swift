import Foundation
import GNSS
import Geodesy
import Lodestar
import LodestarInternals

/// One scenario run through a `LocationEngine` with fusion on, measured against its truth.
package struct EnsembleRun: Sendable {
    /// Sums over the fix epochs: squared raw and fused errors (m²) and their count.
    package var rawSquares = 0.0, fusedSquares = 0.0, fixEpochs = 0
    /// Delivered locations with a stated accuracy, and how many held the truth in their 68% circle.
    package var stated = 0, inside = 0
    /// The same for dead-reckoned locations alone.
    package var deadReckoned = 0, deadReckonedInside = 0
    /// The largest fused error during a reflection of 60 m or more, metres; and the raw's then.
    package var worstReflection = 0.0
    /// For each outage of 3 s or more: epochs from the first fix after it until the fused location
    /// is within 10 m of the truth, or within the receiver's own error when that is larger (the
    /// first fix is epoch 1; 1000 when it never is).
    package var reacquireEpochs: [Int] = []
    /// One line per epoch when asked for (`log: true`): time, raw and fused error, stated radius, kind.
    package var lines: [String] = []

    /// The smoother (``TrackSmoother``) over the same fixes: squared errors at the fix epochs (m²),
    /// and its stated 68% radius's hits over every smoothed location.
    package var smoothedSquares = 0.0, smoothedStated = 0, smoothedInside = 0

    package var smoothedRMS: Double { (smoothedSquares / Double(max(fixEpochs, 1))).squareRoot() }
    package var rawRMS: Double { (rawSquares / Double(max(fixEpochs, 1))).squareRoot() }
    package var fusedRMS: Double { (fusedSquares / Double(max(fixEpochs, 1))).squareRoot() }

    /// The local frame's origin (Munich) and its metres per degree.
    static let origin = (latitude: 48.137, longitude: 11.575)
    static let metresPerDegree: (north: Double, east: Double) = {
        let (m, n) = WGS84.radiiOfCurvature(latitude: origin.latitude * .pi / 180)
        return (m * .pi / 180, n * cos(origin.latitude * .pi / 180) * .pi / 180)
    }()

    static func coordinate(east: Double, north: Double) -> Coordinate {
        Coordinate(
            uncheckedLatitude: origin.latitude + north / metresPerDegree.north,
            longitude: origin.longitude + east / metresPerDegree.east)
    }

    static func local(_ c: Coordinate) -> (east: Double, north: Double) {
        ((c.longitude - origin.longitude) * metresPerDegree.east, (c.latitude - origin.latitude) * metresPerDegree.north)
    }

    /// The fixes a receiver `model` gives along `trajectory` (for timing the filter and smoother).
    package static func fixes(_ trajectory: Trajectory, model: some ReceiverErrorModel, seed: UInt64) -> [Fix] {
        var model = model
        var rng = SplitMix64(seed: seed)
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        var heading = 0.0
        return trajectory.epochs.map { truth in
            if truth.speed > 0.3 { heading = atan2(truth.velocityEast, truth.velocityNorth) }
            let r = model.next(truth, dt: 1 / trajectory.rate, heading: heading, rng: &rng)
            var fix = Fix(time: start.addingTimeInterval(truth.time), mode: .noFix)
            guard r.hasFix, !truth.inOutage else { return fix }
            fix.coordinate = coordinate(east: truth.east + r.east, north: truth.north + r.north)
            fix.mode = .threeD
            fix.hdop = r.hdop
            fix.errors = r.errors
            let ve = truth.velocityEast + r.velocityEast
            let vn = truth.velocityNorth + r.velocityNorth
            fix.speed = (ve * ve + vn * vn).squareRoot()
            fix.course = Angle.normalizedBearing(atan2(ve, vn) * 180 / .pi)
            return fix
        }
    }

    /// Runs `trajectory` with the receiver `model`, drawing its noise from `seed`.
    package init(_ trajectory: Trajectory, model: some ReceiverErrorModel, seed: UInt64, log: Bool = false, smooth: Bool = true) {
        var model = model
        var rng = SplitMix64(seed: seed &* 0x9E37_79B9 &+ 17)
        var configuration = LocationConfiguration()
        let activity: ActivityType = trajectory.scenario == .walk ? .fitness : .automotive
        configuration.fusion = (try? Fusion.fused(for: activity)) ?? .on
        var engine = LocationEngine(configuration: configuration, sourceName: "ensemble", provenance: .replayed)
        engine.updatingHeading = false
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        let dt = 1 / trajectory.rate
        var heading = 0.0
        var lastFixTime: Double?
        var fixes: [Fix] = []
        var truths: [(east: Double, north: Double, hasFix: Bool)] = []
        var debugFilter: FusionFilter?
        var pending: (index: Int, count: Int)?
        for (i, truth) in trajectory.epochs.enumerated() {
            if truth.speed > 0.3 { heading = atan2(truth.velocityEast, truth.velocityNorth) }
            let receiver = model.next(truth, dt: dt, heading: heading, rng: &rng)
            let time = start.addingTimeInterval(truth.time)
            var fix = Fix(time: time, mode: .noFix)
            let hasFix = receiver.hasFix && !truth.inOutage
            var rawError = (east: 0.0, north: 0.0)
            if hasFix {
                rawError = (receiver.east + (truth.reflection?.east ?? 0), receiver.north + (truth.reflection?.north ?? 0))
                fix.coordinate = Self.coordinate(east: truth.east + rawError.east, north: truth.north + rawError.north)
                fix.mode = .threeD
                fix.altitudeMSL = 520 + rng.gaussian(sigma: 2)
                fix.hdop = receiver.hdop
                fix.satellitesUsed = receiver.satellites
                fix.errors = receiver.errors
                let ve = truth.velocityEast + receiver.velocityEast
                let vn = truth.velocityNorth + receiver.velocityNorth
                fix.speed = (ve * ve + vn * vn).squareRoot()
                fix.course = Angle.normalizedBearing(atan2(ve, vn) * 180 / .pi)
            }
            fixes.append(fix)
            truths.append((truth.east, truth.north, hasFix))
            var filterState = ""
            if log, let raw = Location(fix: fix) {
                if let f = debugFilter {
                    var g = f
                    _ = withUnsafePointer(to: fix) { g.fuse($0, raw: raw, time: time) }
                    filterState =
                        g.stateDescription
                        + String(
                            format: " truth %.2f %.2f fix %.2f %.2f", truth.east, truth.north, truth.east + rawError.east,
                            truth.north + rawError.north)
                    debugFilter = g
                } else {
                    var g = FusionFilter(configuration.fusion)
                    _ = withUnsafePointer(to: fix) { g.fuse($0, raw: raw, time: time) }
                    debugFilter = g
                }
            }
            guard let location = engine.process(fix).location else { continue }
            let p = Self.local(location.coordinate)
            let de = p.east - truth.east
            let dn = p.north - truth.north
            let error = (de * de + dn * dn).squareRoot()
            if log {
                let raw = hasFix ? (rawError.east * rawError.east + rawError.north * rawError.north).squareRoot() : -1
                let along = truth.speed > 0.3 ? (de * truth.velocityEast + dn * truth.velocityNorth) / truth.speed : 0
                lines.append(
                    String(
                        format: "%7.1f v %5.1f raw %7.1f fused %7.1f along %6.1f ±%7.1f %@%@", truth.time, truth.speed, raw,
                        error, along,
                        location.horizontalAccuracy ?? -1, "\(location.kind)", truth.reflection == nil ? "" : " reflected") + " "
                        + filterState)
            }
            if let a = location.horizontalAccuracy {
                stated += 1
                if error <= a { inside += 1 }
                if location.kind == .deadReckoned {
                    deadReckoned += 1
                    if error <= a { deadReckonedInside += 1 }
                }
            }
            if hasFix {
                rawSquares += rawError.east * rawError.east + rawError.north * rawError.north
                fusedSquares += error * error
                fixEpochs += 1
                if let r = truth.reflection, (r.east * r.east + r.north * r.north) >= 3600 {
                    worstReflection = max(worstReflection, error)
                }
                // The first fix after an outage of 3 s or more (a tunnel, or a canyon that left
                // fewer than five satellites).
                if let last = lastFixTime, truth.time - last >= 3 {
                    if let pending { reacquireEpochs.append(pending.count) }
                    pending = (i, 0)
                }
                lastFixTime = truth.time
                // Re-acquired: within 10 m of the truth, or no further from it than the receiver's
                // own fix (a canyon's fixes may themselves be 20 m off).
                if var p = pending {
                    p.count += 1
                    let rawDistance = (rawError.east * rawError.east + rawError.north * rawError.north).squareRoot()
                    let done = error <= max(10, rawDistance)
                    pending = done ? nil : p
                    if done { reacquireEpochs.append(p.count) }
                }
            }
        }
        // An outage whose fixes never came within 10 m counts as 1000 epochs, unless the run ended
        // within 10 fixes of it (nothing to judge).
        if let pending, pending.count >= 10 { reacquireEpochs.append(1000) }
        if smooth {
            let smoothed = TrackSmoother(fusion: configuration.fusion).smooth(fixes)
            for (i, location) in smoothed.enumerated() {
                guard let location else { continue }
                let p = Self.local(location.coordinate)
                let de = p.east - truths[i].east
                let dn = p.north - truths[i].north
                let error = (de * de + dn * dn).squareRoot()
                if let a = location.horizontalAccuracy {
                    smoothedStated += 1
                    if error <= a { smoothedInside += 1 }
                }
                if truths[i].hasFix, location.kind == .fused { smoothedSquares += error * error }
            }
        }
    }
}
