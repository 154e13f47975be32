import GRDB
import RideBooking

/// The ride store's schema: the mark, the tables and the version, written only by a store opened
/// for writing (see ``RideStore``).
///
/// The tables are made and changed by GRDB's `DatabaseMigrator` (``migrator``), which records
/// each migration it ran in `grdb_migrations` and runs each in a `BEGIN IMMEDIATE` transaction of
/// its own. Around it:
/// - **The mark** (`PRAGMA application_id`) is checked and written first, in one `BEGIN IMMEDIATE`
///   transaction that also checks again, under the write lock, that the file is blank, unmarked or
///   already a store: another process may have changed it since it was inspected.
/// - **Stores from before the migrator** (`PRAGMA user_version` V ≥ 1, no `grdb_migrations`) are
///   adopted in that same transaction: the first V migrations are recorded as run, so the migrator
///   runs only the newer ones.
/// - **`PRAGMA user_version`** is set to ``RideStore/schemaVersion`` after the migrator: the
///   version is readable from the file's header without a query (``isCurrent(_:path:)``,
///   `RideStoreFile`), and a store from a newer Lodestar (a higher version) is refused before
///   anything is written.
/// - **Two processes migrating at once**: the migrator reads which migrations ran before it takes
///   the write lock, so the second of two processes finds its first migration already recorded
///   and fails. It then looks again and goes on from what the other process left: at most one
///   retry per migration.
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

    /// Marks the database as a ride store and brings its schema up to date: the mark, the
    /// migrator, the version (see the type's documentation). Blocks the calling thread on SQLite's
    /// write lock, at most the pool's busy timeout per step.
    /// - Throws: `RideStoreError` (`incompatibleSchema`, `notALodestarStore`) or GRDB's error.
    static func migrate(_ pool: DatabasePool, path: String) throws {
        try pool.writeWithoutTransaction { db in
            try db.inTransaction(.immediate) {
                try mark(db, path: path)
                return .commit
            }
        }
        let migrator = Self.migrator
        var attempt = 0
        while true {
            do {
                try migrator.migrate(pool)
                break
            } catch {
                attempt += 1
                if try pool.read(migrator.hasCompletedMigrations) { break }
                if attempt > migrations.count { throw error }
            }
        }
        try pool.writeWithoutTransaction { db in
            try db.inTransaction(.immediate) {
                let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                if version > RideStore.schemaVersion { throw RideStoreError.incompatibleSchema(path: path, version: version) }
                if version < RideStore.schemaVersion { try db.execute(sql: "PRAGMA user_version = \(RideStore.schemaVersion)") }
                return .commit
            }
        }
    }

    /// The migrator: migration N of ``migrations`` is registered as `vN`.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for (index, sql) in migrations.enumerated() {
            migrator.registerMigration(identifier(index + 1)) { db in try db.execute(sql: sql) }
        }
        return migrator
    }

    /// The identifier migration `number` (1-based) is recorded under in `grdb_migrations`.
    static func identifier(_ number: Int) -> String { "v\(number)" }

    /// Checks the mark and the version under the write lock, writes the mark, and adopts a store
    /// from before the migrator. Runs inside the caller's `BEGIN IMMEDIATE` transaction.
    private static func mark(_ db: Database, path: String) throws {
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        if version > RideStore.schemaVersion { throw RideStoreError.incompatibleSchema(path: path, version: version) }
        let mark = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        if mark != RideStore.applicationID {
            let schema = try Row.fetchAll(
                db, sql: "SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid"
            ).map { (type: $0["type"] as String? ?? "", name: $0["name"] as String? ?? "") }
            _ = try RideStoreFile.classify(
                SQLiteInspection(applicationID: mark, userVersion: version, schema: schema), path: path)
            try db.execute(sql: "PRAGMA application_id = \(RideStore.applicationID)")
        }
        if version > 0, try !db.tableExists("grdb_migrations") {
            try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
            for number in 1...version {
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [identifier(number)])
            }
        }
    }

    /// The migrations, in order: migration N (`vN` in `grdb_migrations`) brings the schema of
    /// version N − 1 to N. Each runs once, in a transaction of its own. Never edit one that has
    /// shipped: add the next.
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
