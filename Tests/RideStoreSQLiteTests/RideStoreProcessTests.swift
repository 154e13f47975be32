import Foundation
import GRDB
import RideBooking
import RideStoreSQLite
import RideTestSupport
import TestSupport
import Testing

/// The store under real processes: the `RideLoad` helper books rides in a loop and prints a line
/// for each one only after the store has committed it.
@Suite struct RideStoreProcessTests {
    /// The directory holding this build's executables.
    static let products: URL = TestData.productsDirectory(holding: "RideLoad")

    /// A running RideLoad whose output lines are collected as they come.
    final class Loader: @unchecked Sendable {
        let process = Process()
        private let lock = NSLock()
        private var buffer = ""
        private var lines: [String] = []
        /// Set when the pipe reached its end: the process and its children closed their output.
        private var ended = false
        private let pipe = Pipe()

        init(store: String, count: Int, fleetSize: Int, seed: UInt64, start: Date? = nil) throws {
            process.executableURL = RideStoreProcessTests.products.appendingPathComponent("RideLoad")
            process.arguments =
                [store, String(count), String(fleetSize), String(seed)]
                + (start.map { [String($0.timeIntervalSince1970)] } ?? [])
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
                let data = handle.availableData
                guard let self else { return }
                guard !data.isEmpty else {
                    self.lock.lock()
                    self.ended = true
                    self.lock.unlock()
                    return
                }
                self.lock.lock()
                self.buffer += String(decoding: data, as: UTF8.self)
                while let newline = self.buffer.firstIndex(of: "\n") {
                    self.lines.append(String(self.buffer[..<newline]))
                    self.buffer.removeSubrange(...newline)
                }
                self.lock.unlock()
            }
            try process.run()
        }

        /// Complete lines so far.
        var output: [String] {
            lock.lock()
            defer { lock.unlock() }
            return lines
        }

        /// Whether everything the process wrote has been read.
        var atEnd: Bool {
            lock.lock()
            defer { lock.unlock() }
            return ended
        }

        /// Waits (polling every 5 ms, up to `timeout`) until `condition` holds for the lines.
        func wait(upTo timeout: Duration, until condition: ([String]) -> Bool) async -> Bool {
            await waitUntil(upTo: timeout, poll: .milliseconds(5)) { condition(output) }
        }

        /// Waits for the process to end and for its output to be read to the end of the pipe
        /// (up to 5 s after the end), then stops reading.
        func finish() async -> [String] {
            // Polled, not waitUntilExit(): a test blocks no thread of the cooperative pool.
            _ = await waitUntil(upTo: .seconds(600), poll: .milliseconds(5)) { !process.isRunning }
            _ = await waitUntil(upTo: .seconds(5), poll: .milliseconds(5)) { atEnd }
            pipe.fileHandleForReading.readabilityHandler = nil
            return output
        }
    }

    static func booked(_ lines: [String]) -> [(ride: String, vehicle: String)] {
        lines.compactMap { line in
            let parts = line.split(separator: " ")
            return parts.count == 3 && parts[0] == "booked" ? (String(parts[1]), String(parts[2])) : nil
        }
    }

    @Test func killNineLosesNoConfirmedRide() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("rides.sqlite")
        var reported: [(ride: String, vehicle: String)] = []
        // Three runs, each killed with SIGKILL at a different moment while it is booking.
        for (run, after) in [12, 37, 60].enumerated() {
            let loader = try Loader(store: path, count: 100_000, fleetSize: 20_000, seed: UInt64(run + 1))
            await #expect(loader.wait(upTo: .seconds(120)) { Self.booked($0).count >= after })
            kill(loader.process.processIdentifier, SIGKILL)
            let lines = await loader.finish()
            #expect(loader.process.terminationReason == .uncaughtSignal)
            #expect(!lines.contains { $0.hasPrefix("error") })
            reported += Self.booked(lines)
        }
        #expect(reported.count >= 109)
        // Every ride reported booked is in the store, with its vehicle, still active (confirmed,
        // or moved on by its vehicle's reports: each run's simulated fleet reports first).
        let store = try RideStore(path: path)
        for (ride, vehicle) in reported {
            let record = try await store.ride(identifier: ride)
            #expect(record?.vehicle.identifier == vehicle, "ride \(ride) lost")
            #expect(record?.storedPhase.isActive == true)
            #expect(record?.rider == nil)
        }
        // The file is whole, and no vehicle is on two active rides.
        let db = try DatabaseQueue(path: path)
        await #expect(try db.read { try String.fetchOne($0, sql: "PRAGMA integrity_check") } == "ok")
        let doubled = try await db.read {
            try Int.fetchOne(
                $0,
                sql: "SELECT COUNT(*) FROM (SELECT vehicle_id FROM ride WHERE phase <> 4 GROUP BY vehicle_id HAVING COUNT(*) > 1)"
            )
        }
        #expect(doubled == 0)
    }

    @Test func twoProcessesNeverAssignOneVehicleTwice() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("rides.sqlite")
        _ = try RideStore(path: path)  // both start on an existing, empty store
        // 200 vehicles, 2 × 150 requests starting at the same instant: exactly 200 can be booked.
        let start = Date().addingTimeInterval(1)
        let a = try Loader(store: path, count: 150, fleetSize: 200, seed: 11, start: start)
        let b = try Loader(store: path, count: 150, fleetSize: 200, seed: 12, start: start)
        let linesA = await a.finish()
        let linesB = await b.finish()
        #expect(a.process.terminationStatus == 0)
        #expect(b.process.terminationStatus == 0)
        #expect(linesA.count == 150 && linesB.count == 150)
        let all = linesA + linesB
        #expect(!all.contains { $0.hasPrefix("error") })  // no constraint violation, no lock timeout
        let booked = Self.booked(linesA) + Self.booked(linesB)
        #expect(booked.count == 200)
        #expect(Set(booked.map(\.vehicle)).count == 200)
        // Both were booking at the same time: each got vehicles, and each was refused some.
        #expect(Self.booked(linesA).count > 0 && Self.booked(linesB).count > 0)
        #expect(all.filter { $0 == "refused failureRequiringAppLaunchServiceTemporarilyUnavailable" }.count == 100)
        let store = try RideStore(path: path)
        #expect(try await store.count() == 200)
        #expect(try await store.activeVehicleIdentifiers(at: Date()).count == 200)
    }

    /// GRDB's migrator reads which migrations ran before it takes the write lock; four processes
    /// that find no store and make it at once must all end with the one migrated store
    /// (`RideStoreSchema.migrate` looks again after the first failure).
    @Test func processesMakingANewStoreAtOnceAllMigrateIt() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("rides.sqlite")
        let start = Date().addingTimeInterval(1)
        let loaders = try (0..<4).map { try Loader(store: path, count: 5, fleetSize: 40, seed: UInt64(20 + $0), start: start) }
        var booked: [(ride: String, vehicle: String)] = []
        for loader in loaders {
            let lines = await loader.finish()
            #expect(loader.process.terminationStatus == 0, "\(lines)")
            booked += Self.booked(lines)
        }
        #expect(booked.count == 20)
        #expect(Set(booked.map(\.vehicle)).count == 20)
        let applied = try await DatabaseQueue(path: path).read { db in
            try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
        }
        #expect(applied == (1...RideBackendSchema.version).map { "v\($0)" })
        #expect(try await RideStore(path: path).schemaVersion() == RideBackendSchema.version)
    }
}
