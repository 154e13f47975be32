import Foundation
import Geodesy
import LodestarInternals
import RideBooking
import RideServer
import RideTestSupport
import Testing

/// One suite, run against both backends (SQLite and PostgreSQL + PostGIS, each real): the
/// ``RideBackend`` contract the ride service programs against.
@Suite struct RideBackendTests {
    typealias F = BackendFixtures

    @Test(arguments: Backend.allCases) func migrationsAreVersionedAndIdempotent(_ backend: Backend) async throws {
        try await backend.run { fixture in
            let second = try fixture.another()
            #expect(try await fixture.store.schemaVersion() == RideBackendSchema.version)
            try await F.fleet([Fixture.vehicle("V-1", at: Fixture.point(azimuth: 0, distance: 500))], in: fixture.store)
            let booked = try #require(try await F.book(F.order(), in: fixture.store).record)
            // Again, and from two instances at once: nothing changes, nothing is lost.
            try await fixture.store.migrate()
            async let a: Void = fixture.store.migrate()
            async let b: Void = second.migrate()
            _ = try await (a, b)
            #expect(try await second.schemaVersion() == RideBackendSchema.version)
            #expect(try await second.ride(identifier: booked.rideIdentifier) == booked)
        }
    }

    @Test(arguments: Backend.allCases) func vehiclesRegisterAndReport(_ backend: Backend) async throws {
        try await backend.run { fixture in
            let store = fixture.store
            let here = Fixture.point(azimuth: 45, distance: 700)
            try await store.register([Fixture.vehicle("V-1", at: Fixture.heathrow), Fixture.vehicle("V-2", at: Fixture.heathrow)])
            #expect(try await store.vehicle(identifier: "V-1")?.position == nil)
            #expect(try await store.vehicle(identifier: "V-1")?.vehicle == Fixture.vehicle("V-1", at: Fixture.heathrow))
            #expect(try await store.vehicle(identifier: "nobody") == nil)
            let unknown = try await store.reportPositions([
                F.report("V-1", at: here, age: 10, course: 271.5, speed: 12.25), F.report("X-9", at: here),
                F.report("V-2", at: here, course: nil, speed: nil), F.report("X-8", at: here),
            ])
            #expect(unknown == ["X-9", "X-8"])
            let first = try #require(try await store.vehicle(identifier: "V-1")?.position)
            #expect(first == VehiclePosition(coordinate: here, course: 271.5, speed: 12.25, date: F.date.addingTimeInterval(-10)))
            #expect(try await store.vehicle(identifier: "V-2")?.position?.course == nil)
            #expect(try await store.vehicle(identifier: "V-2")?.position?.speed == nil)
            // An older report does not replace a newer one; a newer one does.
            _ = try await store.reportPositions([F.report("V-1", at: Fixture.heathrow, age: 20)])
            #expect(try await store.vehicle(identifier: "V-1")?.position == first)
            _ = try await store.reportPositions([F.report("V-1", at: Fixture.heathrow, age: 0)])
            #expect(try await store.vehicle(identifier: "V-1")?.position?.coordinate == Fixture.heathrow)
            // Registering again updates the vehicle and keeps its position.
            try await store.register([Fixture.vehicle("V-1", at: here, capacity: 6, option: "XL")])
            #expect(try await store.vehicle(identifier: "V-1")?.vehicle.capacity == 6)
            #expect(try await store.vehicle(identifier: "V-1")?.position?.coordinate == Fixture.heathrow)
        }
    }

