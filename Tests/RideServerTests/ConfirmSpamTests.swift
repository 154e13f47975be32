import Foundation
import Synchronization
import TestSupport
import Testing

/// Issue 26: confirm spam held row locks on PostgreSQL. Six clients looping `/rides/confirm`
/// made 16 of 40 real bookings fail "busy" on a one-vehicle fleet, because a confirm ran the
/// booking's transaction (the vehicle row locked `FOR UPDATE … SKIP LOCKED`) and rolled it back:
/// a booking at that moment skipped the locked vehicle. A confirm must not lock what a booking
/// needs. scripts/hostile-load.py's confirm-spam case is the same on a release build.
@Suite("Confirm spam", .serialized)
struct ConfirmSpamTests {
    @Test(
        "Confirms in a loop by six operator clients (no rate limit) take nothing a booking needs: every booking of the only vehicle in range succeeds",
        arguments: StoreKind.allCases)
    func confirmsDoNotTakeTheVehicle(_ kind: StoreKind) async throws {
        try await kind.withServer { server in
            // Only ServerHarness.vehicle is in range; every other vehicle is 60 km away.
            try await server.placeVehicles(point(from: ServerHarness.centre, azimuth: 90, distance: 800))
            let request = ServerHarness.rideRequest(pickup: ServerHarness.centre, dropOff: nil)
            let stop = StopFlag()
            let bookings = 15
            let (confirms, failures) = try await withThrowingTaskGroup(of: [Int: Int].self) { group in
                defer { stop.set() }
                for _ in 0..<6 {
                    group.addTask {
                        var statuses: [Int: Int] = [:]
                        while !stop.isSet {
                            let reply = try await server.probe.send(
                                "POST", "/rides/confirm", token: server.operatorToken, json: request)
                            statuses[reply.status, default: 0] += 1
                        }
                        return statuses
                    }
                }
                var failures: [String] = []
                for _ in 0..<bookings {
                    let reply = try await server.probe.send("POST", "/rides", token: server.riderToken, json: request)
                    guard reply.status == 201, let status = reply.json["rideStatus"] as? [String: Any],
                        let id = status["rideIdentifier"] as? String
                    else {
                        failures.append("\(reply.status) \(reply.json["codeName"] as? String ?? reply.text)")
                        continue
                    }
                    let cancel = try await server.probe.send("POST", "/rides/\(id)/cancel", token: server.riderToken)
                    #expect(cancel.status == 200, "\(cancel)")
                }
                stop.set()
                var confirms: [Int: Int] = [:]
                for try await statuses in group { confirms.merge(statuses, uniquingKeysWith: +) }
                return (confirms, failures)
            }
            #expect(failures == [], "\(failures.count) of \(bookings) bookings failed while confirms ran: \(failures)")
            #expect(confirms.keys.allSatisfy { $0 == 200 }, "\(confirms)")
            print(
                "\(kind): \(confirms[200, default: 0]) confirms by 6 clients, \(bookings - failures.count) of \(bookings) bookings succeeded"
            )
        }
    }

    /// Set once, read by the confirm loops.
    final class StopFlag: Sendable {
        private let flag = Atomic<Bool>(false)
        var isSet: Bool { flag.load(ordering: .relaxed) }
        func set() { flag.store(true, ordering: .relaxed) }
    }
}
