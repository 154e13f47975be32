import Foundation
import Geodesy

/// A vehicle as both backends store it: the columns a booking filters on, and the whole
/// ``Vehicle`` as JSON (sorted keys) for the rest.
package struct BackendVehicleRow: Sendable {
    package let identifier: String
    package let capacity: Int
    /// The ride option's name in lower case: compared without regard to case.
    package let rideOption: String
    package let state: String
    package let json: String

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    package init(_ vehicle: Vehicle) throws(RideStoreError) {
        identifier = vehicle.identifier
        capacity = vehicle.capacity
        rideOption = vehicle.rideOptionName.lowercased()
        state = vehicle.state.rawValue
        do {
            json = String(decoding: try Self.encoder.encode(vehicle), as: UTF8.self)
        } catch {
            throw .invalidVehicle(identifier: vehicle.identifier, reason: "cannot be encoded: \(error)")
        }
    }

    /// The rows of vehicles to register, each checked first.
    /// - Throws: ``RideStoreError/invalidVehicle(identifier:reason:)`` for the first that cannot
    ///   be registered.
    package static func validated(_ vehicles: [Vehicle]) throws(RideStoreError) -> [BackendVehicleRow] {
        for vehicle in vehicles {
            if let problem = vehicle.registrationProblem {
                throw .invalidVehicle(identifier: vehicle.identifier, reason: problem)
            }
        }
        var rows: [BackendVehicleRow] = []
        for vehicle in vehicles { rows.append(try BackendVehicleRow(vehicle)) }
        return rows
    }

    /// The vehicle of a stored `record` column.
    package static func vehicle(json: String, identifier: String, path: String) throws(RideStoreError) -> Vehicle {
        do {
            return try JSONDecoder().decode(Vehicle.self, from: Data(json.utf8))
        } catch {
            throw .corrupt(path: path, reason: "vehicle \(identifier)'s record cannot be read: \(error)")
        }
    }
}

extension VehicleReport {
    /// Checks every report before any is stored.
    /// - Throws: ``RideStoreError/invalidVehicle(identifier:reason:)`` for the first bad one.
    package static func validate(_ reports: [VehicleReport]) throws(RideStoreError) {
        for report in reports {
            if let problem = report.problem { throw .invalidVehicle(identifier: report.vehicleIdentifier, reason: problem) }
        }
    }
}

extension RideBookingOrder {
    /// Checks the party size, the range and the date.
    /// - Throws: ``RideStoreError/invalidOrder(reason:)``.
    package func validate() throws(RideStoreError) {
        guard partySize >= 1 else { throw .invalidOrder(reason: "party size \(partySize) is below 1") }
        guard range.isFinite, range > 0 else { throw .invalidOrder(reason: "range \(range) m is not positive") }
        guard date.timeIntervalSince1970.isFinite else { throw .invalidOrder(reason: "its date is not finite") }
    }
}

extension RideRecord {
    /// The record moved to `phase` with `completion` at `date`, or nil when the stored phase may
    /// not move there: forward along ``RidePhase/successors`` only to the phases a vehicle's
    /// positions drive (approachingPickup, pickup, ongoing, completed); completed with
    /// ``RideCompletionStatus/completed`` only from ongoing, with a cancellation only from a
    /// cancelable phase; a completion exactly when the phase is completed.
    package func advanced(to phase: RidePhase, completion: RideCompletionStatus?, at date: Date) -> RideRecord? {
        guard completionStatus == nil, storedPhase != .completed else { return nil }
        switch (phase, completion) {
        case (.approachingPickup, nil), (.pickup, nil), (.ongoing, nil):
            guard storedPhase.successors.contains(phase) else { return nil }
        case (.completed, .completed?):
            guard storedPhase == .ongoing else { return nil }
        case (.completed, let status?) where status.isCanceled:
            guard storedPhase.isCancelable else { return nil }
        default:
            return nil
        }
        var next = self
        next.storedPhase = phase
        next.completionStatus = completion
        next.completedDate = completion == nil ? nil : date
        return next
    }
}
