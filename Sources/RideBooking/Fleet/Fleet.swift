import Foundation
import Geodesy

/// The vehicles a ride service can send, with a spatial index over their stands.
///
/// A fleet comes from a fleet file (``load(contentsOf:)``, format in docs/rides.md and
/// Examples/fleet.json) or is simulated (``simulated(center:count:radius:seed:identifierPrefix:)``).
/// Which vehicles are on rides is the ride store's business: the service keeps the fleet's view of
/// it in step with ``setBusy(_:until:)``.
public struct Fleet: Sendable {
    /// A name for the fleet, such as "Central London demo fleet".
    public let name: String
    /// The vehicles, by slot.
    public private(set) var vehicles: [Vehicle]
    /// The ride options the fleet offers; by default ``RideOption/defaults``.
    public let rideOptions: [RideOption]
    /// The spatial index over the vehicles' positions.
    public private(set) var index: VehicleIndex
    private let slotByIdentifier: [String: Int]
    /// Per slot, compact for the index's eligibility test: ride option number (position in
    /// `rideOptions`, or -1), seats, whether the fleet reports it available, and until when it is
    /// on a ride (seconds since 1970; 0 when free, +∞ when assigned with no end).
    private let optionNumbers: [Int32]
    private let capacities: [Int32]
    private var working: [Bool]
    private var busyUntil: [Double]

    /// - Parameters:
    ///   - name: the fleet's name.
    ///   - vehicles: unique identifiers; capacity ≥ 1; speed > 0 and finite.
    ///   - rideOptions: the options offered; every vehicle's `rideOptionName` should be one of them.
    /// - Throws: ``FleetError/duplicateIdentifier(_:)`` or ``FleetError/invalidVehicle(identifier:reason:)``.
    public init(name: String, vehicles: [Vehicle], rideOptions: [RideOption] = RideOption.defaults) throws(FleetError) {
        var slots: [String: Int] = [:]
        for (slot, vehicle) in vehicles.enumerated() {
            guard slots.updateValue(slot, forKey: vehicle.identifier) == nil else {
                throw .duplicateIdentifier(vehicle.identifier)
            }
            guard vehicle.capacity >= 1 else {
                throw .invalidVehicle(identifier: vehicle.identifier, reason: "capacity \(vehicle.capacity) is below 1")
            }
            guard vehicle.speed.isFinite, vehicle.speed > 0 else {
                throw .invalidVehicle(identifier: vehicle.identifier, reason: "speed \(vehicle.speed) m/s is not positive")
            }
        }
        self.init(validatedName: name, vehicles: vehicles, rideOptions: rideOptions, slots: slots)
    }

    /// A fleet whose vehicles are known to be valid and uniquely named.
    init(validatedName name: String, vehicles: [Vehicle], rideOptions: [RideOption], slots: [String: Int]? = nil) {
        self.name = name
        self.vehicles = vehicles
        self.rideOptions = rideOptions
        slotByIdentifier = slots ?? Dictionary(vehicles.enumerated().map { ($1.identifier, $0) }, uniquingKeysWith: { a, _ in a })
        let optionKeys = rideOptions.map { $0.name.lowercased() }
        optionNumbers = vehicles.map { Int32(optionKeys.firstIndex(of: $0.rideOptionName.lowercased()) ?? -1) }
        capacities = vehicles.map { Int32(clamping: $0.capacity) }
        working = vehicles.map { $0.state == .available }
        busyUntil = [Double](repeating: 0, count: vehicles.count)
        index = VehicleIndex(positions: vehicles.map(\.position))
    }

    /// The vehicle with this identifier.
    public func vehicle(withIdentifier identifier: String) -> Vehicle? {
        slotByIdentifier[identifier].map { vehicles[$0] }
    }

