import Foundation
import Geodesy

/// One booking, as ``RideRequestHandler/handle(_:)`` runs it inside the store's write
/// transaction (synchronous or async), and what the service learns once it is committed.
struct RideBookingAttempt: Sendable {
    let request: RideRequest
    let checked: RideService.Checked
    let service: RideService
    let date: Date

    /// The attempt for a request checked now, or the refusal that makes one pointless.
    static func vet(_ request: RideRequest, service: RideService) -> RideService.Vetted<RideBookingAttempt> {
        let date = service.now
        switch service.check(request, at: date) {
        case .refused(let response): return .refused(response)
        case .accepted(let checked): return .accepted(RideBookingAttempt(request: request, checked: checked, service: service, date: date))
        }
    }

    /// The response, and the rides written (to show in the service's view once committed).
    typealias Outcome = (response: RequestRideIntentResponse, written: [RideAssignments.Change])

    /// Under the write lock: the view brought up to date is exact until the commit.
    func book(_ tx: RideStoreTransaction) throws -> Outcome {
        service.sync(try tx.assignmentChanges(since: service.assignmentRevision))
        let vehicle: Vehicle
        switch service.choose(checked, at: date) {
        case .refused(let response): return (response, [])
        case .accepted(let (found, _)): vehicle = found
        }
        var written: [RideAssignments.Change] = []
        // The vehicle's previous ride has ended by its trip but is not yet marked so: settle it.
        if let old = service.finishedRide(of: vehicle.identifier, by: date),
            var record = try tx.ride(identifier: old)
        {
            let final = RideTimeline(record: record, rules: service.configuration.tracking).status(at: date)
            record.storedPhase = final.phase
            record.completionStatus = final.completionStatus
            record.completedDate = final.completionStatus == nil ? nil : final.date
            written.append(RideAssignments.Change(
                rideIdentifier: old, vehicleIdentifier: vehicle.identifier, isActive: final.phase.isActive,
                tripEnd: record.trip.endDate, revision: try tx.update(record, at: date)))
        }
        let record = try self.record(vehicle: vehicle)
        written.append(RideAssignments.Change(
            rideIdentifier: record.rideIdentifier, vehicleIdentifier: vehicle.identifier, isActive: true,
            tripEnd: record.trip.endDate, revision: try tx.insert(record, at: date)))
        return (RequestRideIntentResponse(code: .success, rideStatus: record.booking), written)
    }

    /// Committed: now the view may show what was written.
    func settle(_ outcome: Outcome) -> RequestRideIntentResponse {
        for change in outcome.written { service.record(change) }
        return outcome.response
    }

    /// The new ride: received, then confirmed with its vehicle.
    private func record(vehicle: Vehicle) throws -> RideRecord {
        let distance = Geodesic.wgs84.inverse(from: vehicle.position, to: checked.pickupCoordinate).distance
        return try RideRequestResolver(fleet: service.fleetSnapshot, places: service.places, configuration: service.configuration, now: date)
            .record(request, checked, vehicle: vehicle, distance: distance)
    }
}
