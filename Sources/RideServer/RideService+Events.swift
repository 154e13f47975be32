import Foundation
import RideBooking

extension RideService {
    /// What an event stream sends for the ride's events after `eventIdentifier` (all for nil),
    /// oldest first, each with its event's number: the status at each phase the ride reached,
    /// with the vehicle where it last reported, dated when the phase was reached; the last is
    /// the ride's status now. Empty when nothing happened after `eventIdentifier`.
    func eventStatuses(of rideIdentifier: String, after eventIdentifier: Int64?) async throws -> [(id: Int64, status: RideStatus)]
    {
        let events = try await store.rideEvents(rideIdentifier: rideIdentifier, after: eventIdentifier)
        guard let newest = events.last, let record = try await store.ride(identifier: rideIdentifier) else { return [] }
        // The vehicle's last report is read once for all the events.
        let position = try await lastReport(of: record)
        var statuses: [(id: Int64, status: RideStatus)] = []
        for event in events.dropLast() {
            var then = record
            then.storedPhase = event.phase
            then.completionStatus = event.completionStatus
            then.completedDate = event.phase == .completed ? event.date : nil
            var reached = self.status(of: then, position: position)
            reached.date = event.date
            statuses.append((event.identifier, reached))
        }
        statuses.append((newest.identifier, self.status(of: record, position: position)))
        return statuses
    }
}
