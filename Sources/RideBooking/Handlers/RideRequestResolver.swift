import Foundation
import Geodesy

/// The resolve steps of a ride request and the checks confirm and handle share, over a fleet,
/// a place resolver and the rules, at one moment: what ``RideRequestHandler`` does before it
/// touches a store. A ride service whose store is not a `RideStore` (PostgreSQL) resolves with
/// it directly.
public struct RideRequestResolver: Sendable {
    /// The vehicles' ride options and capacities.
    public var fleet: Fleet
    /// Resolves pickups and drop-offs.
    public var places: PlaceResolver
    /// The rules.
    public var configuration: RideServiceConfiguration
    /// The moment the request is resolved at.
    public var now: Date

    public init(fleet: Fleet, places: PlaceResolver, configuration: RideServiceConfiguration, now: Date) {
        self.fleet = fleet
        self.places = places
        self.configuration = configuration
        self.now = now
    }

    /// The pickup: from the current location when none is given, from the gazetteer when only
    /// named; see ``PlaceResolver``.
    public func resolvePickupLocation(for request: RideRequest, current: CurrentLocation) -> Resolution<Placemark> {
        places.resolvePickup(request.pickupLocation, current: current)
    }

    /// The drop-off: none → ``Resolution/notRequired``; otherwise like a given pickup.
    public func resolveDropOffLocation(for request: RideRequest, current: CurrentLocation) -> Resolution<Placemark> {
        places.resolveDropOff(request.dropOffLocation, current: current)
    }

    /// The party size: nil → needsValue; 1...capacity → success; above → unsupported(exceeds
    /// capacity; an empty fleet → unsupported(empty fleet)); 0 or less → unsupported. Capacity is
    /// the largest vehicle of the requested ride option (of any option when none, or an unknown
    /// one, is requested).
    public func resolvePartySize(for request: RideRequest) -> Resolution<Int> {
        guard let size = request.partySize else { return .needsValue }
        guard size >= 1 else { return .unsupported(.invalidPartySize(size)) }
        let option = request.rideOptionName.flatMap { fleet.rideOption(named: $0) }?.name
        let capacity = fleet.largestCapacity(rideOptionName: option)
        guard capacity > 0 else { return .unsupported(.emptyFleet(rideOptionName: option)) }
        guard size <= capacity else { return .unsupported(.exceedsCapacity(partySize: size, capacity: capacity)) }
        return .success(size)
    }

    /// The ride option: none → notRequired (any vehicle that fits); a known name → success;
    /// an unknown name → unsupported.
    public func resolveRideOptionName(for request: RideRequest) -> Resolution<RideOption> {
        guard let name = request.rideOptionName else { return .notRequired }
        guard let option = fleet.rideOption(named: name) else { return .unsupported(.unknownRideOption(name)) }
        return .success(option)
    }

    /// The payment method: none → notRequired (the account's default); any given → success.
    public func resolvePaymentMethod(for request: RideRequest) -> Resolution<PaymentMethod> {
        request.paymentMethod.map { .success($0) } ?? .notRequired
    }

    /// The scheduled pickup time: none → notRequired (as soon as possible); more than
    /// ``RideServiceConfiguration/scheduledTimeTolerance`` in the past → unsupported; otherwise
    /// success. A time beyond the booking horizon resolves, and confirm refuses it with
    /// ``RequestRideIntentResponseCode/failureRequiringAppLaunchRideScheduledTooFar``.
    public func resolveScheduledPickupTime(for request: RideRequest) -> Resolution<Date> {
        guard let time = request.scheduledPickupTime else { return .notRequired }
        guard time.timeIntervalSince(now) >= -configuration.scheduledTimeTolerance else {
            return .unsupported(.scheduledInPast)
        }
        return .success(time)
    }

