import Foundation
import Geodesy

/// The vehicles a ride service can send, with a spatial index over their stands.
///
/// A fleet comes from a fleet file (``load(contentsOf:)``, format in docs/rides.md and
/// Examples/fleet.json) or is simulated (``simulated(center:count:radius:seed:identifierPrefix:)``).
/// Which vehicles are on rides is the ride store's business: the service marks them with
/// ``setAssigned(_:)`` before each query.
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
    /// Per slot: ride option number (position in `rideOptions`, or -1).
    private let optionNumbers: [Int]
    /// Per slot: on an active ride according to the ride store.
    private var assigned: [Bool]
    private var assignedIdentifiers: Set<String> = []

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
        optionNumbers = vehicles.map { optionKeys.firstIndex(of: $0.rideOptionName.lowercased()) ?? -1 }
        assigned = [Bool](repeating: false, count: vehicles.count)
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
    }

    /// Marks exactly these vehicles as on active rides (the ride store's view).
    /// - Complexity: O(changes), from the previous call's set.
    public mutating func setAssigned(_ identifiers: Set<String>) {
        for gone in assignedIdentifiers.subtracting(identifiers) {
            if let slot = slotByIdentifier[gone] { assigned[slot] = false }
        }
        for new in identifiers.subtracting(assignedIdentifiers) {
            if let slot = slotByIdentifier[new] { assigned[slot] = true }
        }
        assignedIdentifiers = identifiers
    }

    /// Whether the ride store has this vehicle on an active ride.
    public func isAssigned(_ identifier: String) -> Bool { assignedIdentifiers.contains(identifier) }

    /// The nearest vehicle that is available, not on a ride, seats the party and serves the ride
    /// option, strictly within `range` metres of `point` on the WGS84 ellipsoid.
    ///
    /// - Parameters:
    ///   - point: the pickup.
    ///   - range: metres, > 0; a vehicle at exactly `range` is out of range.
    ///   - partySize: riders to seat; nil for any.
    ///   - rideOptionName: the option to serve; nil for any.
    /// - Complexity: see ``VehicleIndex/nearest(to:within:where:)``.
    public func nearestAvailable(
        to point: Coordinate, within range: Double, partySize: Int? = nil, rideOptionName: String? = nil
    ) -> (vehicle: Vehicle, distance: Double)? {
        let option = rideOptionName.map { name in rideOptions.firstIndex { $0.name.caseInsensitiveCompare(name) == .orderedSame } ?? -2 }
        let party = partySize ?? 1
        let found = index.nearest(to: point, within: range) { slot in
            !assigned[slot] && vehicles[slot].state == .available && vehicles[slot].capacity >= party
                && (option == nil || optionNumbers[slot] == option)
        }
        return found.map { (vehicles[$0.slot], $0.distance) }
    }

    /// ``nearestAvailable(to:within:partySize:rideOptionName:)`` by a linear scan, for comparison.
    public func nearestAvailableByLinearScan(
        to point: Coordinate, within range: Double, partySize: Int? = nil
    ) -> (vehicle: Vehicle, distance: Double)? {
        let party = partySize ?? 1
        let found = index.nearestByLinearScan(to: point, within: range) { slot in
            !assigned[slot] && vehicles[slot].state == .available && vehicles[slot].capacity >= party
        }
        return found.map { (vehicles[$0.slot], $0.distance) }
    }

    /// The nearest working vehicle (available or busy, on a ride or not) strictly within `range`
    /// metres: whether the area is served at all.
    public func nearestWorking(to point: Coordinate, within range: Double) -> (vehicle: Vehicle, distance: Double)? {
        index.nearest(to: point, within: range) { vehicles[$0].state != .offline }.map { (vehicles[$0.slot], $0.distance) }
    }
}
