import Foundation
import Geodesy
import PostgresNIO
import RideBooking

extension PostgresRideStore: RideBackend {
    /// How many of the nearest reported positions a booking looks at before it looks at all
    /// within range.
    static let nearestFirst = 64

    /// Brings the schema up to date, each migration once and in its own transaction (the PostGIS
    /// extension, the tables, the geography columns and the indexes the nearest-vehicle query
    /// uses); a current database is left alone. Safe to run from several servers at once. Checks
    /// first that the database answers (``checkConnection()``).
    public func migrate() async throws(RideStoreError) {
        try await checkConnection()
        let now = Date().timeIntervalSince1970
        try await transaction { connection in
            let logger = self.logger
            try await connection.query("SELECT pg_advisory_xact_lock(\(PostgresSchema.lockKey))", logger: logger)
            try await connection.query(
                "CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at double precision NOT NULL)",
                logger: logger)
            let version = try await Self.version(connection, logger: logger)
            if version > PostgresSchema.migrations.count {
                throw RideStoreError.incompatibleSchema(path: self.database, version: version)
            }
            for (index, statements) in PostgresSchema.migrations.enumerated() where index + 1 > version {
                for statement in statements { try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger) }
                try await connection.query(
                    "INSERT INTO schema_migrations (version, applied_at) VALUES (\(index + 1), \(now))", logger: logger)
            }
        }
    }

    /// The number of migrations applied to the database, 0 for none.
    public func schemaVersion() async throws(RideStoreError) -> Int {
        try await transaction { connection in
            let exists =
                try await connection.query("SELECT to_regclass('schema_migrations') IS NOT NULL", logger: self.logger)
                .collect().first?.decode(Bool.self) ?? false
            return exists ? try await Self.version(connection, logger: self.logger) : 0
        }
    }

    private static func version(_ connection: PostgresConnection, logger: Logger) async throws -> Int {
        try await connection.query("SELECT coalesce(max(version), 0) FROM schema_migrations", logger: logger)
            .collect().first?.decode(Int.self) ?? 0
    }

    /// Registers the vehicles, or updates the registered ones, in one transaction; their reported
    /// positions are kept.
    public func register(_ vehicles: [Vehicle]) async throws(RideStoreError) {
        let rows = try BackendVehicleRow.validated(vehicles)
        guard !rows.isEmpty else { return }
        let now = Date().timeIntervalSince1970
        try await transaction { connection in
            _ = try await connection.query(
                """
                INSERT INTO vehicle (id, capacity, ride_option, state, record, updated_at)
                SELECT DISTINCT ON (id) id, capacity, ride_option, state, record, \(now)
                FROM unnest(\(rows.map(\.identifier))::text[], \(rows.map(\.capacity))::int8[], \(rows.map(\.rideOption))::text[],
                            \(rows.map(\.state))::text[], \(rows.map(\.json))::text[])
                     WITH ORDINALITY AS r(id, capacity, ride_option, state, record, n)
                ORDER BY id, n DESC
                ON CONFLICT (id) DO UPDATE SET capacity = excluded.capacity, ride_option = excluded.ride_option,
                    state = excluded.state, record = excluded.record, updated_at = excluded.updated_at
                """, logger: self.logger)
        }
    }

    /// Records each vehicle's last reported position, in one transaction; a report older than the
    /// one stored is ignored.
    /// - Returns: the identifiers of the reports' vehicles that are not registered (not stored).
    public func reportPositions(_ reports: [VehicleReport]) async throws(RideStoreError) -> [String] {
        try VehicleReport.validate(reports)
        guard !reports.isEmpty else { return [] }
        let ids = reports.map(\.vehicleIdentifier)
        // nil course and speed travel as NaN (arrays of optionals are not bound) and become NULL.
        let latitudes = reports.map(\.coordinate.latitude)
        let longitudes = reports.map(\.coordinate.longitude)
        let courses = reports.map { $0.course ?? .nan }
        let speeds = reports.map { $0.speed ?? .nan }
        let dates = reports.map(\.date.timeIntervalSince1970)
        return try await transaction { connection in
            let unknown = try await connection.query(
                """
                SELECT DISTINCT u.id FROM unnest(\(ids)::text[]) AS u(id)
                WHERE NOT EXISTS (SELECT 1 FROM vehicle v WHERE v.id = u.id)
                """, logger: self.logger
            ).collect().map { try $0.decode(String.self) }
            // One row per vehicle (its latest report), in identifier order, so that concurrent
            // batches lock rows in the same order.
            try await connection.query(
                """
                INSERT INTO vehicle_position (vehicle_id, position, course, speed, reported_at)
                SELECT DISTINCT ON (r.id) r.id, ST_SetSRID(ST_MakePoint(r.lon, r.lat), 4326)::geography,
                       NULLIF(r.course, 'NaN'), NULLIF(r.speed, 'NaN'), r.at
                FROM unnest(\(ids)::text[], \(latitudes)::float8[], \(longitudes)::float8[], \(courses)::float8[],
                            \(speeds)::float8[], \(dates)::float8[]) AS r(id, lat, lon, course, speed, at)
                JOIN vehicle v ON v.id = r.id
                ORDER BY r.id, r.at DESC
                ON CONFLICT (vehicle_id) DO UPDATE SET position = excluded.position, course = excluded.course,
                    speed = excluded.speed, reported_at = excluded.reported_at
                WHERE excluded.reported_at >= vehicle_position.reported_at
                """, logger: self.logger)
            let missing = Set(unknown)
            return ids.filter { missing.contains($0) }
        }
    }

    /// The vehicle as registered, with its last reported position; nil when not registered.
    public func vehicle(identifier: String) async throws(RideStoreError) -> TrackedVehicle? {
        let database = database
        return try await read { client in
            let rows = try await client.query(
                """
                SELECT v.id, v.record, ST_Y(p.position::geometry), ST_X(p.position::geometry), p.course, p.speed, p.reported_at
                FROM vehicle v LEFT JOIN vehicle_position p ON p.vehicle_id = v.id WHERE v.id = \(identifier)
                """, logger: self.logger
            ).collect()
            guard let row = rows.first else { return nil }
            let (id, json, latitude, longitude, course, speed, reported) = try row.decode(
                (String, String, Double?, Double?, Double?, Double?, Double?).self)
            let vehicle = try BackendVehicleRow.vehicle(json: json, identifier: id, path: database)
            guard let latitude, let longitude, let reported else { return TrackedVehicle(vehicle: vehicle, position: nil) }
            return TrackedVehicle(
                vehicle: vehicle,
                position: VehiclePosition(
                    coordinate: Coordinate(uncheckedLatitude: latitude, longitude: longitude), course: course, speed: speed,
                    date: Date(timeIntervalSince1970: reported)))
        }
    }

    public func checkHealth() async throws(RideStoreError) {
        _ = try await schemaVersion()
    }

    /// Books the nearest free vehicle that fits the order, in one transaction: the nearest
    /// reported positions first (PostGIS's `<->` on the geography, within the order's range on
    /// the spheroid), each vehicle taken with `FOR UPDATE SKIP LOCKED`, so that bookings on other
    /// servers pass to the next vehicle instead of waiting or double-booking.
    /// - Parameters:
    ///   - order: the pickup, party size, ride option, range and rider of the booking.
    ///   - makeRecord: builds the ride for the vehicle chosen; runs inside the transaction.
    public func book(
        _ order: RideBookingOrder, makeRecord: @escaping @Sendable (AssignableVehicle) throws -> RideRecord
    ) async throws(RideStoreError) -> RideBookingOutcome {
        try order.validate()
        return try await transaction { connection in
            let chosen: AssignableVehicle
            switch try await self.choose(order, on: connection, locking: true) {
            case .refused(let outcome): return outcome
            case .available(let vehicle): chosen = vehicle
            }
            let id = chosen.vehicle.identifier
            var record = try makeRecord(chosen)
            guard record.vehicle.identifier == id else {
                throw RideStoreError.invalidVehicle(
                    identifier: record.vehicle.identifier, reason: "the ride was made for another vehicle than \(id)")
            }
            record.rider = order.rider
            do {
                try await self.insert(record, at: order.date, on: connection)
            } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
                throw RideStoreError.vehicleAlreadyAssigned(vehicleIdentifier: id)
            }
            _ = try await connection.query(
                "UPDATE vehicle SET active_ride_id = \(record.rideIdentifier) WHERE id = \(id)", logger: self.logger)
            return .booked(record)
        }
    }

    public func quote(_ order: RideBookingOrder) async throws(RideStoreError) -> RideBookingQuote {
        try order.validate()
        return try await read { connection in try await self.choose(order, on: connection, locking: false) }
    }

    /// The vehicle a booking of `order` takes now, or why none. With `locking` (a booking, in its
    /// transaction): the rider's advisory lock is taken before the count of its active rides, and
    /// the vehicle's row is locked (`FOR UPDATE … SKIP LOCKED`) until the transaction ends.
    /// Without (a quote): plain reads, no lock that a booking would wait for or skip.
    private func choose(_ order: RideBookingOrder, on connection: PostgresConnection, locking: Bool) async throws
        -> RideBookingQuote
    {
        let (latitude, longitude) = (order.pickup.latitude, order.pickup.longitude)
        let option = order.rideOptionName?.lowercased()
        let since = order.reportedSince?.timeIntervalSince1970
        if let rider = order.rider, let limit = order.maximumActiveRides {
            if locking {
                // The rider's own lock until the transaction ends: concurrent bookings of one rider
                // (on any server) count and insert one after another; other riders never wait.
                try await connection.query(
                    "SELECT pg_advisory_xact_lock(\(PostgresSchema.riderLockSpace)::int4, hashtext(\(rider)))", logger: logger)
            }
            let active =
                try await connection.query(
                    "SELECT count(*) FROM ride WHERE rider = \(rider) AND phase <> 4", logger: logger
                ).collect().first?.decode(Int.self) ?? 0
            if active >= limit { return .refused(.previousRideNeedsCompletion(activeRides: active)) }
        }
        // The nearest 64 reported positions on the sphere first (the KNN index scan stops
        // there), the nearest on the spheroid among them; then all within range when none of
        // those is free.
        var found: PostgresRow?
        for nearest in [Optional(Self.nearestFirst), nil] {
            found = try await connection.query(
                """
                SELECT v.id, v.record, ST_Y(n.position::geometry), ST_X(n.position::geometry), n.course, n.speed,
                       n.reported_at, n.distance
                FROM (
                    SELECT p.vehicle_id, p.position, p.course, p.speed, p.reported_at,
                           p.position <-> ST_SetSRID(ST_MakePoint(\(longitude), \(latitude)), 4326)::geography AS knn,
                           ST_Distance(p.position, ST_SetSRID(ST_MakePoint(\(longitude), \(latitude)), 4326)::geography) AS distance
                    FROM vehicle_position p
                    WHERE ST_DWithin(p.position, ST_SetSRID(ST_MakePoint(\(longitude), \(latitude)), 4326)::geography, \(order.range))
                      AND (\(since)::float8 IS NULL OR p.reported_at >= \(since)::float8)
                    ORDER BY knn
                    LIMIT \(nearest)::int8
                ) n JOIN vehicle v ON v.id = n.vehicle_id
                WHERE v.state = 'available' AND v.active_ride_id IS NULL AND v.capacity >= \(order.partySize)
                  AND (\(option)::text IS NULL OR v.ride_option = \(option)::text)
                ORDER BY n.distance, v.id
                LIMIT 1
                \(unescaped: locking ? "FOR UPDATE OF v SKIP LOCKED" : "")
                """, logger: logger
            ).collect().first
            if found != nil { break }
        }
        guard let row = found else {
            let served =
                try await connection.query(
                    """
                    SELECT EXISTS (
                        SELECT 1 FROM vehicle_position p JOIN vehicle v ON v.id = p.vehicle_id
                        WHERE ST_DWithin(p.position, ST_SetSRID(ST_MakePoint(\(longitude), \(latitude)), 4326)::geography, \(order.range))
                          AND v.state <> 'offline' AND (\(since)::float8 IS NULL OR p.reported_at >= \(since)::float8))
                    """, logger: logger
                ).collect().first?.decode(Bool.self) ?? false
            return .refused(served ? .noVehicleAvailable : .noVehicleInRange)
        }
        let (id, json, lat, lon, course, speed, reported, distance) = try row.decode(
            (String, String, Double, Double, Double?, Double?, Double, Double).self)
        let position = VehiclePosition(
            coordinate: Coordinate(uncheckedLatitude: lat, longitude: lon), course: course, speed: speed,
            date: Date(timeIntervalSince1970: reported))
        var vehicle = try BackendVehicleRow.vehicle(json: json, identifier: id, path: database)
        vehicle.position = position.coordinate
        vehicle.course = position.course
        return .available(AssignableVehicle(vehicle: vehicle, position: position, distance: distance))
    }

    private func insert(_ record: RideRecord, at date: Date, on connection: PostgresConnection) async throws {
        let json = try RideRecordColumns.json(record)
        try await connection.query(
            """
            INSERT INTO ride (id, vehicle_id, phase, completion_status, completed_at, booked_at, trip_ends_at, updated_at,
                              record, rider)
            VALUES (\(record.rideIdentifier), \(record.vehicle.identifier), \(record.storedPhase.rawValue),
                    \(record.completionStatus?.rawValue), \(record.completedDate?.timeIntervalSince1970),
                    \(record.booking.bookedDate.timeIntervalSince1970), \(record.trip.endDate.timeIntervalSince1970),
                    \(date.timeIntervalSince1970), \(json), \(record.rider))
            """, logger: logger)
        try await logEvent(record, at: date, on: connection)
    }

    /// The ride with this identifier; nil when there is none.
    public func ride(identifier: String) async throws(RideStoreError) -> RideRecord? {
        try await read { client in
            try await self.decode(
                client.query(
                    "SELECT id, record, phase, completion_status, completed_at, rider FROM ride WHERE id = \(identifier)",
                    logger: self.logger)
            ).first
        }
    }

    /// The newest rides first, at most `limit` (clamped): `rider`'s, or everyone's for nil.
    public func rides(rider: String?, limit: Int) async throws(RideStoreError) -> [RideRecord] {
        let limit = RideBackendSchema.clamp(limit)
        return try await read { client in
            if let rider {
                return try await self.decode(
                    client.query(
                        """
                        SELECT id, record, phase, completion_status, completed_at, rider FROM ride WHERE rider = \(rider)
                        ORDER BY booked_at DESC, id LIMIT \(limit)
                        """, logger: self.logger))
            }
            return try await self.decode(
                client.query(
                    """
                    SELECT id, record, phase, completion_status, completed_at, rider FROM ride
                    ORDER BY booked_at DESC, id LIMIT \(limit)
                    """, logger: self.logger))
        }
    }

    /// Moves the ride to `phase` if its stored phase may advance to it (`completion` is for
    /// `completed` only), in one transaction with the ride's row locked; a refused move returns
    /// `refused` and changes nothing.
    public func advance(
        rideIdentifier: String, to phase: RidePhase, completion: RideCompletionStatus?, at date: Date
    ) async throws(RideStoreError) -> RideUpdateOutcome {
        try await transaction { connection in
            guard let record = try await self.lockedRide(connection, identifier: rideIdentifier) else {
                return RideUpdateOutcome.notFound
            }
            guard let next = record.advanced(to: phase, completion: completion, at: date) else { return .refused(record) }
            try await self.update(next, at: date, on: connection)
            return .updated(next)
        }
    }

    /// Cancels the ride (completed, canceled by the user) if its stored phase may still be
    /// cancelled, with its row locked; with `rider`, only that rider's ride (another's is
    /// `notFound`). A completed ride frees its vehicle.
    public func cancel(rideIdentifier: String, rider: String?, at date: Date) async throws(RideStoreError) -> RideUpdateOutcome {
        try await transaction { connection in
            guard let record = try await self.lockedRide(connection, identifier: rideIdentifier),
                rider == nil || record.rider == rider
            else { return RideUpdateOutcome.notFound }
            guard let next = record.advanced(to: .completed, completion: .canceledByUser, at: date) else {
                return .refused(record)
            }
            try await self.update(next, at: date, on: connection)
            return .updated(next)
        }
    }

    /// Writes a ride's phase and completion; a completed ride frees its vehicle.
    private func update(_ record: RideRecord, at date: Date, on connection: PostgresConnection) async throws {
        try await connection.query(
            """
            UPDATE ride SET phase = \(record.storedPhase.rawValue), completion_status = \(record.completionStatus?.rawValue),
                completed_at = \(record.completedDate?.timeIntervalSince1970), updated_at = \(date.timeIntervalSince1970)
            WHERE id = \(record.rideIdentifier)
            """, logger: logger)
        try await logEvent(record, at: date, on: connection)
        if record.storedPhase == .completed {
            try await connection.query(
                """
                UPDATE vehicle SET active_ride_id = NULL
                WHERE id = \(record.vehicle.identifier) AND active_ride_id = \(record.rideIdentifier)
                """, logger: logger)
        }
    }

    /// The ride the vehicle is on now; nil when it is on none.
    public func activeRides(vehicleIdentifiers: [String]) async throws(RideStoreError) -> [RideRecord] {
        guard !vehicleIdentifiers.isEmpty else { return [] }
        return try await read { client in
            try await self.decode(
                client.query(
                    """
                    SELECT id, record, phase, completion_status, completed_at, rider FROM ride
                    WHERE vehicle_id = ANY(\(vehicleIdentifiers)::text[]) AND phase <> 4
                    """, logger: self.logger))
        }
    }

    /// The ride with this identifier, locked `FOR UPDATE` until the transaction ends.
    private func lockedRide(_ connection: PostgresConnection, identifier: String) async throws -> RideRecord? {
        try await decode(
            connection.query(
                "SELECT id, record, phase, completion_status, completed_at, rider FROM ride WHERE id = \(identifier) FOR UPDATE",
                logger: logger)
        ).first
    }

    private func decode(_ rows: PostgresRowSequence) async throws -> [RideRecord] {
        var records: [RideRecord] = []
        for try await (id, json, phase, completion, completed, rider) in rows.decode(
            (String, String, Int, String?, Double?, String?).self)
        {
            records.append(
                try RideRecordColumns.decode(
                    id: id, json: json, phase: phase, completion: completion, completedAt: completed, rider: rider))
        }
        return records
    }
}