    /// What confirm and handle check before any vehicle is sought: the request as booked, or the
    /// failure response (a pickup time beyond the booking horizon; a pickup time that has passed,
    /// a pickup without a coordinate, a party size below 1 or an unknown ride option:
    /// ``RequestRideIntentResponseCode/failure``).
    public func check(_ request: RideRequest) -> Result<CheckedRideRequest, RefusedRideRequest> {
        if let time = request.scheduledPickupTime, time.timeIntervalSince(now) > configuration.bookingHorizon {
            return .failure(
                RefusedRideRequest(
                    response: RequestRideIntentResponse(
                        code: .failureRequiringAppLaunchRideScheduledTooFar,
                        failureReason: "the pickup time is more than \(Int(configuration.bookingHorizon / 86_400)) days ahead")))
        }
        if let time = request.scheduledPickupTime, time.timeIntervalSince(now) < -configuration.scheduledTimeTolerance {
            return .failure(
                RefusedRideRequest(
                    response: RequestRideIntentResponse(
                        code: .failure, failureReason: "the scheduled pickup time has passed")))
        }
        guard let pickup = request.pickupLocation, let coordinate = pickup.coordinate else {
            return .failure(
                RefusedRideRequest(
                    response: RequestRideIntentResponse(code: .failure, failureReason: "the pickup is not resolved")))
        }
        guard let party = request.partySize, party >= 1 else {
            return .failure(
                RefusedRideRequest(
                    response: RequestRideIntentResponse(code: .failure, failureReason: "the party size is not resolved")))
        }
        var option: RideOption?
        if let name = request.rideOptionName {
            guard let found = fleet.rideOption(named: name) else {
                return .failure(
                    RefusedRideRequest(
                        response: RequestRideIntentResponse(code: .failure, failureReason: "no ride option named '\(name)'")))
            }
            option = found
        }
        return .success(CheckedRideRequest(pickup: pickup, pickupCoordinate: coordinate, partySize: party, rideOption: option))
    }
}

extension RideRequestResolver {
    /// The trip a vehicle makes for a checked request booked now: from `start` (its stand, or
    /// where it last reported) to the pickup, then to the drop-off, or without one for
    /// ``RideServiceConfiguration/openRideDuration`` on along its heading.
    public func trip(
        for vehicle: Vehicle, from start: Coordinate, _ checked: CheckedRideRequest, dropOff: Coordinate?, scheduled: Date?
    ) -> Trip {
        let pickup = checked.pickupCoordinate
        let toPickup = Geodesic.wgs84.inverse(from: start, to: pickup)
        let travel = toPickup.distance / vehicle.speed
        let departure = scheduled.map { max(now, $0.addingTimeInterval(-travel)) } ?? now
        let end =
            dropOff
            ?? ((try? Geodesic.wgs84.destination(
                from: pickup, azimuth: toPickup.finalAzimuth.isFinite ? toPickup.finalAzimuth : 0,
                distance: vehicle.speed * configuration.openRideDuration)) ?? pickup)
        return Trip(
            start: start, pickup: pickup, dropOff: end, speed: vehicle.speed, departureDate: departure,
            boardingDuration: configuration.tracking.boardingDuration)
    }

    /// The new ride for a request booked now with `vehicle` (whose `position` and `course` are
    /// where it starts from): received, then confirmed, with a new UUID as its identifier.
    /// - Parameters:
    ///   - request: the request as the rider made it.
    ///   - checked: the request as ``check(_:)`` accepted it.
    ///   - vehicle: the vehicle booked.
    ///   - distance: the vehicle's distance to the pickup, metres.
    public func record(
        _ request: RideRequest, _ checked: CheckedRideRequest, vehicle: Vehicle, distance: Double
    ) throws(RidePhaseError) -> RideRecord {
        let trip = trip(
            for: vehicle, from: vehicle.position, checked, dropOff: request.dropOffLocation?.coordinate,
            scheduled: request.scheduledPickupTime)
        var status = RideStatus(
            rideIdentifier: UUID().uuidString, bookedDate: now, date: now, vehicle: vehicle.rideVehicle(),
            driver: vehicle.driver, estimatedPickupDate: trip.pickupArrivalDate,
            estimatedDropOffDate: request.dropOffLocation?.coordinate == nil ? nil : trip.endDate,
            pickupLocation: checked.pickup, dropOffLocation: request.dropOffLocation,
            rideOption: checked.rideOption ?? fleet.rideOption(named: vehicle.rideOptionName),
            partySize: checked.partySize, scheduledPickupTime: request.scheduledPickupTime, distanceRemaining: distance)
        try status.advance(to: .confirmed)
        return RideRecord(booking: status, vehicle: vehicle, trip: trip)
    }
}

/// A request that confirm and handle may look for a vehicle for: its pickup has a coordinate,
/// its party size is at least 1, its ride option (if any) exists.
public struct CheckedRideRequest: Sendable, Hashable {
    /// The pickup.
    public var pickup: Placemark
    /// The pickup's coordinate.
    public var pickupCoordinate: Coordinate
    /// Riders, ≥ 1.
    public var partySize: Int
    /// The ride option asked for; nil for any.
    public var rideOption: RideOption?
}

/// Why a request cannot be booked whatever the fleet: the response to give.
public struct RefusedRideRequest: Error, Sendable, Hashable {
    public var response: RequestRideIntentResponse
}