    @Test(arguments: Backend.allCases) func badVehiclesAndReportsWriteNothing(_ backend: Backend) async throws {
        try await backend.run { fixture in
            let store = fixture.store
            await #expect(throws: RideStoreError.invalidVehicle(identifier: "V-0", reason: "capacity 0 is below 1")) {
                try await store.register([
                    Fixture.vehicle("V-1", at: Fixture.charingCross),
                    Fixture.vehicle("V-0", at: Fixture.charingCross, capacity: 0),
                ])
            }
            #expect(try await store.vehicle(identifier: "V-1") == nil)
            try await store.register([Fixture.vehicle("V-1", at: Fixture.charingCross)])
            await #expect(throws: RideStoreError.invalidVehicle(identifier: "V-1", reason: "course 360.0° is not in [0, 360)")) {
                try await store.reportPositions([F.report("V-1", at: Fixture.charingCross, course: 360)])
            }
            await #expect(throws: RideStoreError.invalidVehicle(identifier: "V-1", reason: "speed nan m/s is not ≥ 0 and finite"))
            {
                try await store.reportPositions([F.report("V-1", at: Fixture.charingCross, speed: .nan)])
            }
            #expect(try await store.vehicle(identifier: "V-1")?.position == nil)
            await #expect(throws: RideStoreError.invalidOrder(reason: "party size 0 is below 1")) {
                try await F.book(F.order(partySize: 0), in: store)
            }
        }
    }

    @Test(arguments: Backend.allCases) func booksTheNearestByReportedPosition(_ backend: Backend) async throws {
        try await backend.run { fixture in
            let store = fixture.store
            // Registered with stands 20 km away; reported at 900, 400 and 1,500 m.
            try await F.fleet(
                [
                    Fixture.vehicle("V-far", at: Fixture.point(azimuth: 10, distance: 900)),
                    Fixture.vehicle("V-near", at: Fixture.point(azimuth: 200, distance: 400)),
                    Fixture.vehicle("V-farther", at: Fixture.point(azimuth: 300, distance: 1_500)),
                ], in: store)
            let record = try #require(try await F.book(F.order(), in: store).record)
            #expect(record.vehicle.identifier == "V-near")
            #expect(record.vehicle.position == Fixture.point(azimuth: 200, distance: 400))
            #expect(abs((record.booking.distanceRemaining ?? 0) - 400) < 0.01)
            #expect(record.rider == "ada")
            #expect(try await store.ride(identifier: record.rideIdentifier) == record)
            #expect(try await store.activeRide(vehicleIdentifier: "V-near") == record)
            #expect(try await store.activeRide(vehicleIdentifier: "V-far") == nil)
            // Several vehicles in one read: only those with an active ride answer, once each.
            #expect(try await store.activeRides(vehicleIdentifiers: ["V-far", "V-near", "V-none", "V-near"]) == [record])
            #expect(try await store.activeRides(vehicleIdentifiers: []) == [])
            // The next booking gets the next nearest, then the farthest, then none is free.
            #expect(try await F.book(F.order(), in: store).record?.vehicle.identifier == "V-far")
            #expect(try await F.book(F.order(), in: store).record?.vehicle.identifier == "V-farther")
            #expect(try await F.book(F.order(), in: store) == .noVehicleAvailable)
        }
    }

    @Test(arguments: Backend.allCases) func theServiceRangeIs50Kilometres(_ backend: Backend) async throws {
        try await backend.run { fixture in
            let store = fixture.store
            try await F.fleet([Fixture.vehicle("V-out", at: Fixture.point(azimuth: 90, distance: 50_100))], in: store)
            #expect(try await F.book(F.order(), in: store) == .noVehicleInRange)
            try await F.fleet([Fixture.vehicle("V-in", at: Fixture.point(azimuth: 270, distance: 49_900))], in: store)
            #expect(try await F.book(F.order(), in: store).record?.vehicle.identifier == "V-in")
            #expect(try await F.book(F.order(), in: store) == .noVehicleAvailable)
            // A vehicle that never reported is nowhere, whatever its stand.
            try await store.register([Fixture.vehicle("V-silent", at: Fixture.charingCross)])
            #expect(
                try await F.book(F.order(pickup: Fixture.point(azimuth: 0, distance: 60_000)), in: store) == .noVehicleInRange)
        }
    }

    @Test(arguments: Backend.allCases) func partySizeOptionAndState(_ backend: Backend) async throws {
        try await backend.run { fixture in
            let store = fixture.store
            try await F.fleet(
                [
                    Fixture.vehicle("S-1", at: Fixture.point(azimuth: 0, distance: 300)),
                    Fixture.vehicle("X-1", at: Fixture.point(azimuth: 90, distance: 2_000), capacity: 6, option: "XL"),
                    Fixture.vehicle("S-busy", at: Fixture.point(azimuth: 180, distance: 100), state: .busy),
                    Fixture.vehicle("S-off", at: Fixture.point(azimuth: 270, distance: 50), state: .offline),
                ], in: store)
            #expect(try await F.book(F.order(partySize: 7), in: store) == .noVehicleAvailable)
            #expect(try await F.book(F.order(partySize: 5), in: store).record?.vehicle.identifier == "X-1")
            #expect(try await F.book(F.order(option: "standard"), in: store).record?.vehicle.identifier == "S-1")
            #expect(try await F.book(F.order(option: "Standard"), in: store) == .noVehicleAvailable)
            #expect(try await F.book(F.order(option: "Lux"), in: store) == .noVehicleAvailable)
            // Only the offline vehicle near another pickup: not served at all.
            let remote = Fixture.point(azimuth: 0, distance: 300_000)
            try await F.fleet([Fixture.vehicle("R-off", at: remote, state: .offline)], in: store)
            #expect(try await F.book(F.order(pickup: remote), in: store) == .noVehicleInRange)
        }
    }

    @Test(arguments: Backend.allCases) func staleReportsAreNotBooked(_ backend: Backend) async throws {
        try await backend.run { fixture in
            let store = fixture.store
            try await store.register([Fixture.vehicle("V-1", at: Fixture.heathrow)])
            _ = try await store.reportPositions([F.report("V-1", at: Fixture.point(azimuth: 0, distance: 300), age: 120)])
            #expect(try await F.book(F.order(reportedSince: F.date.addingTimeInterval(-60)), in: store) == .noVehicleInRange)
            #expect(try await F.book(F.order(reportedSince: F.date.addingTimeInterval(-180)), in: store).record != nil)
        }
    }

    @Test(arguments: Backend.allCases) func phasesAdvanceAndCompletionFreesTheVehicle(_ backend: Backend) async throws {
        try await backend.run { fixture in
            let store = fixture.store
            try await F.fleet([Fixture.vehicle("V-1", at: Fixture.point(azimuth: 0, distance: 800))], in: store)
            let ride = try #require(try await F.book(F.order(), in: store).record).rideIdentifier
            let later = F.date.addingTimeInterval(600)
            // confirmed → ongoing skips the pickup: refused, unchanged.
            let refused = try await store.advance(rideIdentifier: ride, to: .ongoing, completion: nil, at: later)
            #expect(refused.record?.storedPhase == .confirmed)
            guard case .refused = refused else {
                Issue.record("expected refused, got \(refused)")
                return
            }
            for phase in [RidePhase.approachingPickup, .pickup, .ongoing] {
                let outcome = try await store.advance(rideIdentifier: ride, to: phase, completion: nil, at: later)
                #expect(outcome == .updated(try #require(try await store.ride(identifier: ride))))
                #expect(outcome.record?.storedPhase == phase)
            }
            #expect(try await store.cancel(rideIdentifier: ride, rider: "ada", at: later).record?.storedPhase == .ongoing)
            #expect(
                try await store.advance(rideIdentifier: ride, to: .completed, completion: nil, at: later).record?.storedPhase
                    == .ongoing)
            let done = try await store.advance(rideIdentifier: ride, to: .completed, completion: .completed, at: later)
            #expect(done.record?.completionStatus == .completed)
            #expect(done.record?.completedDate == later)
            #expect(try await store.ride(identifier: ride)?.completedDate == later)
            #expect(try await store.activeRide(vehicleIdentifier: "V-1") == nil)
            #expect(
                try await store.advance(rideIdentifier: ride, to: .ongoing, completion: nil, at: later).record?.storedPhase
                    == .completed)
            #expect(try await store.advance(rideIdentifier: "no-such-ride", to: .pickup, completion: nil, at: later) == .notFound)
            // The vehicle is free again.
            #expect(try await F.book(F.order(at: later), in: store).record?.vehicle.identifier == "V-1")
        }
    }

    @Test(arguments: Backend.allCases) func aRiderCancelsOnlyTheirOwnRide(_ backend: Backend) async throws {
        try await backend.run { fixture in
            let store = fixture.store
            try await F.fleet([Fixture.vehicle("V-1", at: Fixture.point(azimuth: 0, distance: 800))], in: store)
            let ride = try #require(try await F.book(F.order(rider: "ada"), in: store).record).rideIdentifier
            #expect(try await store.cancel(rideIdentifier: ride, rider: "grace", at: F.date) == .notFound)
            #expect(try await store.cancel(rideIdentifier: "no-such-ride", rider: nil, at: F.date) == .notFound)
            #expect(try await store.activeRide(vehicleIdentifier: "V-1")?.rideIdentifier == ride)
            let cancelled = try await store.cancel(rideIdentifier: ride, rider: "ada", at: F.date.addingTimeInterval(30))
            #expect(cancelled.record?.completionStatus == .canceledByUser)
            guard case .updated = cancelled else {
                Issue.record("expected updated, got \(cancelled)")
                return
            }
            #expect(try await store.ride(identifier: ride) == cancelled.record)
            // Twice: refused, the ride as it is.
            guard case .refused = try await store.cancel(rideIdentifier: ride, rider: nil, at: F.date) else {
                Issue.record("a second cancellation was not refused")
                return
            }
            #expect(try await F.book(F.order(rider: "grace"), in: store).record?.vehicle.identifier == "V-1")
        }
    }

    @Test(arguments: Backend.allCases) func listingsAreNewestFirstWithALimit(_ backend: Backend) async throws {
        try await backend.run { fixture in
            let store = fixture.store
            try await F.fleet(
                (0..<6).map {
                    Fixture.vehicle("V-\($0)", at: Fixture.point(azimuth: Double($0) * 60, distance: 500 + Double($0) * 100))
                },
                in: store)
            var booked: [RideRecord] = []
            for n in 0..<6 {
                let rider = n.isMultiple(of: 2) ? "ada" : "grace"
                booked.append(
                    try #require(
                        try await F.book(F.order(rider: rider, at: F.date.addingTimeInterval(Double(n))), in: store).record))
            }
            let newest = Array(booked.reversed())
            #expect(try await store.rides(limit: 100) == newest)
            #expect(try await store.rides(rider: nil, limit: 4) == Array(newest.prefix(4)))
            #expect(try await store.rides(rider: "ada", limit: 100) == newest.filter { $0.rider == "ada" })
            #expect(
                try await store.rides(rider: "grace", limit: 2).map(\.rideIdentifier)
                    == [booked[5], booked[3]].map(\.rideIdentifier))
            #expect(try await store.rides(rider: "nobody", limit: 10).isEmpty)
            #expect(try await store.rides(limit: 0).isEmpty)
            #expect(try await store.rides(limit: -5).isEmpty)
            #expect(try await store.rides(limit: .max).count == 6)
        }
    }

    @Test(arguments: Backend.allCases) func tokensAreStoredAsHashes(_ backend: Backend) async throws {
        try await backend.run { fixture in
            let store = fixture.store
            let (rider, vehicle, admin) = (RideToken.generate(), RideToken.generate(), RideToken.generate())
            #expect(rider.hasPrefix("ldst_") && rider.count == 48 && rider != vehicle)
            try await store.storeToken(hash: RideToken.hash(rider), principal: .rider("ada"), at: F.date)
            try await store.storeToken(hash: RideToken.hash(vehicle), principal: .vehicle("V-1"), at: F.date)
            try await store.storeToken(hash: RideToken.hash(admin), principal: .operator, at: F.date)
            #expect(try await store.principal(token: rider) == .rider("ada"))
            #expect(try await store.principal(token: vehicle) == .vehicle("V-1"))
            #expect(try await store.principal(token: admin) == .operator)
            #expect(try await store.principal(token: "ldst_unknown") == nil)
            #expect(try await store.principal(tokenHash: rider) == nil)  // the token itself is not a key
            try await store.storeToken(hash: RideToken.hash(rider), principal: .rider("grace"), at: F.date)
            #expect(try await store.principal(token: rider) == .rider("grace"))
        }
    }

    /// 32 tasks through two store instances (two connection pools on one database, as two
    /// processes would have) book at once for 20 vehicles: 20 rides, 20 different vehicles, 12
    /// refusals, and the store agrees.
    @Test(arguments: Backend.allCases) func concurrentBookingsNeverAssignAVehicleTwice(_ backend: Backend) async throws {
        try await backend.run { fixture in
            let second = try fixture.another()
            try await F.fleet(
                (0..<20).map {
                    Fixture.vehicle("V-\($0)", at: Fixture.point(azimuth: Double($0) * 18, distance: 300 + Double($0) * 37))
                },
                in: fixture.store)
            let stores = [fixture.store, second]
            let outcomes = try await withThrowingTaskGroup(of: RideBookingOutcome.self) { group in
                for n in 0..<32 {
                    let store = stores[n % 2]
                    group.addTask { try await F.book(F.order(rider: "rider-\(n)"), in: store) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let vehicles = outcomes.compactMap(\.record?.vehicle.identifier)
            #expect(vehicles.count == 20)
            #expect(Set(vehicles).count == 20)
            #expect(outcomes.filter { $0 == .noVehicleAvailable }.count == 12)
            let stored = try await second.rides(limit: 100)
            #expect(stored.count == 20)
            #expect(Set(stored.map(\.vehicle.identifier)).count == 20)
            for n in 0..<20 { #expect(try await fixture.store.activeRide(vehicleIdentifier: "V-\(n)") != nil) }
        }
    }

    /// The search reads positions in widening boxes of latitude and longitude: across the
    /// antimeridian, at 70° and next to the North Pole, every booking still takes the vehicle a
    /// brute-force search over every geodesic finds nearest (vehicles from 200 m to 40 km away,
    /// so that the first circle, 1 km, finds some and misses others).
    @Test(arguments: Backend.allCases) func theNearestIsFoundAcrossTheAntimeridianAndNearThePole(_ backend: Backend) async throws
    {
        let centres = [
            Coordinate(uncheckedLatitude: 0.01, longitude: 179.999), Coordinate(uncheckedLatitude: 70, longitude: -179.995),
            Coordinate(uncheckedLatitude: 89.95, longitude: 30),
        ]
        for (c, centre) in centres.enumerated() {
            try await backend.run { fixture in
                let store = fixture.store
                var random = SplitMix64(seed: UInt64(40 + c))
                let vehicles = (0..<80).map { n in
                    Fixture.vehicle(
                        "V-\(n)",
                        at: Fixture.point(
                            from: centre, azimuth: random.nextUnit() * 360,
                            distance: 200 + 40_000 * random.nextUnit() * random.nextUnit()))
                }
                try await F.fleet(vehicles, in: store)
                var taken = Set<String>()
                for n in 0..<25 {
                    let pickup = Fixture.point(
                        from: centre, azimuth: random.nextUnit() * 360, distance: 3_000 * random.nextUnit())
                    let order = F.order(pickup: pickup, at: F.date.addingTimeInterval(Double(n)))
                    let fitting = vehicles.filter { !taken.contains($0.identifier) }.map { vehicle in
                        (vehicle: vehicle, distance: Geodesic.wgs84.inverse(from: vehicle.position, to: pickup).distance)
                    }.filter { $0.distance <= 50_000 }.sorted { $0.distance < $1.distance }
                    guard case .booked(let record) = try await F.book(order, in: store) else {
                        Issue.record("centre \(c), order \(n): not booked")
                        continue
                    }
                    let nearest = try #require(fitting.first)
                    let tied = fitting.prefix { $0.distance - nearest.distance < 0.01 }.map(\.vehicle.identifier)
                    #expect(tied.contains(record.vehicle.identifier), "centre \(c), order \(n): \(record.vehicle.identifier)")
                    taken.insert(record.vehicle.identifier)
                }
            }
        }
    }

    /// 400 vehicles spread over 70 km around Charing Cross, some busy, offline, larger or of
    /// another option; 60 orders from random pickups: each booking takes the vehicle a brute-force
    /// search over every geodesic (Karney, PROJ) finds nearest among those that fit and are free,
    /// and says "no vehicle in range" or "none available" exactly when it finds that.
    @Test(arguments: Backend.allCases) func theNearestIsTheGeodesicNearest(_ backend: Backend) async throws {
        try await backend.run { fixture in
            let store = fixture.store
            var random = SplitMix64(seed: 15)
            let states: [VehicleState] = [.available, .available, .available, .busy, .offline]
            let vehicles = (0..<400).map { n in
                Fixture.vehicle(
                    "V-\(n)",
                    at: Fixture.point(azimuth: random.nextUnit() * 360, distance: 70_000 * random.nextUnit().squareRoot()),
                    capacity: [2, 4, 4, 6][Int(random.next() % 4)], option: random.nextUnit() < 0.8 ? "Standard" : "XL",
                    state: states[Int(random.next() % 5)])
            }
            try await F.fleet(vehicles, in: store)
            var taken = Set<String>()
            var outcomes: [String: Int] = [:]
            for n in 0..<60 {
                let pickup = Fixture.point(azimuth: random.nextUnit() * 360, distance: 160_000 * random.nextUnit())
                let party = Int(random.next() % 8) + 1
                let option: String? = [nil, "standard", "XL"][Int(random.next() % 3)]
                let order = F.order(pickup: pickup, partySize: party, option: option, at: F.date.addingTimeInterval(Double(n)))
                let measured = vehicles.filter { $0.state != .offline }.map { vehicle in
                    (vehicle: vehicle, distance: Geodesic.wgs84.inverse(from: vehicle.position, to: pickup).distance)
                }.filter { $0.distance <= 50_000 }
                let fitting = measured.filter {
                    $0.vehicle.state == .available && !taken.contains($0.vehicle.identifier) && $0.vehicle.capacity >= party
                        && (option == nil || $0.vehicle.rideOptionName.lowercased() == option?.lowercased())
                }.sorted { $0.distance < $1.distance }
                let outcome = try await F.book(order, in: store)
                switch outcome {
                case .booked(let record):
                    outcomes["booked", default: 0] += 1
                    let nearest = try #require(fitting.first)
                    // Two vehicles less than a centimetre apart in distance may come in either order.
                    let tied = fitting.prefix { $0.distance - nearest.distance < 0.01 }.map(\.vehicle.identifier)
                    #expect(tied.contains(record.vehicle.identifier), "order \(n)")
                    #expect(abs((record.booking.distanceRemaining ?? 0) - nearest.distance) < 0.01, "order \(n)")
                    taken.insert(record.vehicle.identifier)
                case .noVehicleAvailable:
                    outcomes["none available", default: 0] += 1
                    #expect(fitting.isEmpty && !measured.isEmpty, "order \(n)")
                case .noVehicleInRange:
                    outcomes["none in range", default: 0] += 1
                    #expect(measured.isEmpty, "order \(n)")
                case .previousRideNeedsCompletion(let active):
                    Issue.record("order \(n) has no rider limit, yet was refused for \(active) active rides")
                }
            }
            // The draw exercises all three answers.
            #expect(outcomes.count == 3, "\(outcomes)")
        }
    }
}
