import Foundation
import Geodesy

/// Vehicles without a receiver: each drives its ride's ``Trip`` and reports where the trip puts
/// it through ``RideService/report(_:)``, the path a real vehicle's reports take, so that its
/// ride's phases advance by the same rules (``ReportedRidePhases``) in process as on a ride
/// service. `lodestar ride` without `--server` reports the fleet before it confirms, books or
/// cancels, and a ride's vehicle before it shows the ride; `lodestar serve --simulate-fleet`
/// reports every second.
///
/// Between two reports far apart (a command run minutes after the last), a vehicle also reports
/// the trip's milestones it has passed since its last report (at the pickup, just away from
/// it, at the drop-off), each on its own, so that no phase is skipped. An open ride (no drop-off)
/// is completed when its trip ends, as its driver would end it.
public struct SimulatedFleet: Sendable {
    /// The service the reports go through.
    public let service: RideService
    /// Where each vehicle that is not on a ride stands: its stand until a ride takes it elsewhere.
    public private(set) var positions: [String: Coordinate]

    public init(service: RideService) {
        self.service = service
        positions = Dictionary(
            service.fleet.vehicles.map { ($0.identifier, $0.position) }, uniquingKeysWith: { first, _ in first })
    }

    /// Reports every vehicle of the fleet at `date`: those on an active ride where their trips put
    /// them (after the milestones passed since their last reports), and, with `idle`, the others
    /// where they stand, in batches of at most 1,000.
    /// - Returns: the identifiers of the vehicles on active rides.
    @discardableResult
    public mutating func report(at date: Date, idle: Bool = true) async throws -> Set<String> {
        var moving: Set<String> = []
        for record in try await service.store.rides(rider: nil, limit: RideBackendSchema.maximumListLimit)
        where record.storedPhase != .completed {
            moving.insert(record.vehicle.identifier)
            try await drive(record, to: date)
        }
        guard idle else { return moving }
        let standing = positions.filter { !moving.contains($0.key) }.sorted { $0.key < $1.key }.map {
            ReportedPosition(vehicleIdentifier: $0.key, coordinate: $0.value, timestamp: date, speed: 0)
        }
        var start = standing.startIndex
        while start < standing.endIndex {
            let end = min(start + 1000, standing.endIndex)
            _ = try await service.report(Array(standing[start..<end]))
            start = end
        }
        return moving
    }

    /// Reports where the ride's vehicle is at `date`, after the milestones it has passed since its
    /// last report, one report each; completes an open ride whose trip has ended.
    public mutating func drive(_ record: RideRecord, to date: Date) async throws {
        for report in try await reports(for: record, through: date) {
            _ = try await service.report([report])
            positions[report.vehicleIdentifier] = report.coordinate
        }
        if record.booking.dropOffLocation == nil, date >= record.trip.endDate,
            let current = try await service.store.ride(identifier: record.rideIdentifier), current.storedPhase == .ongoing
        {
            _ = try await service.store.advance(
                rideIdentifier: record.rideIdentifier, to: .completed, completion: .completed, at: date)
        }
    }

    /// The ride's status at `date` as its vehicle's reports make it (see
    /// the method below, which takes the ride); nil for an unknown identifier.
    public mutating func status(of rideIdentifier: String, at date: Date, writing: Bool) async throws -> RideStatus? {
        guard let record = try await service.store.ride(identifier: rideIdentifier) else { return nil }
        return try await status(of: record, at: date, writing: writing)
    }

    /// The ride's status at `date` as its vehicle's reports make it. With `writing`, the vehicle
    /// reports (``drive(_:to:)``) and the status is the store's; without (a store opened
    /// read-only), the same reports are applied to the ride in memory
    /// (``RideService/projectedStatus(of:after:)``) and nothing is written.
    public mutating func status(of record: RideRecord, at date: Date, writing: Bool) async throws -> RideStatus {
        guard record.storedPhase != .completed else { return try await service.status(of: record) }
        guard writing else { return try await service.projectedStatus(of: record, after: reports(for: record, through: date)) }
        try await drive(record, to: date)
        if let current = try await service.ride(record.rideIdentifier) { return current.status }
        return try await service.status(of: record)
    }

    /// The reports the ride's vehicle makes through `date`: the trip's milestones after its last
    /// stored report, then where it is at `date` (unless it has reported at or after `date`).
    func reports(for record: RideRecord, through date: Date) async throws -> [ReportedPosition] {
        let identifier = record.vehicle.identifier
        let last = try await service.store.vehicle(identifier: identifier)?.position?.date ?? .distantPast
        let trip = record.trip
        // Just away from the pickup: twice the exit radius along the second leg (or its end).
        let leaving = trip.pickupDepartureDate.addingTimeInterval(
            min(trip.dropOffDistance, 2 * service.configuration.tracking.pickupExitRadius) / trip.speed)
        let times = [trip.pickupArrivalDate, leaving, trip.endDate].filter { $0 < date } + [date]
        return times.filter { $0 > last }.map { time in
            let (coordinate, course, speed) = trip.position(at: time)
            return ReportedPosition(
                vehicleIdentifier: identifier, coordinate: coordinate, timestamp: time, speed: speed, course: course)
        }
    }
}
