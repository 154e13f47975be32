import Foundation
import Geodesy
import Synchronization

/// The state behind the ride handlers: the fleet and its index, the ride store, the place
/// resolver, the rules and the clock. The handlers (``RideRequestHandler``, ``RideStatusHandler``,
/// ``CancelRideHandler``, ``ListRideOptionsHandler``) hold nothing but a reference to it.
///
/// Which vehicles are on rides is read from the store inside each operation, so any number of
/// services in any number of processes can share one store.
public final class RideService: Sendable {
    /// The store.
    public let store: RideStore
    /// Resolves pickups and drop-offs.
    public let places: PlaceResolver
    /// The rules.
    public let configuration: RideServiceConfiguration
    private let fleet: Mutex<Fleet>
    private let clock: @Sendable () -> Date

    /// - Parameters:
    ///   - fleet: the vehicles.
    ///   - store: where rides are kept.
    ///   - places: gazetteer, pickup points and the current-location rules.
    ///   - configuration: service range, booking horizon, tracking rules.
    ///   - now: the clock; `Date.init` for the wall clock, a fixed or stepped date in tests.
    public init(
        fleet: Fleet, store: RideStore, places: PlaceResolver = PlaceResolver(),
        configuration: RideServiceConfiguration = RideServiceConfiguration(), now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.fleet = Mutex(fleet)
        self.store = store
        self.places = places
        self.configuration = configuration
        clock = now
    }

    /// The service's current time.
    public var now: Date { clock() }

    /// Reads or changes the fleet (move a vehicle, take one off the road).
    public func withFleet<T, E: Error>(_ body: (inout Fleet) throws(E) -> T) throws(E) -> T {
        try fleet.withLock { (f: inout Fleet) throws(E) -> T in try body(&f) }
    }

    /// A copy of the fleet as it is now.
    public var fleetSnapshot: Fleet { fleet.withLock { $0 } }

    // MARK: Confirm and handle

    /// What a request needs before it can be booked, checked by both confirm and handle.
    struct Checked {
        var pickup: Placemark
        var pickupCoordinate: Coordinate
        var partySize: Int
        var rideOption: RideOption?
    }

    /// The failure response for a request that cannot be booked whatever the fleet, or the
    /// checked request.
    func check(_ request: RideRequest, at date: Date) -> Vetted<Checked> {
        if let time = request.scheduledPickupTime, time.timeIntervalSince(date) > configuration.bookingHorizon {
            return .refused(RequestRideIntentResponse(
                code: .failureRequiringAppLaunchRideScheduledTooFar,
                failureReason: "the pickup time is more than \(Int(configuration.bookingHorizon / 86_400)) days ahead"))
        }
        guard let pickup = request.pickupLocation, let coordinate = pickup.coordinate else {
            return .refused(RequestRideIntentResponse(code: .failure, failureReason: "the pickup is not resolved"))
        }
        guard let party = request.partySize, party >= 1 else {
            return .refused(RequestRideIntentResponse(code: .failure, failureReason: "the party size is not resolved"))
        }
        var option: RideOption?
        if let name = request.rideOptionName {
            guard let found = fleetSnapshotOption(named: name) else {
                return .refused(RequestRideIntentResponse(code: .failure, failureReason: "no ride option named '\(name)'"))
            }
            option = found
        }
        return .accepted(Checked(pickup: pickup, pickupCoordinate: coordinate, partySize: party, rideOption: option))
    }

    private func fleetSnapshotOption(named name: String) -> RideOption? {
        fleet.withLock { $0.rideOption(named: name) }
    }

    /// The nearest free vehicle for a checked request given the vehicles on rides, or the failure
    /// code: none in range → no service in area; in range but none free → temporarily unavailable.
    func choose(_ checked: Checked, busy: Set<String>) -> Vetted<(Vehicle, Double)> {
        let range = configuration.serviceRange
        return fleet.withLock { fleet in
            fleet.setAssigned(busy)
            if let found = fleet.nearestAvailable(
                to: checked.pickupCoordinate, within: range, partySize: checked.partySize,
                rideOptionName: checked.rideOption?.name)
            {
                return .accepted(found)
            }
            if fleet.nearestWorking(to: checked.pickupCoordinate, within: range) != nil {
                return .refused(RequestRideIntentResponse(
                    code: .failureRequiringAppLaunchServiceTemporarilyUnavailable,
                    failureReason: "every vehicle within \(Self.kilometres(range)) of the pickup is busy"))
            }
            return .refused(RequestRideIntentResponse(
                code: .failureRequiringAppLaunchNoServiceInArea,
                failureReason: "no vehicle within \(Self.kilometres(range)) of the pickup"))
        }
    }

    /// The trip a vehicle would make for a request booked at `date`.
    func trip(for vehicle: Vehicle, _ checked: Checked, dropOff: Coordinate?, scheduled: Date?, at date: Date) -> Trip {
        let pickup = checked.pickupCoordinate
        let toPickup = Geodesic.wgs84.inverse(from: vehicle.position, to: pickup)
        let travel = toPickup.distance / vehicle.speed
        let departure = scheduled.map { max(date, $0.addingTimeInterval(-travel)) } ?? date
        let end = dropOff ?? ((try? Geodesic.wgs84.destination(
            from: pickup, azimuth: toPickup.finalAzimuth.isFinite ? toPickup.finalAzimuth : 0,
            distance: vehicle.speed * configuration.openRideDuration)) ?? pickup)
        return Trip(
            start: vehicle.position, pickup: pickup, dropOff: end, speed: vehicle.speed, departureDate: departure,
            boardingDuration: configuration.tracking.boardingDuration)
    }

    /// A request accepted with a value, or refused with the response to give.
    enum Vetted<Value> {
        case accepted(Value)
        case refused(RequestRideIntentResponse)
    }

    static func kilometres(_ metres: Double) -> String {
        metres >= 1000 ? "\((metres / 100).rounded() / 10) km" : "\(Int(metres.rounded())) m"
    }
}
