import Foundation
import RideBooking

extension RideService {
    /// What an event stream sends for the ride's events after `eventIdentifier` (all for nil),
    /// oldest first, each with its event's number: the status at each phase the ride reached,
    /// with the vehicle where it last reported, dated when the phase was reached; the last is
    /// the ride's status now. Empty when nothing happened after `eventIdentifier`.
    func eventStatuses(of rideIdentifier: String, after eventIdentifier: Int64?) async throws -> [(id: Int64, status: RideStatus)] {
        let events = try await store.rideEvents(rideIdentifier: rideIdentifier, after: eventIdentifier)
        guard let newest = events.last, let record = try await store.ride(identifier: rideIdentifier) else { return [] }
        var statuses: [(id: Int64, status: RideStatus)] = []
        for event in events.dropLast() {
            var then = record
            then.storedPhase = event.phase
            then.completionStatus = event.completionStatus
            then.completedDate = event.phase == .completed ? event.date : nil
            var status = try await status(of: then)
            status.date = event.date
            statuses.append((event.identifier, status))
        }
        statuses.append((newest.identifier, try await status(of: record)))
        return statuses
    }
}
