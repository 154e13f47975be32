import Foundation
import Hummingbird
import LodestarInternals
import RideBooking

/// The vehicles' routes: `PUT /vehicles/{id}/location` and the batched `POST /vehicles/locations`.
/// Each stored position also goes to the operator's regions (``OperatorRegions``).
///
/// A vehicle token reports only its own identifier: another vehicle's is 404 (as an unknown one,
/// so a token tells nothing about the rest of the fleet). An operator token may report for any
/// vehicle of the fleet. Riders cannot report (403).
struct VehicleRoutes {
    let backend: RideService
    let metrics: ServerMetrics
    /// The operator's regions, which see every position stored.
    let regions: OperatorRegions

    func add(to router: Router<RideRequestContext>) {
        router.put("vehicles/:vehicleIdentifier/location") { request, context in
            let principal = try context.principal()
            let identifier = context.parameters.get("vehicleIdentifier") ?? ""
            try mayReport(for: [identifier], principal)
            let bytes = try await RequestBodyLimit.read(request)
            let now = backend.now
            let position = try JSONInput.read(bytes) { RequestBodies.singleLocation($0, vehicle: identifier, now: now) }
            let progress = try await IntentRoutes.store { try await backend.report([position]) }
            metrics.locationsStored(1)
            regions.observe([position])
            return JSONResponse.make(Self.receipt(progress.first ?? VehicleRideProgress(vehicleIdentifier: identifier)))
        }
        router.post("vehicles/locations") { request, context in
            let principal = try context.principal()
            if case .rider = principal { throw ProblemDocument.forbidden(principal, "report vehicle positions") }
            let bytes = try await RequestBodyLimit.read(request)
            let now = backend.now
            let positions = try JSONInput.read(bytes) { RequestBodies.batch($0, now: now) }
            try mayReport(for: Set(positions.map(\.vehicleIdentifier)), principal)
            let progress = try await IntentRoutes.store { try await backend.report(positions) }
            metrics.locationsStored(positions.count)
            regions.observe(positions)
            var o = JSONObjectText()
            o.add("accepted", positions.count)
            o.add("rides", objects: progress.filter { $0.rideIdentifier != nil }.map(Self.receipt))
            return JSONResponse.make(o)
        }
    }

    /// Checks that the principal may report for every identifier and that each is in the fleet.
    /// - Throws: 403 for a rider; 404 for another vehicle's identifier or one not in the fleet.
    private func mayReport(for identifiers: some Collection<String>, _ principal: RidePrincipal) throws {
        for identifier in identifiers {
            let notFound = ProblemDocument.notFound("no vehicle \(identifier)")
            switch principal {
            case .rider: throw ProblemDocument.forbidden(principal, "report vehicle positions")
            case .vehicle(let own): guard own == identifier else { throw notFound }
            case .operator: break
            }
            guard VehicleIdentifier.isValid(identifier) else { throw notFound }
            guard backend.hasVehicle(identifier) else { throw notFound }
        }
    }

    static func receipt(_ p: VehicleRideProgress) -> JSONObjectText {
        var o = JSONObjectText()
        o.add("vehicleIdentifier", p.vehicleIdentifier)
        if let ride = p.rideIdentifier { o.add("rideIdentifier", ride) }
        if let phase = p.phase {
            o.add("phase", phase.rawValue)
            o.add("phaseName", ResponseJSON.phaseName(phase))
        }
        return o
    }
}
