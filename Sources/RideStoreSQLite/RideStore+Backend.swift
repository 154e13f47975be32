import Foundation
import GRDB
import Geodesy
import RideBooking

/// The SQLite backend: ``RideStore`` is a `RideBackend`. Every write runs in one
/// `BEGIN IMMEDIATE` transaction on GRDB's writer queue (through the store's async
/// `transaction`), so bookings from any number of tasks and processes are serialised by SQLite's
/// write lock: the nearest free vehicle read inside it cannot be taken by another booking before
/// the ride is inserted, and the unique partial index `ride_active_vehicle` refuses a second
/// active ride for a vehicle whatever happens. Nearest: the positions within the range's band of
/// latitude are read, and their distances to the pickup computed on the WGS84 ellipsoid
/// (Karney 2013), in the transaction.
extension RideStore: RideBackend {
    /// The file's path.
    public var database: String { path }

    public func migrate() async throws(RideStoreError) {
        guard access == .readWrite else {
            if try await schemaVersion() > RideStore.schemaVersion {
                throw .incompatibleSchema(path: path, version: try await schemaVersion())
            }
            guard try await schemaVersion() == RideStore.schemaVersion else {
                throw .cannotOpen(path: path, reason: "it was opened read-only and needs migrating")
            }
            return
        }
        let (pool, path) = (try writer(), path)
        do {
            // Opening for writing migrated the store; another process (an older or newer
            // Lodestar) may have changed it since. Only then is the migrator run again, on this
            // task's thread: it waits on SQLite's write lock.
            if try await pool.read({ db in try RideStoreSchema.isCurrent(db, path: path) }) { return }
            try RideStoreSchema.migrate(pool, path: path)
        } catch {
            throw failure(error)
        }
    }

    public func schemaVersion() async throws(RideStoreError) -> Int {
        try await read(empty: 0) { db in try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 }
    }

    /// `GET /health`'s check: the damage any call met since the store opened; else, at most once
    /// per `integrityCheckInterval` (and at the first call), `PRAGMA quick_check`, which reads
    /// every page of every table and index (about 10 ms for a few MB; a large file takes longer,
    /// but no writer waits for it: it is a WAL reader); else the schema version.
    public func checkHealth() async throws(RideStoreError) {
        let now = ContinuousClock.now
        let (damage, due) = health.withLock { state -> (RideStoreError?, Bool) in
            let due = state.checked.map { now - $0 >= Self.integrityCheckInterval } ?? true
            if due { state.checked = now }
            return (state.damage, due)
        }
        if let damage { throw damage }
        guard due else {
            _ = try await schemaVersion()
            return
        }
        let problems: [String]
        do {
            problems = try await read(empty: ["ok"]) { db in try String.fetchAll(db, sql: "PRAGMA quick_check(10)") }
        } catch {
            health.withLock { $0.checked = nil }
            throw error
        }
        guard problems == ["ok"] else {
            let damage = RideStoreError.corrupt(path: path, reason: problems.joined(separator: "; "))
            health.withLock { state in
                if state.damage == nil { state.damage = damage }
            }
            throw damage
        }
    }

    public func register(_ vehicles: [Vehicle]) async throws(RideStoreError) {
        let rows = try BackendVehicleRow.validated(vehicles)
        let now = Date().timeIntervalSince1970
        _ = try await transaction { tx in
            for row in rows {
                try tx.db.execute(
                    sql: """
                        INSERT INTO vehicle (id, capacity, ride_option, state, record, updated_at) VALUES (?, ?, ?, ?, ?, ?)
                        ON CONFLICT (id) DO UPDATE SET capacity = excluded.capacity, ride_option = excluded.ride_option,
                            state = excluded.state, record = excluded.record, updated_at = excluded.updated_at
                        """,
                    arguments: [row.identifier, row.capacity, row.rideOption, row.state, row.json, now])
            }
        }
    }

