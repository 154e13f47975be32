import Geodesy
import LodestarInternals

/// The SQLite backend's nearest vehicle among the reported positions a booking read, measuring
/// as few WGS84 geodesics (Karney 2013, about 1.4 µs each) as it can.
///
/// The angle θ between the normals of two points bounds their ellipsoidal distance d:
/// θ·ρmin ≤ d ≤ θ·ρmax, with ρmin = b²/a and ρmax = a²/b the extreme principal radii of curvature
/// of WGS84 (``VehicleIndex`` relies on the same bound). So the candidates are taken in order of
/// θ (a dot product each), and the geodesic is measured only while θ·ρmin can still beat the best
/// distance found and lie within the range.
struct ReportedNearest {
    /// One position a booking read.
    struct Candidate {
        var identifier: String
        var position: Coordinate
        /// Whether the vehicle could take the ride (available, free, seats the party, serves the option).
        var fits: Bool
    }

    let pickup: Coordinate
    /// Metres, > 0: a candidate at most this far counts.
    let range: Double

    /// The index of the nearest candidate that fits, at most `range` metres away (ties: the
    /// smaller identifier), and its distance.
    func nearest(_ candidates: [Candidate]) -> (index: Int, distance: Double)? {
        let q = NVector(latitude: pickup.latitude, longitude: pickup.longitude)
        let ordered = candidates.indices.filter { candidates[$0].fits }
            .map { (index: $0, angle: angle(candidates[$0].position, q)) }
            .filter { $0.angle * VehicleIndex.minimumRadiusOfCurvature <= range }
            .sorted { $0.angle < $1.angle }
        var best: (index: Int, distance: Double)?
        for (index, angle) in ordered {
            if let best, angle * VehicleIndex.minimumRadiusOfCurvature > best.distance { break }
            let distance = Geodesic.wgs84.inverse(from: candidates[index].position, to: pickup).distance
            guard distance <= range else { continue }
            if let current = best,
                (current.distance, candidates[current.index].identifier) <= (distance, candidates[index].identifier)
            {
                continue
            }
            best = (index, distance)
        }
        return best
    }

    /// Whether any candidate, fitting or not, is at most `range` metres away.
    func anyWithinRange(_ candidates: [Candidate]) -> Bool {
        let q = NVector(latitude: pickup.latitude, longitude: pickup.longitude)
        return candidates.contains { candidate in
            let angle = angle(candidate.position, q)
            if angle * VehicleIndex.maximumRadiusOfCurvature <= range { return true }
            if angle * VehicleIndex.minimumRadiusOfCurvature > range { return false }
            return Geodesic.wgs84.inverse(from: candidate.position, to: pickup).distance <= range
        }
    }

    private func angle(_ position: Coordinate, _ q: NVector) -> Double {
        NVector.angle(chord: NVector(latitude: position.latitude, longitude: position.longitude).chordSquared(q).squareRoot())
    }
}
