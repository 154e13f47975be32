import Foundation
import Geodesy
import LodestarInternals

/// The ride service: the ride flow of `RideBooking` over one ``RideBackend`` (SQLite or
/// PostgreSQL), the fleet the service offers, and the rules. Every client calls it: the
/// SiriKit-shaped handlers (``RideRequestHandler``, ``RideStatusHandler``, ``CancelRideHandler``,
/// ``ListRideOptionsHandler``), `lodestar ride` in process on the embedded SQLite store,
/// `lodestar serve`'s routes, and the load generator. Holds no ride state of its own: every ride,
/// position and token is in the store, so any number of services in any number of processes may
/// share one database.
///
/// - Booking is the store's atomic nearest-vehicle booking (`RideBackend/book(_:makeRecord:)`)
///   from the vehicles' reported positions.
/// - Confirm is the store's quote (`RideBackend.quote(_:)`): the vehicle a booking would take
///   at that moment, read without a lock that a booking waits for or skips.
/// - A report stores the position, then advances the vehicle's active ride by
///   ``ReportedRidePhases`` and writes each phase through `RideBackend/advance(rideIdentifier:to:completion:at:)`.
public final class RideService: Sendable {
    /// The store.
    public let store: any RideBackend
    /// `sqlite` or `postgresql`.
    public let databaseKind: String
    /// The ride options, capacities and speeds the service offers.
    public let fleet: Fleet
    /// Resolves pickups and drop-offs.
    public let places: PlaceResolver
    /// Service range, booking horizon, tracking rules.
    public let configuration: RideServiceConfiguration
    /// A vehicle whose last report is older than this is not booked, seconds (> 0).
    public let maximumReportAge: Double
    /// The most active rides one rider may hold, ``activeRideLimits`` (1...100).
    public let maximumActiveRides: Int
    /// The limits `maximumActiveRides` may take.
    public static let activeRideLimits = 1...100
    private let phases: ReportedRidePhases
    private let vehicles: [String: Vehicle]
    private let clock: @Sendable () -> Date

