import Foundation
import Geodesy
import Logging
import RideBooking
import ServiceLifecycle

/// `lodestar serve --simulate-fleet`: the simulated fleet drives and reports, for demos. Every
/// `interval` each vehicle on an active ride reports where its `Trip` has taken it, and the
/// others report where they stand at least every `idleInterval`: `RideBooking`'s
/// `SimulatedFleet`, whose reports take the path of a real vehicle's (so the ride's phases
/// advance the same way), as `lodestar ride` in process uses it. An open ride (no drop-off) is
/// completed when its trip ends, as its driver would end it.
public struct FleetSimulator: Service {
    let backend: RideService
    /// Between two rounds of reports. Default 1 s.
    let interval: Duration
    /// Between two reports of a vehicle that is not on a ride. Default 60 s.
    let idleInterval: Double
    let logger: Logger

    public init(backend: RideService, interval: Duration = .seconds(1), idleInterval: Double = 60, logger: Logger) {
        self.backend = backend
        self.interval = interval
        self.idleInterval = idleInterval
        self.logger = logger
    }

    public func run() async throws {
        var fleet = SimulatedFleet(service: backend)
        var lastIdleReport = Date.distantPast
        logger.info("simulating the fleet", metadata: ["vehicles": "\(backend.fleet.vehicles.count)"])
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            do {
                let now = backend.now
                let idle = now.timeIntervalSince(lastIdleReport) >= idleInterval
                if idle { lastIdleReport = now }
                try await fleet.report(at: now, idle: idle)
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
