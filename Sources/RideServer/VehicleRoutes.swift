import Foundation
import Hummingbird
import LodestarInternals
import RideAPI
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
    /// Recent status answers; a report drops those of the rides it moves.
    let statuses: StatusCache

    func add(to router: Router<RideRequestContext>) {
        router.put("vehicles/:vehicleIdentifier/location") { request, context in
            let principal = try context.principal()
            let identifier = context.parameters.get("vehicleIdentifier") ?? ""
            try mayReport(for: [identifier], principal)
            let bytes = try await RequestBodyLimit.read(request)
            let body = try IntentRoutes.decode(VehicleLocationBody.self, bytes)
            guard body.vehicleIdentifier == nil else {
                throw ProblemDocument.badRequest(
                    APIBodyError.schema, errors: ["unknown member 'vehicleIdentifier' (the path names the vehicle)"])
            }
            let position = try Self.position(body, vehicle: identifier, now: backend.now)
            let progress = try await IntentRoutes.store { try await backend.report([position]) }
            statuses.evict(progress.compactMap(\.rideIdentifier))
            metrics.locationsStored(1)
            regions.observe([position])
            return try JSONResponse.make(
                PositionReceiptBody(progress.first ?? VehicleRideProgress(vehicleIdentifier: identifier)))
        }
        router.post("vehicles/locations") { request, context in
            let principal = try context.principal()
            if case .rider = principal { throw ProblemDocument.forbidden(principal, "report vehicle positions") }
            let bytes = try await RequestBodyLimit.read(request)
            let now = backend.now
            let batch: VehicleLocationBatchBody
            do throws(APIBodyError) {
                batch = try APICoding.decodeBatch(bytes)
            } catch {
                throw ProblemDocument.badRequest(error.detail, errors: error.errors)
            }
            var positions: [ReportedPosition] = []
            var errors: [String] = []
            for (i, entry) in batch.locations.enumerated() {
                do throws(ProblemDocument) {
                    positions.append(try Self.position(entry, vehicle: entry.vehicleIdentifier ?? "", now: now))
                } catch {
                    errors += error.errors.map { "locations[\(i)].\($0)" }
                }
            }
            guard errors.isEmpty else { throw ProblemDocument.badRequest(APIBodyError.schema, errors: errors) }
            try mayReport(for: Set(positions.map(\.vehicleIdentifier)), principal)
            let progress = try await IntentRoutes.store { try await backend.report(positions) }
            statuses.evict(progress.compactMap(\.rideIdentifier))
            metrics.locationsStored(positions.count)
            regions.observe(positions)
            return try JSONResponse.make(PositionBatchReceiptBody(accepted: positions.count, progress: progress))
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

    /// The position a report gives for `vehicle`, stamped `now` when it has no timestamp.
    /// - Throws: a 400 problem document when its timestamp lies more than
    ///   `RideAPI.APIRanges.maximumReportLead` ahead of `now`: one report from a clock that runs
    ///   ahead would hold the vehicle's position there (older reports are ignored) until the clock
    ///   caught up.
    static func position(_ body: VehicleLocationBody, vehicle: String, now: Date) throws(ProblemDocument) -> ReportedPosition {
        if let time = body.timestamp, time.timeIntervalSince(now) > APIRanges.maximumReportLead {
            let ahead = DecimalText.string(time.timeIntervalSince(now), decimals: 0)
            throw .badRequest(
                APIBodyError.schema,
                errors: [
                    "timestamp: is \(ahead) s ahead of the server's clock; a report may be at most \(Int(APIRanges.maximumReportLead)) s ahead (check the vehicle's clock)"
                ])
        }
        return ReportedPosition(
            vehicleIdentifier: vehicle, coordinate: body.coordinate, timestamp: body.timestamp ?? now,
            horizontalAccuracy: body.horizontalAccuracy, speed: body.speed, course: body.course)
    }
}
