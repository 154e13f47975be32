import Foundation
import Geodesy
import Logging
import RideBooking
import ServiceLifecycle

/// `lodestar serve --simulate-fleet`: the simulated fleet drives and reports, for demos. Every
/// `interval` each vehicle on an active ride reports where its `Trip` has taken it (through
/// the same path as a real vehicle's report, so the ride's phases advance the same way), and the
/// others report where they stand at least every `idleInterval`. An open ride (no drop-off)
/// is completed when its trip ends, as its driver would end it.
public struct FleetSimulator: Service {
    let backend: RideServerBackend
    /// Between two rounds of reports. Default 1 s.
    let interval: Duration
    /// Between two reports of a vehicle that is not on a ride. Default 60 s.
    let idleInterval: Double
    let logger: Logger

    public init(backend: RideServerBackend, interval: Duration = .seconds(1), idleInterval: Double = 60, logger: Logger) {
        self.backend = backend
        self.interval = interval
        self.idleInterval = idleInterval
        self.logger = logger
    }

    public func run() async throws {
        var positions = Dictionary(backend.fleet.vehicles.map { ($0.identifier, $0.position) }, uniquingKeysWith: { a, _ in a })
        var lastIdleReport = Date.distantPast
        logger.info("simulating the fleet", metadata: ["vehicles": "\(positions.count)"])
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            do {
                let now = backend.now
                var reports: [ReportedPosition] = []
                var moving: Set<String> = []
                for record in try await backend.store.rides(rider: nil, limit: RideBackendSchema.maximumListLimit)
                where record.storedPhase != .completed {
                    let id = record.vehicle.identifier
                    let (coordinate, course, speed) = record.trip.position(at: now)
                    positions[id] = coordinate
                    moving.insert(id)
                    reports.append(ReportedPosition(vehicleIdentifier: id, coordinate: coordinate, timestamp: now, speed: speed, course: course))
                    if record.booking.dropOffLocation == nil, record.storedPhase == .ongoing, now >= record.trip.endDate {
                        _ = try await backend.store.advance(rideIdentifier: record.rideIdentifier, to: .completed, completion: .completed, at: now)
                    }
                }
                if now.timeIntervalSince(lastIdleReport) >= idleInterval {
                    lastIdleReport = now
                    for (id, coordinate) in positions where !moving.contains(id) {
                        reports.append(ReportedPosition(vehicleIdentifier: id, coordinate: coordinate, timestamp: now, speed: 0))
                    }
                }
                var start = reports.startIndex
                while start < reports.endIndex {
                    let end = min(start + 1000, reports.endIndex)
                    _ = try await backend.report(Array(reports[start..<end]))
                    start = end
                }
            } catch {
                logger.warning("the simulated fleet could not report", metadata: ["error": "\(error)"])
            }
            do {
                try await Task.sleep(for: interval)
            } catch {
                return
            }
        }
    }
}