    /// - Parameters:
    ///   - store: the store, migrated.
    ///   - databaseKind: `sqlite` or `postgresql`.
    ///   - fleet: the vehicles (registered in the store by ``registerFleet()``).
    ///   - places: the gazetteer, pickup points and current-location rules; default London's.
    ///   - configuration: the service range, booking horizon and tracking rules.
    ///   - maximumReportAge: seconds; default 300.
    ///   - maximumActiveRides: the most active rides of one rider, 1...100 (clamped); default 1.
    ///   - now: the clock.
    public init(
        store: any RideBackend, databaseKind: String, fleet: Fleet, places: PlaceResolver = PlaceResolver(gazetteer: .london),
        configuration: RideServiceConfiguration = RideServiceConfiguration(), maximumReportAge: Double = 300,
        maximumActiveRides: Int = 1, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.maximumActiveRides = min(max(maximumActiveRides, Self.activeRideLimits.lowerBound), Self.activeRideLimits.upperBound)
        self.store = store
        self.databaseKind = databaseKind
        self.fleet = fleet
        self.places = places
        self.configuration = configuration
        self.maximumReportAge = maximumReportAge.isFinite && maximumReportAge > 0 ? maximumReportAge : 300
        phases = ReportedRidePhases(rules: configuration.tracking)
        vehicles = Dictionary(fleet.vehicles.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        clock = now
    }

    /// The service's current time.
    public var now: Date { clock() }

    /// The resolve steps, now.
    public var resolver: RideRequestResolver {
        RideRequestResolver(fleet: fleet, places: places, configuration: configuration, now: now)
    }

    /// Registers the fleet's vehicles in the store (their reported positions are kept).
    public func registerFleet() async throws {
        try await store.register(fleet.vehicles)
    }

    /// Whether the store answers and its data reads (`RideBackend.checkHealth()`).
    public func checkHealth() async throws {
        try await store.checkHealth()
    }

    // MARK: Intents

    /// Confirm: the vehicle a booking would take now, or why none (for a `rider`, also that it
    /// holds as many active rides as it may).
    public func confirm(_ request: RideRequest, rider: String? = nil) async throws -> RequestRideIntentResponse {
        let resolver = resolver
        let checked: CheckedRideRequest
        switch resolver.check(request) {
        case .failure(let refused): return refused.response
        case .success(let found): checked = found
        }
        // A quote, not a rolled-back booking: it locks nothing a booking needs.
        switch try await store.quote(order(checked, rider: rider, at: resolver.now)) {
        case .refused(let outcome):
            return refusal(outcome)
        case .available(let vehicle):
            let trip = resolver.trip(
                for: vehicle.vehicle, from: vehicle.position.coordinate, checked, dropOff: request.dropOffLocation?.coordinate,
                scheduled: request.scheduledPickupTime)
            return RequestRideIntentResponse(
                code: .ready,
                quote: RideQuote(
                    vehicle: vehicle.vehicle.rideVehicle(), driver: vehicle.vehicle.driver,
                    rideOption: checked.rideOption ?? fleet.rideOption(named: vehicle.vehicle.rideOptionName),
                    distance: vehicle.distance, estimatedPickupDate: trip.pickupArrivalDate))
        }
    }

    /// Handle: books the ride for `rider` (nil in process: no limit on active rides).
    public func book(_ request: RideRequest, rider: String?) async throws -> RequestRideIntentResponse {
        let resolver = resolver
        let checked: CheckedRideRequest
        switch resolver.check(request) {
        case .failure(let refused): return refused.response
        case .success(let found): checked = found
        }
        let outcome = try await store.book(order(checked, rider: rider, at: resolver.now)) { vehicle in
            try resolver.record(request, checked, vehicle: vehicle.vehicle, distance: vehicle.distance)
        }
        guard case .booked(let record) = outcome else { return refusal(outcome) }
        return RequestRideIntentResponse(code: .success, rideStatus: status(of: record, position: nil))
    }

    /// The ride's status now and who booked it; nil for an unknown identifier.
    public func ride(_ identifier: String) async throws -> (status: RideStatus, rider: String?)? {
        guard let record = try await store.ride(identifier: identifier) else { return nil }
        return (try await status(of: record), record.rider)
    }

    /// Rides newest first: `rider`'s, or every ride for nil; with `activeOnly`, those of the
    /// newest `limit` that are not completed.
    public func rides(rider: String?, activeOnly: Bool, limit: Int) async throws -> [RideStatus] {
        var statuses: [RideStatus] = []
        for record in try await store.rides(rider: rider, limit: limit) where !activeOnly || record.storedPhase != .completed {
            statuses.append(try await status(of: record))
        }
        return statuses
    }

    /// Cancels the ride: success from confirmed through pickup; failure once ongoing or completed.
    public func cancel(_ identifier: String) async throws -> CancelRideIntentResponse {
        switch try await store.cancel(rideIdentifier: identifier, rider: nil, at: now) {
        case .notFound:
            return CancelRideIntentResponse(code: .failure, failureReason: "no ride \(identifier)")
        case .updated(let record):
            return CancelRideIntentResponse(code: .success, rideStatus: try await status(of: record))
        case .refused(let record):
            let status = try await status(of: record)
            let why =
                status.phase == .completed
                ? "the ride is already completed (\(status.completionStatus?.rawValue ?? "completed"))"
                : "the ride is \(status.phase): the rider is aboard"
            return CancelRideIntentResponse(code: .failure, rideStatus: status, failureReason: why)
        }
    }

    /// The ride options; with a pickup, each with when a free vehicle of it could be there.
    public func options(pickup: Coordinate?) async throws -> ListRideOptionsIntentResponse {
        guard let pickup else { return ListRideOptionsIntentResponse(code: .success, rideOptions: fleet.rideOptions) }
        let date = now
        var options: [RideOption] = []
        var outcomes: [RequestRideIntentResponseCode] = []
        for var option in fleet.rideOptions {
            let request = RideRequest(pickupLocation: Placemark(coordinate: pickup), rideOptionName: option.name, partySize: 1)
            let answer = try await confirm(request)
            outcomes.append(answer.code)
            if answer.code == .ready, let quote = answer.quote { option.estimatedPickupDate = quote.estimatedPickupDate }
            options.append(option)
        }
        let code: ListRideOptionsIntentResponseCode =
            outcomes.contains(.ready)
            ? .success
            : outcomes.contains(.failureRequiringAppLaunchServiceTemporarilyUnavailable)
                ? .failureRequiringAppLaunchServiceTemporarilyUnavailable : .failureRequiringAppLaunchNoServiceInArea
        return ListRideOptionsIntentResponse(code: code, rideOptions: options, expirationDate: date.addingTimeInterval(60))
    }

    // MARK: Vehicles

    /// Whether the fleet has a vehicle with this identifier.
    public func hasVehicle(_ identifier: String) -> Bool { vehicles[identifier] != nil }

    /// Stores the positions, in order, then advances each reporting vehicle's active ride from
    /// its newest report here; the rides after the reports, one per vehicle that has one.
    public func report(_ positions: [ReportedPosition]) async throws -> [VehicleRideProgress] {
        guard !positions.isEmpty else { return [] }
        _ = try await store.reportPositions(
            positions.map {
                VehicleReport(
                    vehicleIdentifier: $0.vehicleIdentifier, coordinate: $0.coordinate, course: $0.course, speed: $0.speed,
                    date: $0.timestamp)
            })
        var newest: [String: ReportedPosition] = [:]
        var order: [String] = []
        for p in positions {
            if newest[p.vehicleIdentifier] == nil { order.append(p.vehicleIdentifier) }
            if let seen = newest[p.vehicleIdentifier], seen.timestamp > p.timestamp { continue }
            newest[p.vehicleIdentifier] = p
        }
        // The reporting vehicles' active rides in one read; only those rides are advanced, each on
        // its own, up to `lookups` at once, so that a batch waits for the slowest few round trips
        // to the database, not for their sum.
        let rides = Dictionary(
            try await store.activeRides(vehicleIdentifiers: order).map { ($0.vehicle.identifier, $0) },
            uniquingKeysWith: { a, _ in a })
        let work = order.compactMap { id in newest[id].map { (id, $0, rides[id]) } }
        var progress = [VehicleRideProgress?](repeating: nil, count: work.count)
        try await withThrowingTaskGroup(of: (Int, VehicleRideProgress).self) { group in
            var next = 0
            func start() {
                while next < work.count {
                    let (index, (identifier, position, ride)) = (next, work[next])
                    next += 1
                    guard let ride else {
                        progress[index] = VehicleRideProgress(vehicleIdentifier: identifier)
                        continue
                    }
                    group.addTask { (index, try await self.advance(ride, position)) }
                    return
                }
            }
            for _ in 0..<min(Self.lookups, work.count) { start() }
            while let (index, done) = try await group.next() {
                progress[index] = done
                start()
            }
        }
        return progress.compactMap { $0 }
    }

    /// How many vehicles' rides one report advances at once.
    static let lookups = 16

    /// Advances the vehicle's active ride by one report.
    private func advance(_ ride: RideRecord, _ position: ReportedPosition) async throws -> VehicleRideProgress {
        let identifier = ride.vehicle.identifier
        var record = ride
        for phase in transitions(of: record, position) {
            let completion: RideCompletionStatus? = phase == .completed ? .completed : nil
            switch try await store.advance(
                rideIdentifier: record.rideIdentifier, to: phase, completion: completion, at: position.timestamp)
            {
            case .updated(let updated): record = updated
            case .refused(let current): record = current
            case .notFound: return VehicleRideProgress(vehicleIdentifier: identifier)
            }
        }
        return VehicleRideProgress(
            vehicleIdentifier: identifier, rideIdentifier: record.rideIdentifier, phase: record.storedPhase)
    }

    /// The status `record` would have after its vehicle's `reports` (oldest first), worked out in
    /// memory by the rules of ``report(_:)``, writing nothing: for a store opened read-only.
    public func projectedStatus(of record: RideRecord, after reports: [ReportedPosition]) async throws -> RideStatus {
        guard let last = reports.last else { return try await status(of: record) }
        var record = record
        for report in reports {
            for phase in transitions(of: record, report) {
                record =
                    record.advanced(to: phase, completion: phase == .completed ? .completed : nil, at: report.timestamp) ?? record
            }
        }
        return status(of: record, position: last)
    }

    /// The phases one report of the ride's vehicle moves the ride through (``ReportedRidePhases``).
    private func transitions(of record: RideRecord, _ position: ReportedPosition) -> [RidePhase] {
        phases.transitions(
            from: record.storedPhase, pickup: record.trip.pickup, dropOff: record.booking.dropOffLocation?.coordinate,
            position: position, nominalSpeed: vehicles[position.vehicleIdentifier]?.speed)
    }

    // MARK: Helpers

    private func order(_ checked: CheckedRideRequest, rider: String?, at date: Date) -> RideBookingOrder {
        RideBookingOrder(
            rider: rider, pickup: checked.pickupCoordinate, partySize: checked.partySize,
            rideOptionName: checked.rideOption?.name,
            // The stores book within their range inclusive; the service's range is exclusive (a
            // vehicle at exactly the range is out of it): the largest double below it.
            range: configuration.serviceRange.nextDown, reportedSince: date.addingTimeInterval(-maximumReportAge), date: date,
            maximumActiveRides: rider == nil ? nil : maximumActiveRides)
    }

    private func refusal(_ outcome: RideBookingOutcome) -> RequestRideIntentResponse {
        let range = configuration.serviceRange
        let within = range >= 1000 ? "\((range / 100).rounded() / 10) km" : "\(WholeNumber.text(range)) m"
        switch outcome {
        case .booked(let record):
            return RequestRideIntentResponse(code: .success, rideStatus: status(of: record, position: nil))
        case .noVehicleInRange:
            return RequestRideIntentResponse(
                code: .failureRequiringAppLaunchNoServiceInArea, failureReason: "no vehicle within \(within) of the pickup")
        case .noVehicleAvailable:
            return RequestRideIntentResponse(
                code: .failureRequiringAppLaunchServiceTemporarilyUnavailable,
                failureReason: "every vehicle within \(within) of the pickup is busy")
        case .previousRideNeedsCompletion(let active):
            return RequestRideIntentResponse(
                code: .failureRequiringAppLaunchPreviousRideNeedsCompletion,
                failureReason:
                    "the rider has \(active) active \(active == 1 ? "ride" : "rides") (at most \(maximumActiveRides)): one must complete or be cancelled first"
            )
        }
    }

    /// The status the store's record and the vehicle's last report give.
    public func status(of record: RideRecord) async throws -> RideStatus {
        status(of: record, position: try await lastReport(of: record))
    }

    /// The last position the ride's vehicle reported; nil when it never did.
    package func lastReport(of record: RideRecord) async throws -> ReportedPosition? {
        let tracked = try await store.vehicle(identifier: record.vehicle.identifier)
        return tracked?.position.map {
            ReportedPosition(
                vehicleIdentifier: record.vehicle.identifier, coordinate: $0.coordinate, timestamp: $0.date, speed: $0.speed,
                course: $0.course)
        }
    }

    /// The status of `record` with its vehicle at `position`.
    package func status(of record: RideRecord, position: ReportedPosition?) -> RideStatus {
        StoredRideStatus.status(of: record, position: position, nominalSpeed: record.vehicle.speed)
    }
}
