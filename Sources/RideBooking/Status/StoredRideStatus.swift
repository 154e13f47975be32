import Foundation
import Geodesy

/// A ride's status as a ride service shows it: the status at booking, moved to the phase the
/// store holds (which reported positions advance, on any server), with the vehicle where it
/// last reported. Nothing is simulated: what the store says is what the rider sees.
enum StoredRideStatus {
    /// The status of `record` with the vehicle's last report.
    /// - Parameters:
    ///   - record: the ride as stored.
    ///   - position: the vehicle's last report, if any.
    ///   - nominalSpeed: the vehicle's speed, m/s, for the estimates when the report has none.
    static func status(of record: RideRecord, position: ReportedPosition?, nominalSpeed: Double) -> RideStatus {
        var status = record.booking
        let pickup = record.trip.pickup
        let dropOff = record.booking.dropOffLocation?.coordinate
        do throws(RidePhaseError) {
            switch (record.storedPhase, record.completionStatus) {
            case (.approachingPickup, _): try status.advance(to: .approachingPickup)
            case (.pickup, _): try status.advance(to: .pickup)
            case (.ongoing, _):
                try status.advance(to: .pickup)
                try status.advance(to: .ongoing)
            case (.completed, let completion?):
                if completion.isCanceled {
                    try status.complete(completion)
                } else {
                    try status.advance(to: .pickup)
                    try status.advance(to: .ongoing)
                    try status.complete(completion)
                }
            default: break
            }
        } catch {
            // The store only holds phases reached along RidePhase's transitions.
        }
        if let position {
            status.vehicle?.location = position.coordinate
            status.vehicle?.course = position.course
            status.date = max(status.date, position.timestamp)
            let speed = position.speed.flatMap { $0 > 0 ? $0 : nil } ?? nominalSpeed
            switch status.phase {
            case .confirmed, .approachingPickup:
                let distance = Geodesic.wgs84.inverse(from: position.coordinate, to: pickup).distance
                status.distanceRemaining = distance
                if speed > 0 { status.estimatedPickupDate = position.timestamp.addingTimeInterval(distance / speed) }
            case .pickup:
                status.distanceRemaining = Geodesic.wgs84.inverse(from: position.coordinate, to: pickup).distance
            case .ongoing:
                if let dropOff {
                    let distance = Geodesic.wgs84.inverse(from: position.coordinate, to: dropOff).distance
                    status.distanceRemaining = distance
                    if speed > 0 { status.estimatedDropOffDate = position.timestamp.addingTimeInterval(distance / speed) }
                } else {
                    status.distanceRemaining = nil
                }
            case .completed:
                status.distanceRemaining = record.completionStatus == .completed ? 0 : nil
            case .unknown, .received:
                break
            }
        }
        if let completed = record.completedDate { status.date = max(status.date, completed) }
        return status
    }
}
