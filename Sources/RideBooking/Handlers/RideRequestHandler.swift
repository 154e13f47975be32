import Foundation

/// Handles a ride request in SiriKit's three stages, like an `INRequestRideIntentHandling`:
/// resolve each parameter, confirm, handle. Stateless: everything it knows is in its
/// ``RideService``, so it can be made anew for every request, in any process.
///
/// ```swift
/// let handler = RideRequestHandler(service: service)
/// var request = RideRequest(partySize: 2)
/// switch handler.resolvePickupLocation(for: request, current: current) {
/// case .confirmationRequired(let place): request.pickupLocation = place  // after asking
/// ...
/// }
/// let ready = try handler.confirm(request)   // .ready, or why not
/// let booked = try handler.handle(request)   // .success with the RideStatus
/// ```
public struct RideRequestHandler: Sendable {
    /// The service that holds the state.
    public let service: RideService

    public init(service: RideService) {
        self.service = service
    }

    // MARK: Resolve

    /// The pickup: from the current location when none is given, from the gazetteer when only
    /// named; see ``PlaceResolver``.
    public func resolvePickupLocation(for request: RideRequest, current: CurrentLocation) -> Resolution<Placemark> {
        RideRequestResolver(service: service).resolvePickupLocation(for: request, current: current)
    }

    /// The drop-off: see ``RideRequestResolver/resolveDropOffLocation(for:current:)``.
    public func resolveDropOffLocation(for request: RideRequest, current: CurrentLocation) -> Resolution<Placemark> {
        RideRequestResolver(service: service).resolveDropOffLocation(for: request, current: current)
    }

    /// The party size: see ``RideRequestResolver/resolvePartySize(for:)``.
    public func resolvePartySize(for request: RideRequest) -> Resolution<Int> {
        RideRequestResolver(service: service).resolvePartySize(for: request)
    }

    /// The ride option: see ``RideRequestResolver/resolveRideOptionName(for:)``.
    public func resolveRideOptionName(for request: RideRequest) -> Resolution<RideOption> {
        RideRequestResolver(service: service).resolveRideOptionName(for: request)
    }

    /// The payment method: see ``RideRequestResolver/resolvePaymentMethod(for:)``.
    public func resolvePaymentMethod(for request: RideRequest) -> Resolution<PaymentMethod> {
        RideRequestResolver(service: service).resolvePaymentMethod(for: request)
    }

    /// The scheduled pickup time: see ``RideRequestResolver/resolveScheduledPickupTime(for:)``.
    public func resolveScheduledPickupTime(for request: RideRequest) -> Resolution<Date> {
        RideRequestResolver(service: service).resolveScheduledPickupTime(for: request)
    }

    // MARK: Confirm

    /// Whether the request can be booked now: ``RequestRideIntentResponseCode/ready`` with the
    /// nearest free vehicle strictly within the service range; otherwise
    /// `failureRequiringAppLaunchNoServiceInArea` (no vehicle in range),
    /// `failureRequiringAppLaunchServiceTemporarilyUnavailable` (all in range busy),
    /// `failureRequiringAppLaunchRideScheduledTooFar`, or `failure` (parameters not resolved).
    /// Books nothing; `handle(_:)` checks again.
    public func confirm(_ request: RideRequest) throws(RideStoreError) -> RequestRideIntentResponse {
        let date = service.now
        switch service.check(request, at: date) {
        case .refused(let response):
            return response
        case .accepted(let checked):
            try service.sync()
            return quote(request, checked, at: date)
        }
    }

    /// Confirm's answer once the view of busy vehicles is up to date.
    func quote(_ request: RideRequest, _ checked: RideService.Checked, at date: Date) -> RequestRideIntentResponse {
        switch service.choose(checked, at: date) {
        case .refused(let response):
            return response
        case .accepted(let (vehicle, distance)):
            let trip = service.trip(
                for: vehicle, checked, dropOff: request.dropOffLocation?.coordinate, scheduled: request.scheduledPickupTime,
                at: date)
            let option = checked.rideOption ?? service.fleetSnapshot.rideOption(named: vehicle.rideOptionName)
            return RequestRideIntentResponse(
                code: .ready,
                quote: RideQuote(
                    vehicle: vehicle.rideVehicle(), driver: vehicle.driver, rideOption: option, distance: distance,
                    estimatedPickupDate: trip.pickupArrivalDate))
        }
    }

    // MARK: Handle

    /// Books the ride: in one store transaction, checks range and availability again (confirm's
    /// answer may be stale), assigns the nearest free vehicle and writes the ride, committed
    /// before this returns. ``RequestRideIntentResponseCode/success`` carries the
    /// ``RideStatus`` in ``RidePhase/confirmed``, with a new UUID as its identifier and
    /// estimatedPickupDate = now + distance / vehicle speed. Failures are confirm's.
    /// - Throws: ``RideStoreError`` when the store fails; nothing was booked then.
    public func handle(_ request: RideRequest) throws(RideStoreError) -> RequestRideIntentResponse {
        switch RideBookingAttempt.vet(request, service: service) {
        case .refused(let response): return response
        case .accepted(let attempt): return attempt.settle(try service.store.transaction { tx in try attempt.book(tx) })
        }
    }
}
