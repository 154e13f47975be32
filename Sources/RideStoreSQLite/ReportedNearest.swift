import Foundation
import GRDB
import Geodesy
import LodestarInternals
import RideBooking

/// The SQLite backend's nearest vehicle among the reported positions a booking read, measuring
/// as few WGS84 geodesics (Karney 2013, about 1.4 µs each) as it can.
///
/// The angle θ between the normals of two points bounds their ellipsoidal distance d:
/// θ·ρmin ≤ d ≤ θ·ρmax, with ρmin = b²/a and ρmax = a²/b the extreme principal radii of curvature
/// of WGS84 (`VehicleIndex` relies on the same bound). So one pass finds the candidate nearest
/// by θ (a dot product each), whose distance is at most θ₁·ρmax, and the geodesic is measured
/// only for the candidates whose θ·ρmin is within that.
struct ReportedNearest {
    /// One position a booking read.
    struct Candidate {
        var identifier: String
        var position: Coordinate
    }

    /// The candidates of `sql`, whose columns are the vehicle's identifier, latitude and
    /// longitude, read by position (the booking's hot loop).
    static func candidates(_ db: Database, sql: String, arguments: StatementArguments) throws -> [Candidate] {
        var candidates: [Candidate] = []
        let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
        while let row = try rows.next() {
            guard let identifier = row[0] as String?, let latitude = row[1] as Double?, let longitude = row[2] as Double? else {
                continue
            }
            candidates.append(
                Candidate(identifier: identifier, position: Coordinate(uncheckedLatitude: latitude, longitude: longitude)))
        }
        return candidates
    }

    let pickup: Coordinate
    /// Metres, > 0: a candidate at most this far counts.
    let range: Double

    /// The index of the nearest candidate, at most `range` metres away (ties: the smaller
    /// identifier), and its distance.
    func nearest(_ candidates: [Candidate]) -> (index: Int, distance: Double)? {
        let q = NVector(latitude: pickup.latitude, longitude: pickup.longitude)
        let ρmin = VehicleIndex.minimumRadiusOfCurvature
        // Pass 1: the angle to each, and the nearest by angle among those that may lie in range.
        var angles = [Double](repeating: .infinity, count: candidates.count)
        var first: Int?
        for (index, candidate) in candidates.enumerated() {
            let angle = angle(candidate.position, q)
            guard angle * ρmin <= range else { continue }
            angles[index] = angle
            if first.map({ angle < angles[$0] }) ?? true { first = index }
        }
        guard let first else { return nil }
        // Pass 2: the geodesic of every candidate whose θ·ρmin does not exceed the distance of the
        // nearest by angle (θ₁·ρmax bounds it): the ellipsoidal nearest is among them.
        let limit = min(angles[first] * VehicleIndex.maximumRadiusOfCurvature, range)
        var best: (index: Int, distance: Double)?
        for index in candidates.indices where angles[index] * ρmin <= limit {
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

    /// Whether any candidate is at most `range` metres away.
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

    /// The latitudes and longitudes, degrees, of every point at most `radius` metres from
    /// `pickup` on WGS84, for an SQL range condition. The angle θ between the normals of two
    /// points d metres apart is at most d/ρmin; their latitudes differ by at most θ, and their
    /// longitudes by at most Δλ, where sin(Δλ/2) ≤ sin(θ/2)/√(cos φ₁ cos φ₂) (from cos θ =
    /// cos(φ₁ − φ₂) − cos φ₁ cos φ₂ (1 − cos Δλ)), φ₂ being the most poleward latitude in reach.
    /// `longitudes` is nil when the box reaches a pole or the antimeridian: every longitude is
    /// then in reach as far as the condition can say.
    static func box(around pickup: Coordinate, radius: Double) -> (
        latitudes: ClosedRange<Double>, longitudes: ClosedRange<Double>?
    ) {
        let theta = radius / VehicleIndex.minimumRadiusOfCurvature
        let margin = 1e-9
        let thetaDegrees = theta * 180 / .pi * (1 + margin) + margin
        let latitudes = (pickup.latitude - thetaDegrees)...(pickup.latitude + thetaDegrees)
        let poleward = min(abs(pickup.latitude) + thetaDegrees, 90) * .pi / 180
        let product = cos(pickup.latitude * .pi / 180) * cos(poleward)
        guard product > 1e-12 else { return (latitudes, nil) }
        let ratio = sin(theta / 2) / product.squareRoot()
        guard ratio < 1 else { return (latitudes, nil) }
        let halfWidth = 2 * asin(ratio) * 180 / .pi * (1 + margin) + margin
        let (west, east) = (pickup.longitude - halfWidth, pickup.longitude + halfWidth)
        guard west >= -180, east <= 180 else { return (latitudes, nil) }
        return (latitudes, west...east)
    }
}