    /// The ride option with this name, compared without regard to case.
    public func rideOption(named name: String) -> RideOption? {
        rideOptions.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// The most riders any working vehicle seats (of the named option, when given); 0 for none.
    public func largestCapacity(rideOptionName: String? = nil) -> Int {
        vehicles.lazy.filter { v in
            v.state != .offline && (rideOptionName.map { v.rideOptionName.caseInsensitiveCompare($0) == .orderedSame } ?? true)
        }.map(\.capacity).max() ?? 0
    }

    /// Moves a vehicle's stand (a vehicle that has repositioned).
    public mutating func move(_ identifier: String, to position: Coordinate, course: Double? = nil) {
        guard let slot = slotByIdentifier[identifier] else { return }
        vehicles[slot].position = position
        vehicles[slot].course = course
        index.move(slot: slot, to: position)
    }

    /// Changes what the fleet reports about a vehicle (available, busy, offline).
    public mutating func setState(_ identifier: String, _ state: VehicleState) {
        guard let slot = slotByIdentifier[identifier] else { return }
        vehicles[slot].state = state
        working[slot] = state == .available
    }

    /// Records that a vehicle is on a ride until `date` (the end of its trip), or free (nil).
    /// For an in-memory fleet: a ``RideService`` asks its store, the authority, instead.
    public mutating func setBusy(_ identifier: String, until date: Date?) {
        guard let slot = slotByIdentifier[identifier] else { return }
        busyUntil[slot] = date.map { $0.timeIntervalSince1970 } ?? 0
    }

    /// Marks exactly these vehicles as on rides with no end, and every other as free.
    /// - Complexity: O(n).
    public mutating func setAssigned(_ identifiers: Set<String>) {
        for slot in busyUntil.indices { busyUntil[slot] = identifiers.contains(vehicles[slot].identifier) ? .infinity : 0 }
    }

    /// Whether the vehicle is on a ride at `date` (its trip has not ended by then).
    public func isBusy(_ identifier: String, at date: Date) -> Bool {
        slotByIdentifier[identifier].map { busyUntil[$0] > date.timeIntervalSince1970 } ?? false
    }

    /// The nearest vehicle that is available, not on a ride at `date`, seats the party and serves
    /// the ride option, strictly within `range` metres of `point` on the WGS84 ellipsoid.
    ///
    /// - Parameters:
    ///   - point: the pickup.
    ///   - range: metres, > 0; a vehicle at exactly `range` is out of range.
    ///   - partySize: riders to seat; nil for any.
    ///   - rideOptionName: the option to serve; nil for any.
    ///   - date: the moment; a vehicle whose ride ends by then is free. Default: the distant past
    ///     (every recorded ride counts).
    /// - Complexity: see ``VehicleIndex/nearest(to:within:where:)``.
    public func nearestAvailable(
        to point: Coordinate, within range: Double, partySize: Int? = nil, rideOptionName: String? = nil,
        at date: Date = .distantPast
    ) -> (vehicle: Vehicle, distance: Double)? {
        let option: Int32? = rideOptionName.map { name in
            Int32(rideOptions.firstIndex { $0.name.caseInsensitiveCompare(name) == .orderedSame } ?? -2)
        }
        let party = Int32(clamping: partySize ?? 1)
        let now = max(0, date.timeIntervalSince1970)
        // The closure captures the four arrays it reads, not the whole fleet (which the optimiser
        // copies into the specialised search: measured three times slower).
        let (working, busyUntil, capacities, optionNumbers) = (working, busyUntil, capacities, optionNumbers)
        let found = index.nearest(to: point, within: range) { slot in
            working[slot] && busyUntil[slot] <= now && capacities[slot] >= party
                && (option == nil || optionNumbers[slot] == option)
        }
        return found.map { (vehicles[$0.slot], $0.distance) }
    }

    /// ``nearestAvailable(to:within:partySize:rideOptionName:at:)`` by a linear scan, for comparison.
    @_spi(Benchmarks) public func nearestAvailableByLinearScan(
        to point: Coordinate, within range: Double, partySize: Int? = nil, at date: Date = .distantPast
    ) -> (vehicle: Vehicle, distance: Double)? {
        let party = Int32(clamping: partySize ?? 1)
        let now = max(0, date.timeIntervalSince1970)
        let (working, busyUntil, capacities) = (working, busyUntil, capacities)
        let found = index.nearestByLinearScan(to: point, within: range) { slot in
            working[slot] && busyUntil[slot] <= now && capacities[slot] >= party
        }
        return found.map { (vehicles[$0.slot], $0.distance) }
    }

    /// The nearest working vehicle (available or busy, on a ride or not) strictly within `range`
    /// metres: whether the area is served at all.
    public func nearestWorking(to point: Coordinate, within range: Double) -> (vehicle: Vehicle, distance: Double)? {
        let vehicles = vehicles
        return index.nearest(to: point, within: range) { vehicles[$0].state != .offline }.map { (vehicles[$0.slot], $0.distance) }
    }
}