    public func reportPositions(_ reports: [VehicleReport]) async throws(RideStoreError) -> [String] {
        try VehicleReport.validate(reports)
        return try await transaction { tx in
            var unknown: [String] = []
            for report in reports {
                let known = try tx.db.cachedStatement(sql: "SELECT 1 FROM vehicle WHERE id = ?")
                guard try Int.fetchOne(known, arguments: [report.vehicleIdentifier]) != nil else {
                    unknown.append(report.vehicleIdentifier)
                    continue
                }
                let upsert = try tx.db.cachedStatement(
                    sql: """
                        INSERT INTO vehicle_position (vehicle_id, latitude, longitude, course, speed, reported_at)
                        VALUES (?, ?, ?, ?, ?, ?)
                        ON CONFLICT (vehicle_id) DO UPDATE SET latitude = excluded.latitude, longitude = excluded.longitude,
                            course = excluded.course, speed = excluded.speed, reported_at = excluded.reported_at
                        WHERE excluded.reported_at >= vehicle_position.reported_at
                        """)
                try upsert.execute(arguments: [
                    report.vehicleIdentifier, report.coordinate.latitude, report.coordinate.longitude, report.course,
                    report.speed, report.date.timeIntervalSince1970,
                ])
            }
            return unknown
        }
    }

