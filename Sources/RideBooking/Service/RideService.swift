import Foundation
import LodestarInternals
import Geodesy
import Synchronization

/// The state behind the ride handlers: the fleet and its index, the ride store, the place
/// resolver, the rules and the clock. The handlers (``RideRequestHandler``, ``RideStatusHandler``,
/// ``CancelRideHandler``, ``ListRideOptionsHandler``) hold nothing but a reference to it.
///
/// Which vehicles are on rides is the store's to say: each operation first brings the service's
/// view up to date from the store's change feed (inside the booking's write transaction, where
/// the view is exact), so any number of services in any number of processes can share one store.
public final class RideService: Sendable {
    /// The store.
    public let store: RideStore
    /// Resolves pickups and drop-offs.
    public let places: PlaceResolver
    /// The rules.
    public let configuration: RideServiceConfiguration
    private let state: Mutex<State>
    private let clock: @Sendable () -> Date

    /// The fleet and this process's view of which vehicles are on rides, under one lock.
    private struct State {
        var fleet: Fleet
        var assignments = RideAssignments()
    }

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
        state = Mutex(State(fleet: fleet))
        self.store = store
        self.places = places
        self.configuration = configuration
        clock = now
    }

    /// The service's current time.
    public var now: Date { clock() }

    /// Reads or changes the fleet (move a vehicle, take one off the road). The busy marks
    /// (``Fleet/setBusy(_:until:)``) are the service's to keep in step with the store.
    public func withFleet<T, E: Error>(_ body: (inout Fleet) throws(E) -> T) throws(E) -> T {
        try state.withLock { (s: inout State) throws(E) -> T in try body(&s.fleet) }
    }

    /// A copy of the fleet as it is now.
    public var fleetSnapshot: Fleet { state.withLock { $0.fleet } }

    // MARK: Keeping up with the store

    /// The store revision this process's view has reached; nil before the first sync.
    var assignmentRevision: Int64? { state.withLock { $0.assignments.revision } }

    /// Brings the view of which vehicles are on rides up to date with changes read from the store.
    func sync(_ changes: RideAssignments.Changes) {
        state.withLock { s in s.assignments.apply(changes, to: &s.fleet) }
    }

    /// Brings the view up to date by reading the store (outside any write transaction).
    func sync() throws(RideStoreError) {
        sync(try store.assignmentChanges(since: assignmentRevision))
    }

    /// Brings the view up to date by reading the store through its async read.
    func sync() async throws(RideStoreError) {
        sync(try await store.assignmentChanges(since: assignmentRevision))
    }

    /// Records a change this process has written and committed.
    func record(_ change: RideAssignments.Change) {
        state.withLock { s in s.assignments.apply(change, to: &s.fleet) }
    }

    /// The vehicle's ride that has ended by its trip but is still active in the store.
    func finishedRide(of vehicle: String, by date: Date) -> String? {
        state.withLock { $0.assignments.finishedRide(of: vehicle, by: date) }
    }

    // MARK: Confirm and handle

    /// What a request needs before it can be booked, checked by both confirm and handle.
    typealias Checked = CheckedRideRequest

    /// The failure response for a request that cannot be booked whatever the fleet, or the
    /// checked request (``RideRequestResolver/check(_:)``).
    func check(_ request: RideRequest, at date: Date) -> Vetted<Checked> {
        let resolver = RideRequestResolver(fleet: fleetSnapshot, places: places, configuration: configuration, now: date)
        switch resolver.check(request) {
        case .failure(let refused): return .refused(refused.response)
        case .success(let checked): return .accepted(checked)
        }
    }

    /// The nearest vehicle free at `date` for a checked request (by the view of the last sync), or
    /// the failure: none in range → no service in area; in range but none free → temporarily
    /// unavailable.
    func choose(_ checked: Checked, at date: Date) -> Vetted<(Vehicle, Double)> {
        let range = configuration.serviceRange
        return state.withLock { s in
            let fleet = s.fleet
            if let found = fleet.nearestAvailable(
                to: checked.pickupCoordinate, within: range, partySize: checked.partySize,
                rideOptionName: checked.rideOption?.name, at: date)
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

    /// The trip a vehicle would make for a request booked at `date`, from its stand.
    func trip(for vehicle: Vehicle, _ checked: Checked, dropOff: Coordinate?, scheduled: Date?, at date: Date) -> Trip {
        RideRequestResolver(fleet: fleetSnapshot, places: places, configuration: configuration, now: date)
            .trip(for: vehicle, from: vehicle.position, checked, dropOff: dropOff, scheduled: scheduled)
    }

    /// A request accepted with a value, or refused with the response to give.
    enum Vetted<Value> {
        case accepted(Value)
        case refused(RequestRideIntentResponse)
    }

    static func kilometres(_ metres: Double) -> String {
        metres >= 1000 ? "\((metres / 100).rounded() / 10) km" : "\(WholeNumber.text(metres)) m"
    }
}
