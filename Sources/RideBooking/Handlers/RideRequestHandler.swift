import Foundation

/// Handles a ride request in SiriKit's three stages, like an `INRequestRideIntentHandling`:
/// resolve each parameter, confirm, handle. Stateless: everything it knows is in its
/// ``RideService`` (and the service's store), so it can be made anew for every request, in any
/// process.
///
/// ```swift
/// let handler = RideRequestHandler(service: service)
/// var request = RideRequest(partySize: 2)
/// switch handler.resolvePickupLocation(for: request, current: current) {
/// case .confirmationRequired(let place): request.pickupLocation = place  // after asking
/// ...
/// }
/// let ready = try await handler.confirm(request)   // .ready, or why not
/// let booked = try await handler.handle(request)   // .success with the RideStatus
/// ```
public struct RideRequestHandler: Sendable {
    /// The service that holds the state.
    public let service: RideService
    /// Who books: the rider's name on a ride service, nil in process (no limit on active rides).
    public let rider: String?

    public init(service: RideService, rider: String? = nil) {
        self.service = service
        self.rider = rider
    }

    // MARK: Resolve

    /// The pickup: from the current location when none is given, from the gazetteer when only
    /// named; see ``PlaceResolver``.
    public func resolvePickupLocation(for request: RideRequest, current: CurrentLocation) -> Resolution<Placemark> {
        service.resolver.resolvePickupLocation(for: request, current: current)
    }

    /// The drop-off: see ``RideRequestResolver/resolveDropOffLocation(for:current:)``.
    public func resolveDropOffLocation(for request: RideRequest, current: CurrentLocation) -> Resolution<Placemark> {
        service.resolver.resolveDropOffLocation(for: request, current: current)
    }

    /// The party size: see ``RideRequestResolver/resolvePartySize(for:)``.
    public func resolvePartySize(for request: RideRequest) -> Resolution<Int> {
        service.resolver.resolvePartySize(for: request)
    }

    /// The ride option: see ``RideRequestResolver/resolveRideOptionName(for:)``.
    public func resolveRideOptionName(for request: RideRequest) -> Resolution<RideOption> {
        service.resolver.resolveRideOptionName(for: request)
    }

    /// The payment method: see ``RideRequestResolver/resolvePaymentMethod(for:)``.
    public func resolvePaymentMethod(for request: RideRequest) -> Resolution<PaymentMethod> {
        service.resolver.resolvePaymentMethod(for: request)
    }

    /// The scheduled pickup time: see ``RideRequestResolver/resolveScheduledPickupTime(for:)``.
    public func resolveScheduledPickupTime(for request: RideRequest) -> Resolution<Date> {
        service.resolver.resolveScheduledPickupTime(for: request)
    }

    // MARK: Confirm and handle

    /// Whether the request can be booked now: ``RequestRideIntentResponseCode/ready`` with the
    /// nearest free vehicle (by the positions the vehicles reported) strictly within the service
    /// range; otherwise `failureRequiringAppLaunchNoServiceInArea` (no vehicle in range),
    /// `failureRequiringAppLaunchServiceTemporarilyUnavailable` (all in range busy),
    /// `failureRequiringAppLaunchRideScheduledTooFar`, or `failure` (parameters not resolved).
    /// Books nothing; `handle(_:)` checks again. See ``RideService/confirm(_:rider:)``.
    /// - Throws: ``RideStoreError`` when the store fails.
    public func confirm(_ request: RideRequest) async throws -> RequestRideIntentResponse {
        try await service.confirm(request, rider: rider)
    }

    /// Books the ride in one store transaction (range and availability are checked again:
    /// confirm's answer may be stale), committed before this returns.
    /// ``RequestRideIntentResponseCode/success`` carries the ``RideStatus`` in
    /// ``RidePhase/confirmed``, with a new UUID as its identifier and estimatedPickupDate = now +
    /// distance / vehicle speed. Failures are confirm's. See ``RideService/book(_:rider:)``.
    /// - Throws: ``RideStoreError`` when the store fails; nothing was booked then.
    public func handle(_ request: RideRequest) async throws -> RequestRideIntentResponse {
        try await service.book(request, rider: rider)
    }
}