    public func vehicle(identifier: String) async throws(RideStoreError) -> TrackedVehicle? {
        let path = path
        return try await read(empty: nil) { db in
            // A cached statement: prepared once per connection, not at every status read.
            try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT v.id, v.record, p.latitude, p.longitude, p.course, p.speed, p.reported_at
                        FROM vehicle v LEFT JOIN vehicle_position p ON p.vehicle_id = v.id WHERE v.id = ?
                        """), arguments: [identifier]
            ).flatMap { row in try BackendVehicleRow.tracked(row, path: path) }
        }
    }

    public func book(
        _ order: RideBookingOrder, makeRecord: @escaping @Sendable (AssignableVehicle) throws -> RideRecord
    ) async throws(RideStoreError) -> RideBookingOutcome {
        try order.validate()
        let path = path
        return try await transaction { tx in
            // Under SQLite's write lock (BEGIN IMMEDIATE): no other booking of this rider runs
            // between the count and the insert, and none takes the vehicle chosen.
            let chosen: AssignableVehicle
            switch try Self.choose(order, in: tx.db, path: path) {
            case .refused(let outcome): return outcome
            case .available(let vehicle): chosen = vehicle
            }
            var record = try makeRecord(chosen)
            guard record.vehicle.identifier == chosen.vehicle.identifier else {
                throw RideStoreError.invalidVehicle(
                    identifier: record.vehicle.identifier,
                    reason: "the ride was made for another vehicle than \(chosen.vehicle.identifier)")
            }
            record.rider = order.rider
            try tx.insert(record, at: order.date)
            return .booked(record)
        }
    }

    public func quote(_ order: RideBookingOrder) async throws(RideStoreError) -> RideBookingQuote {
        try order.validate()
        let path = path
        // A WAL reader's snapshot: no write lock, so bookings never wait for a quote.
        return try await read(empty: .refused(.noVehicleInRange)) { db in try Self.choose(order, in: db, path: path) }
    }

    /// The radius of the first circle a booking looks for a free vehicle in, metres.
    static let firstSearchRadius = 1_000.0

    /// The vehicle a booking of `order` takes in `db` now, or why none.
    private static func choose(_ order: RideBookingOrder, in db: Database, path: String) throws -> RideBookingQuote {
        if let rider = order.rider, let limit = order.maximumActiveRides {
            let active =
                try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM ride WHERE rider = ? AND phase <> 4", arguments: [rider]) ?? 0
            if active >= limit { return .refused(.previousRideNeedsCompletion(activeRides: active)) }
        }
        // The nearest free vehicle, looked for in widening circles (1 km, 4 km, 16 km, ... up to
        // the range): each reads only the positions in its circle's box of latitudes and
        // longitudes, and a vehicle found within a circle is the nearest of all, every vehicle
        // outside it being farther. A booking near free vehicles reads a few rows, not every
        // position in the range's band of latitude (578 ms for 100,000 vehicles within 30 km).
        func within(_ radius: Double) -> (sql: String, arguments: StatementArguments) {
            let box = ReportedNearest.box(around: order.pickup, radius: radius)
            var sql = "p.latitude BETWEEN ? AND ?"
            var arguments: StatementArguments = [box.latitudes.lowerBound, box.latitudes.upperBound]
            if let longitudes = box.longitudes {
                sql += " AND p.longitude BETWEEN ? AND ?"
                arguments += [longitudes.lowerBound, longitudes.upperBound]
            }
            if let since = order.reportedSince {
                sql += " AND p.reported_at >= ?"
                arguments += [since.timeIntervalSince1970]
            }
            return (sql, arguments)
        }
        var radius = min(order.range, Self.firstSearchRadius)
        var found: (fitting: [ReportedNearest.Candidate], best: (index: Int, distance: Double))?
        while found == nil {
            let (condition, arguments) = within(radius)
            // The vehicles that could take the ride: only their identifier and position are read.
            let fitting = try ReportedNearest.candidates(
                db,
                sql: """
                    SELECT p.vehicle_id, p.latitude, p.longitude FROM vehicle_position p JOIN vehicle v ON v.id = p.vehicle_id
                    WHERE \(condition) AND v.state = 'available' AND v.capacity >= ? AND (? IS NULL OR v.ride_option = ?)
                      AND NOT EXISTS (SELECT 1 FROM ride r WHERE r.vehicle_id = v.id AND r.phase <> 4)
                    """,
                arguments: arguments + [order.partySize, order.rideOptionName?.lowercased(), order.rideOptionName?.lowercased()])
            if let best = ReportedNearest(pickup: order.pickup, range: radius).nearest(fitting) {
                found = (fitting, best)
            } else if radius >= order.range {
                break
            } else {
                radius = min(order.range, radius * 4)
            }
        }
        guard let (fitting, best) = found else {
            // None fits: is the place served at all?
            let (condition, arguments) = within(order.range)
            let working = try ReportedNearest.candidates(
                db,
                sql: """
                    SELECT p.vehicle_id, p.latitude, p.longitude FROM vehicle_position p JOIN vehicle v ON v.id = p.vehicle_id
                    WHERE \(condition) AND v.state <> 'offline'
                    """, arguments: arguments)
            let search = ReportedNearest(pickup: order.pickup, range: order.range)
            return .refused(search.anyWithinRange(working) ? .noVehicleAvailable : .noVehicleInRange)
        }
        let id = fitting[best.index].identifier
        let row = try Row.fetchOne(
            db,
            sql: """
                SELECT v.id, v.record, p.latitude, p.longitude, p.course, p.speed, p.reported_at
                FROM vehicle v JOIN vehicle_position p ON p.vehicle_id = v.id WHERE v.id = ?
                """, arguments: [id])
        guard let row, let tracked = try BackendVehicleRow.tracked(row, path: path), let position = tracked.position else {
            throw RideStoreError.corrupt(path: path, reason: "vehicle \(id) has no position")
        }
        var vehicle = tracked.vehicle
        vehicle.position = position.coordinate
        vehicle.course = position.course
        return .available(AssignableVehicle(vehicle: vehicle, position: position, distance: best.distance))
    }

    public func rides(rider: String?, limit: Int) async throws(RideStoreError) -> [RideRecord] {
        let limit = RideBackendSchema.clamp(limit)
        return try await read(empty: []) { db in
            try rider.map { try RideRow.fetchAll(db, rider: $0, limit: limit) } ?? RideRow.fetchAll(db, limit: limit)
        }
    }

    public func advance(
        rideIdentifier: String, to phase: RidePhase, completion: RideCompletionStatus?, at date: Date
    ) async throws(RideStoreError) -> RideUpdateOutcome {
        try await transaction { tx in
            guard let record = try tx.ride(identifier: rideIdentifier) else { return RideUpdateOutcome.notFound }
            guard let next = record.advanced(to: phase, completion: completion, at: date) else { return .refused(record) }
            try tx.update(next, at: date)
            return .updated(next)
        }
    }

    public func cancel(rideIdentifier: String, rider: String?, at date: Date) async throws(RideStoreError) -> RideUpdateOutcome {
        try await transaction { tx in
            guard let record = try tx.ride(identifier: rideIdentifier), rider == nil || record.rider == rider else {
                return RideUpdateOutcome.notFound
            }
            guard let next = record.advanced(to: .completed, completion: .canceledByUser, at: date) else {
                return .refused(record)
            }
            try tx.update(next, at: date)
            return .updated(next)
        }
    }

    public func activeRides(vehicleIdentifiers: [String]) async throws(RideStoreError) -> [RideRecord] {
        guard !vehicleIdentifiers.isEmpty else { return [] }
        return try await read(empty: []) { db in try RideRow.fetchActive(db, vehicles: vehicleIdentifiers) }
    }
}
