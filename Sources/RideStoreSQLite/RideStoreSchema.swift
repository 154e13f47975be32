import GRDB
import RideBooking

/// The ride store's schema: the mark, the tables and the version, written only by a store opened
/// for writing (see ``RideStore``), inside one `BEGIN IMMEDIATE` transaction.
enum RideStoreSchema {
    /// The schema version of the open database, and whether it needs the schema step: a database
    /// marked and at ``RideStore/schemaVersion`` needs nothing (and no lock).
    /// - Throws: ``RideStoreError/incompatibleSchema(path:version:)`` for a newer schema.
    static func isCurrent(_ db: Database, path: String) throws -> Bool {
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        if version > RideStore.schemaVersion { throw RideStoreError.incompatibleSchema(path: path, version: version) }
        let mark = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        return version == RideStore.schemaVersion && mark == RideStore.applicationID
    }

    /// Marks the database as a ride store and creates or brings the schema up to date. Checks
    /// again, under the write lock, that the database is blank, unmarked or already a store:
    /// another process may have changed it since it was inspected.
    static func prepare(_ db: Database, path: String) throws {
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        if version > RideStore.schemaVersion { throw RideStoreError.incompatibleSchema(path: path, version: version) }
        let mark = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        if mark != RideStore.applicationID {
            let schema = try Row.fetchAll(
                db, sql: "SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid"
            ).map { (type: $0["type"] as String? ?? "", name: $0["name"] as String? ?? "") }
            _ = try RideStoreFile.classify(
                SQLiteInspection(applicationID: mark, userVersion: version, schema: schema), path: path)
        }
        guard version < RideStore.schemaVersion || mark != RideStore.applicationID else { return }
        try db.execute(sql: "PRAGMA application_id = \(RideStore.applicationID)")
        for (number, sql) in migrations.enumerated() where number + 1 > version {
            try db.execute(sql: sql)
        }
        try db.execute(sql: "PRAGMA user_version = \(RideStore.schemaVersion)")
    }

    /// The migrations, in order: migration N brings `user_version` N − 1 to N. A store at
    /// `user_version` V has run the first V; each runs once, in the schema step's transaction.
    static let migrations: [String] = [
        // 1: the rides and the change feed's revision (the original store).
        """
        CREATE TABLE IF NOT EXISTS ride (
            id TEXT PRIMARY KEY NOT NULL,
            vehicle_id TEXT NOT NULL,
            phase INTEGER NOT NULL CHECK (phase BETWEEN 1 AND 6),
            completion_status TEXT,
            completed_at REAL,
            booked_at REAL NOT NULL,
            trip_ends_at REAL NOT NULL,
            updated_at REAL NOT NULL,
            record TEXT NOT NULL,
            revision INTEGER NOT NULL,
            CHECK ((phase = 4) = (completion_status IS NOT NULL))
        );
        CREATE UNIQUE INDEX IF NOT EXISTS ride_active_vehicle ON ride (vehicle_id) WHERE phase <> 4;
        CREATE INDEX IF NOT EXISTS ride_booked_at ON ride (booked_at);
        CREATE INDEX IF NOT EXISTS ride_revision ON ride (revision);
        CREATE TABLE IF NOT EXISTS store_revision (id INTEGER PRIMARY KEY CHECK (id = 1), value INTEGER NOT NULL);
        INSERT OR IGNORE INTO store_revision (id, value) VALUES (1, 0);
        """,
        // 2: the ride service: who booked each ride, the registered vehicles and their last
        // reported positions, and the tokens' hashes.
        """
        ALTER TABLE ride ADD COLUMN rider TEXT;
        CREATE INDEX ride_rider_booked_at ON ride (rider, booked_at);
        CREATE TABLE vehicle (
            id TEXT PRIMARY KEY NOT NULL,
            capacity INTEGER NOT NULL CHECK (capacity >= 1),
            ride_option TEXT NOT NULL,
            state TEXT NOT NULL CHECK (state IN ('available', 'busy', 'offline')),
            record TEXT NOT NULL,
            updated_at REAL NOT NULL
        );
        CREATE TABLE vehicle_position (
            vehicle_id TEXT PRIMARY KEY NOT NULL REFERENCES vehicle (id) ON DELETE CASCADE,
            latitude REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
            longitude REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
            course REAL,
            speed REAL,
            reported_at REAL NOT NULL
        );
        CREATE INDEX vehicle_position_latitude ON vehicle_position (latitude);
        CREATE TABLE token (
            hash TEXT PRIMARY KEY NOT NULL CHECK (length(hash) = 64),
            kind TEXT NOT NULL CHECK (kind IN ('rider', 'vehicle', 'operator')),
            subject TEXT,
            created_at REAL NOT NULL,
            CHECK ((kind = 'operator') = (subject IS NULL))
        );
        """,
        // 3: tokens that expire and are revoked; each ride's phases as events (the event
        // streams' ids, and what a stream that reconnects with Last-Event-ID missed); the
        // idempotency keys of bookings and cancels, kept 24 h.
        """
        ALTER TABLE token ADD COLUMN expires_at REAL;
        ALTER TABLE token ADD COLUMN revoked_at REAL;
        CREATE TABLE ride_event (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            ride_id TEXT NOT NULL,
            phase INTEGER NOT NULL CHECK (phase BETWEEN 1 AND 6),
            completion_status TEXT,
            at REAL NOT NULL
        );
        CREATE INDEX ride_event_ride ON ride_event (ride_id, id);
        CREATE TABLE idempotency_key (
            principal TEXT NOT NULL,
            key TEXT NOT NULL CHECK (length(key) BETWEEN 1 AND 255),
            fingerprint TEXT NOT NULL,
            status INTEGER,
            response TEXT,
            created_at REAL NOT NULL,
            PRIMARY KEY (principal, key)
        );
        CREATE INDEX idempotency_key_created ON idempotency_key (created_at);
        """,
    ]
}
