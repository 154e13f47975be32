/// The PostgreSQL schema, as versioned migrations recorded in `schema_migrations` (one row per
/// migration applied: its version and when, seconds since 1970). Migration N is applied once,
/// in order, in one transaction that holds the advisory lock ``lockKey``, so any number of
/// processes may migrate one database at once.
///
/// Positions are `geography(Point, 4326)` (WGS84 longitude, latitude) with a GiST index, so
/// the nearest vehicle is found by the KNN operator `<->` within `ST_DWithin` of the range. Times
/// are `double precision` seconds since 1970, as in the SQLite store, so they come back exactly.
enum PostgresSchema {
    /// `pg_advisory_xact_lock` key of the migrations: "LDST" in ASCII.
    static let lockKey: Int64 = 0x4C44_5354
    /// The first key of the two-key advisory locks a booking takes on its rider (the second is
    /// the rider's `hashtext`); the two-key space never meets ``lockKey``'s one-key space.
    static let riderLockSpace: Int32 = 0x5244

    /// Migration N (index N − 1): its statements, run one by one.
    static let migrations: [[String]] = [
        // 1: the rides (the SQLite store's schema version 1; the change feed's revisions are the
        // SQLite store's own and are not kept here).
        [
            """
            CREATE TABLE ride (
                id text PRIMARY KEY,
                vehicle_id text NOT NULL,
                phase smallint NOT NULL CHECK (phase BETWEEN 1 AND 6),
                completion_status text,
                completed_at double precision,
                booked_at double precision NOT NULL,
                trip_ends_at double precision NOT NULL,
                updated_at double precision NOT NULL,
                record text NOT NULL,
                CHECK ((phase = 4) = (completion_status IS NOT NULL))
            )
            """,
            "CREATE UNIQUE INDEX ride_active_vehicle ON ride (vehicle_id) WHERE phase <> 4",
            "CREATE INDEX ride_booked_at ON ride (booked_at)",
        ],
        // 2: the ride service: PostGIS, who booked each ride, the vehicles, their last reported
        // positions, and the tokens' hashes.
        [
            "CREATE EXTENSION IF NOT EXISTS postgis",
            "ALTER TABLE ride ADD COLUMN rider text",
            "CREATE INDEX ride_rider_booked_at ON ride (rider, booked_at)",
            """
            CREATE TABLE vehicle (
                id text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 128),
                capacity integer NOT NULL CHECK (capacity >= 1),
                ride_option text NOT NULL,
                state text NOT NULL CHECK (state IN ('available', 'busy', 'offline')),
                record text NOT NULL,
                updated_at double precision NOT NULL,
                active_ride_id text
            )
            """,
            """
            CREATE TABLE vehicle_position (
                vehicle_id text PRIMARY KEY REFERENCES vehicle (id) ON DELETE CASCADE,
                position geography(Point, 4326) NOT NULL,
                course double precision,
                speed double precision,
                reported_at double precision NOT NULL
            )
            """,
            "CREATE INDEX vehicle_position_position ON vehicle_position USING gist (position)",
            """
            CREATE TABLE token (
                hash text PRIMARY KEY CHECK (length(hash) = 64),
                kind text NOT NULL CHECK (kind IN ('rider', 'vehicle', 'operator')),
                subject text,
                created_at double precision NOT NULL,
                CHECK ((kind = 'operator') = (subject IS NULL))
            )
            """,
        ],
        // 3: tokens that expire and are revoked; each ride's phases as events (the event
        // streams' ids, and what a stream that reconnects with Last-Event-ID missed; each is
        // announced with NOTIFY on ``RideChangeChannel/name``); the idempotency keys of bookings
        // and cancels, kept 24 h.
        [
            "ALTER TABLE token ADD COLUMN expires_at double precision",
            "ALTER TABLE token ADD COLUMN revoked_at double precision",
            """
            CREATE TABLE ride_event (
                id bigserial PRIMARY KEY,
                ride_id text NOT NULL,
                phase smallint NOT NULL CHECK (phase BETWEEN 1 AND 6),
                completion_status text,
                at double precision NOT NULL
            )
            """,
            "CREATE INDEX ride_event_ride ON ride_event (ride_id, id)",
            """
            CREATE TABLE idempotency_key (
                principal text NOT NULL,
                key text NOT NULL CHECK (length(key) BETWEEN 1 AND 255),
                fingerprint text NOT NULL,
                status integer,
                response text,
                created_at double precision NOT NULL,
                PRIMARY KEY (principal, key)
            )
            """,
            "CREATE INDEX idempotency_key_created ON idempotency_key (created_at)",
        ],
    ]
}
