// Ride booking benchmarks (issue 6).
//
// Goals: nearest available vehicle among 100,000 ≤ 50 µs, with a linear scan measured in the same
// run for comparison; request → confirmed → stored ≤ 5 ms end to end.
import Benchmark
import Foundation
import Geodesy
import Lodestar
@_spi(Benchmarks) import RideBooking
import RideStoreSQLite

/// 100,000 simulated vehicles within 30 km of Charing Cross (seed 2026), one in five on a ride.
func benchmarkFleet() -> Fleet {
    let center = Coordinate(uncheckedLatitude: 51.5085, longitude: -0.1247)
    var fleet = Fleet.simulated(center: center, count: 100_000, radius: 30_000, seed: 2026, identifierPrefix: "B")
    var random = SplitMix64(seed: 7)
    fleet.setAssigned(Set(fleet.vehicles.map(\.identifier).filter { _ in random.nextUnit() < 0.2 }))
    return fleet
}

/// 1000 pickups within 30 km of Charing Cross (seed 8).
func benchmarkPickups() -> [Coordinate] {
    let center = Coordinate(uncheckedLatitude: 51.5085, longitude: -0.1247)
    var random = SplitMix64(seed: 8)
    return (0..<1000).map { _ in
        (try? Geodesic.wgs84.destination(from: center, azimuth: 360 * random.nextUnit(), distance: 30_000 * random.nextUnit()))
            ?? center
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        maxDuration: .seconds(3),
        maxIterations: 10_000
    )
    let fleet = benchmarkFleet()
    let pickups = benchmarkPickups()

    // One iteration = one query (scaled by 1000 over the 1000 pickups): the k-d tree on n-vectors,
    // then Karney's geodesic for the 1–3 candidates in the 1% band.
    Benchmark("Nearest available among 100,000: index", configuration: .init(scalingFactor: .kilo)) { benchmark in
        for i in benchmark.scaledIterations {
            blackHole(fleet.nearestAvailable(to: pickups[i % pickups.count], within: 50_000, partySize: 2))
        }
    }

    // One iteration = one query: Karney's geodesic to every free vehicle (about 80,000).
    Benchmark("Nearest available among 100,000: linear scan", configuration: .init(maxIterations: 30)) { benchmark in
        for i in benchmark.scaledIterations {
            blackHole(fleet.nearestAvailableByLinearScan(to: pickups[i % pickups.count], within: 50_000, partySize: 2))
        }
    }

    // One iteration = one booking through RideRequestHandler.handle (the one RideService) against
    // a real SQLite file (WAL, synchronous = FULL): inside one BEGIN IMMEDIATE transaction, read the
    // reported positions in the range's band of latitude, choose the nearest free vehicle, write
    // the ride and commit. A fresh store for each run, the fleet registered and reporting first.
    Benchmark("Request → confirmed → stored (SQLite file)", configuration: .init(maxIterations: 2_000)) {
        benchmark async throws in
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ride-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try RideStore(path: directory.appendingPathComponent("rides.sqlite").path)
        var free = fleet
        free.setAssigned([])
        let service = RideService(store: store, databaseKind: "sqlite", fleet: free)
        try await service.registerFleet()
        var simulated = SimulatedFleet(service: service)
        try await simulated.report(at: service.now)
        let handler = RideRequestHandler(service: service)
        benchmark.startMeasurement()
        for i in benchmark.scaledIterations {
            let request = RideRequest(
                pickupLocation: Placemark(coordinate: pickups[i % pickups.count]),
                dropOffLocation: Placemark(coordinate: pickups[(i + 500) % pickups.count]), partySize: 2)
            blackHole(try? await handler.handle(request))
        }
        benchmark.stopMeasurement()
    }
}
