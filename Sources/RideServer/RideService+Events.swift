import Foundation
import RideBooking

extension RideService {
    /// What an event stream sends for the ride's events after `eventIdentifier` (all for nil),
    /// oldest first, each with its event's number: the status at each phase the ride reached,
    /// with the vehicle where it last reported, dated when the phase was reached; the last is
    /// the ride's status now when the ride has not moved on since it was logged. Empty when
    /// nothing happened after `eventIdentifier`.
    func eventStatuses(of rideIdentifier: String, after eventIdentifier: Int64?) async throws -> [(id: Int64, status: RideStatus)]
    {
        let events = try await store.rideEvents(rideIdentifier: rideIdentifier, after: eventIdentifier)
        guard let newest = events.last, let record = try await store.ride(identifier: rideIdentifier) else { return [] }
        // The vehicle's last report is read once for all the events.
        let position = try await lastReport(of: record)
        var statuses: [(id: Int64, status: RideStatus)] = []
        for event in events {
            // The ride is read after its events, not in the same snapshot: when it has moved on
            // since, the newest event still shows the phase it logged (the next read shows the
            // later one), never the later phase under this event's number.
            if event.identifier == newest.identifier, record.storedPhase == event.phase,
                record.completionStatus == event.completionStatus
            {
                statuses.append((event.identifier, self.status(of: record, position: position)))
                continue
            }
            var then = record
            then.storedPhase = event.phase
            then.completionStatus = event.completionStatus
            then.completedDate = event.phase == .completed ? event.date : nil
            var reached = self.status(of: then, position: position)
            reached.date = event.date
            statuses.append((event.identifier, reached))
        }
        return statuses
    }
}
