import Foundation
import Geodesy
import Lodestar

/// Follows one ride from the vehicle's locations and publishes its status: on every phase change
/// and at least every ``RideTrackingRules/statusInterval`` seconds, always with the same
/// ``RideStatus/rideIdentifier``.
///
/// - confirmed → approachingPickup: the vehicle is within ``RideTrackingRules/approachDistance``
///   of the pickup, or its ETA (distance / speed) is at most ``RideTrackingRules/approachTime``.
/// - → pickup: Lodestar's `ArrivalMonitor` declares arrival at the pickup: inside the entry
///   radius (with the dwell, if any). Its hysteresis keeps a vehicle jittering at the edge from
///   arriving twice; the phase never goes back in any case.
/// - pickup → ongoing: the rider has had ``RideTrackingRules/boardingDuration`` seconds to board.
/// - ongoing → completed(completed): a second arrival monitor declares arrival at the drop-off.
///
/// Time is the locations' own timestamps (and the dates given to ``tick(at:)``), never the wall
/// clock, so a replayed or simulated ride gives the same updates on every run.
public struct RideTracker: Sendable {
    /// The latest status.
    public private(set) var status: RideStatus
    /// The rules.
    public let rules: RideTrackingRules
    private var pickupMonitor: ArrivalMonitor
    private var dropOffMonitor: ArrivalMonitor?
    private var lastPublished: Date
    private var pickupArrival: Date?
    private var speed: Double?

    /// - Parameters:
    ///   - status: the ride as booked, in ``RidePhase/confirmed`` (or later); its
    ///     ``RideStatus/date`` counts as the first update.
    ///   - pickup: where the vehicle picks the rider up.
    ///   - dropOff: where the ride ends; nil when only `finish(at:)` will end it.
    ///   - vehicleSpeed: the speed for the ETA when a location carries none, m/s.
    ///   - rules: thresholds and the status interval.
    public init(
        status: RideStatus, pickup: Coordinate, dropOff: Coordinate?, vehicleSpeed: Double? = nil,
        rules: RideTrackingRules = RideTrackingRules()
    ) {
        self.status = status
        self.rules = rules
        pickupMonitor = ArrivalMonitor(region: rules.pickupRegion(at: pickup))
        dropOffMonitor = dropOff.map { ArrivalMonitor(region: rules.dropOffRegion(at: $0)) }
        lastPublished = status.date
        speed = vehicleSpeed
    }

    /// Feeds one location of the vehicle. Returns the statuses to publish, oldest first: one per
    /// phase change, or one heartbeat when the last went out ``RideTrackingRules/statusInterval``
    /// seconds ago or more, or none.
    public mutating func update(vehicle location: Location) -> [RideStatus] {
        guard status.phase != .completed else { return [] }
        let time = location.timestamp
        status.date = time
        status.vehicle?.location = location.coordinate
        status.vehicle?.course = location.course
        let speed = location.speed.flatMap { $0 > 0 ? $0 : nil } ?? self.speed
        var published: [RideStatus] = []
        func enter(_ phase: RidePhase) {
            do throws(RidePhaseError) {
                try status.advance(to: phase)
                published.append(status)
            } catch {
                // The checks below only ask for allowed transitions; nothing to publish otherwise.
            }
        }

        let toPickup = location.distance(from: pickupMonitor.region.destination)
        let arrival = pickupMonitor.update(location, distance: toPickup)
        switch status.phase {
        case .confirmed, .approachingPickup:
            status.distanceRemaining = toPickup
            if let speed, toPickup > 0 { status.estimatedPickupDate = time.addingTimeInterval(toPickup / speed) }
            if case .arrived = arrival {
                pickupArrival = time
                status.estimatedPickupDate = time
                enter(.pickup)
            } else if status.phase == .confirmed,
                toPickup <= rules.approachDistance || (speed.map { toPickup / $0 <= rules.approachTime } ?? false)
            {
                enter(.approachingPickup)
            }
        case .pickup:
            status.distanceRemaining = toPickup
            boardIfDue(at: time, into: &published)
        case .ongoing:
            if var monitor = dropOffMonitor {
                let toDropOff = location.distance(from: monitor.region.destination)
                status.distanceRemaining = toDropOff
                if let speed { status.estimatedDropOffDate = time.addingTimeInterval(toDropOff / speed) }
                if case .arrived = monitor.update(location, distance: toDropOff) {
                    status.estimatedDropOffDate = time
                    status.distanceRemaining = 0
                    complete(.completed, into: &published)
                }
                dropOffMonitor = monitor
            }
        case .received, .completed, .unknown:
            break
        }
        return finishUpdate(at: time, published)
    }

    /// Advances time without a new location (a silent vehicle, a rider waiting): boards the rider
    /// when the boarding time is up and sends the heartbeat when one is due.
    public mutating func tick(at date: Date) -> [RideStatus] {
        guard status.phase != .completed, date >= status.date else { return [] }
        status.date = date
        var published: [RideStatus] = []
        if status.phase == .pickup { boardIfDue(at: date, into: &published) }
        return finishUpdate(at: date, published)
    }

    /// Cancels the ride at `date` for the user: completed(canceledByUser).
    /// - Throws: ``RidePhaseError`` when the ride is ongoing or completed.
    public mutating func cancel(at date: Date) throws(RidePhaseError) -> RideStatus {
        try status.complete(.canceledByUser)
        status.date = max(date, status.date)
        lastPublished = status.date
        return status
    }

    /// Ends an ongoing ride at `date` with the given completion status (the driver ends it).
    /// - Throws: ``RidePhaseError`` unless the ride is ongoing (or the status is a cancellation
    ///   from a cancelable phase).
    public mutating func finish(at date: Date, _ completion: RideCompletionStatus = .completed) throws(RidePhaseError)
        -> RideStatus
    {
        try status.complete(completion)
        status.date = max(date, status.date)
        lastPublished = status.date
        return status
    }

    private mutating func boardIfDue(at time: Date, into published: inout [RideStatus]) {
        guard let arrival = pickupArrival ?? (status.phase == .pickup ? status.estimatedPickupDate : nil),
            time.timeIntervalSince(arrival) >= rules.boardingDuration
        else { return }
        do throws(RidePhaseError) {
            try status.advance(to: .ongoing)
            published.append(status)
        } catch {
            // Only reached from pickup, where ongoing is allowed.
        }
    }

    private mutating func complete(_ completion: RideCompletionStatus, into published: inout [RideStatus]) {
        do throws(RidePhaseError) {
            try status.complete(completion)
            published.append(status)
        } catch {
            // Only reached from ongoing, where completion is allowed.
        }
    }

    private mutating func finishUpdate(at time: Date, _ published: [RideStatus]) -> [RideStatus] {
        if !published.isEmpty {
            lastPublished = time
            return published
        }
        guard time.timeIntervalSince(lastPublished) >= rules.statusInterval else { return [] }
        lastPublished = time
        return [status]
    }
}
