import Foundation
import Geodesy

/// The ride store as a networked ride service uses it: one interface, two backends.
///
/// - `RideStore` (SQLite through GRDB): embedded, zero set-up, one host. Writes are serialised
///   by SQLite's write lock (`BEGIN IMMEDIATE`).
/// - `PostgresRideStore` (module `RideStorePostgres`, PostgreSQL 15 + PostGIS 3 through
///   postgres-nio): any number of processes on any number of hosts share one database; a booking
///   locks its vehicle with `SELECT … FOR UPDATE SKIP LOCKED`.
///
/// Both keep the same rules, checked by one test suite run against both:
/// - **No double assignment**: `book(_:)` picks the nearest free vehicle and inserts the ride in
///   one transaction; a unique partial index on the vehicle of every active ride refuses a second
///   assignment even if that logic were bypassed.
/// - **Durability**: every write is one transaction, committed before the call returns.
/// - **Positions are reported**: a vehicle is booked from the last position it reported
///   (``reportPositions(_:)``), never from a simulation; a vehicle that never reported is not
///   booked.
/// - **Tokens**: only a token's SHA-256 (`RideToken/hash(_:)`) is stored, with its
///   ``RidePrincipal``.
/// - **Errors** are ``RideStoreError``s naming the database (a file path, or a PostgreSQL URL
///   without its password); a task cancelled while it waits gets
///   ``RideStoreError/cancelled(path:)``.
///
/// Times are `Date`s, stored as seconds since 1970 (double precision) so they come back exactly.
/// Ride identifiers are the ``RideStatus/rideIdentifier`` (a UUID string). Limits are clamped to
/// 0...`maximumListLimit`.
public protocol RideBackend: Sendable {
    /// The database errors name: the SQLite file's path, or the PostgreSQL URL without password.
    var database: String { get }

    // MARK: Migrations

    /// Brings the schema up to ``RideBackendSchema/version``, each migration once, in order, each
    /// in its own transaction; a database already current is left alone. Idempotent, and safe to
    /// run from several processes at once.
    /// - Throws: ``RideStoreError/incompatibleSchema(path:version:)`` for a newer database.
    func migrate() async throws(RideStoreError)

    /// The migrations applied, 0 for none.
    func schemaVersion() async throws(RideStoreError) -> Int

    /// `GET /health`'s check: that the store answers and that what it holds can be read. SQLite:
    /// a damaged file (pages that do not read, whichever call met them since the store opened, or
    /// `PRAGMA quick_check`, run at most once per `RideStore/integrityCheckInterval`) is
    /// ``RideStoreError/corrupt(path:reason:)`` until the store is opened again. PostgreSQL: the
    /// schema version answers.
    func checkHealth() async throws(RideStoreError)

    // MARK: Vehicles

    /// Registers the vehicles, or updates them when already registered (capacity, ride option,
    /// speed, state, plate, driver…), in one transaction. A vehicle's reported position is kept;
    /// its `position` (the stand) is stored as registered but not used for booking.
    /// - Throws: ``RideStoreError/invalidVehicle(identifier:reason:)`` for capacity < 1, a
    ///   speed that is not positive and finite, or an identifier that is empty or over 128
    ///   bytes (and then nothing is written).
    func register(_ vehicles: [Vehicle]) async throws(RideStoreError)

    /// Records each vehicle's last position, in one transaction. A report older than the
    /// position already stored for its vehicle is ignored (reports may arrive out of order).
    /// - Returns: the identifiers that are not registered, in the order given; their reports
    ///   are not stored, the others are.
    /// - Throws: ``RideStoreError/invalidVehicle(identifier:reason:)`` for a course outside
    ///   [0, 360) or a speed that is negative or not finite (and then nothing is written).
    func reportPositions(_ reports: [VehicleReport]) async throws(RideStoreError) -> [String]

    /// The vehicle as registered and its last reported position; nil when not registered.
    func vehicle(identifier: String) async throws(RideStoreError) -> TrackedVehicle?

    // MARK: Booking

    /// Books a ride, atomically: picks the nearest vehicle that is available (state
    /// ``VehicleState/available``, on no active ride), seats ``RideBookingOrder/partySize``,
    /// serves ``RideBookingOrder/rideOptionName`` (any when nil, compared without regard to case),
    /// and whose last reported position is within ``RideBookingOrder/range`` metres of the pickup
    /// (and no older than ``RideBookingOrder/reportedSince``), then asks `makeRecord` for the ride
    /// and inserts it with the rider, all in one transaction. Never assigns a vehicle to two
    /// active rides, whatever the number of processes booking at once.
    /// - Parameters:
    ///   - order: the pickup, party size, ride option, range and rider of the booking.
    ///   - makeRecord: builds the ride for the vehicle chosen (its reported position is
    ///     in ``AssignableVehicle/position``); runs inside the transaction, so it must be quick and
    ///     touch nothing else. Its ``RideRecord/rider`` is replaced by the order's rider, and
    ///     its vehicle must be the one given.
    func book(
        _ order: RideBookingOrder, makeRecord: @escaping @Sendable (AssignableVehicle) throws -> RideRecord
    ) async throws(RideStoreError) -> RideBookingOutcome

    /// The vehicle ``book(_:makeRecord:)`` would assign to `order` now, or the refusal it would
    /// give (with a rider and ``RideBookingOrder/maximumActiveRides``, also for the rider's active
    /// rides), without booking: a confirm's quote. It takes no lock that a booking waits for or
    /// skips, so that any number of quotes never make a booking fail or wait (issue 26: confirms
    /// that ran the booking's transaction and rolled it back locked the vehicle on PostgreSQL,
    /// and bookings at that moment found every vehicle busy). Two calls may quote one vehicle;
    /// only a booking takes it.
    func quote(_ order: RideBookingOrder) async throws(RideStoreError) -> RideBookingQuote

    // MARK: Rides

    /// The ride with this identifier (with its ``RideRecord/rider``), or nil.
    func ride(identifier: String) async throws(RideStoreError) -> RideRecord?

    /// The rides, newest booking first (ties by identifier), at most `limit`: every ride when
    /// `rider` is nil, else only that rider's.
    func rides(rider: String?, limit: Int) async throws(RideStoreError) -> [RideRecord]

    /// Moves a ride to a phase driven by its vehicle's positions (``RidePhase/approachingPickup``,
    /// ``RidePhase/pickup``, ``RidePhase/ongoing``, ``RidePhase/completed``), if the stored phase
    /// may advance to it (``RidePhase/canTransition(to:)``); `completion` is required for
    /// ``RidePhase/completed`` and refused otherwise. A completed ride frees its vehicle.
    func advance(
        rideIdentifier: String, to phase: RidePhase, completion: RideCompletionStatus?, at date: Date
    ) async throws(RideStoreError) -> RideUpdateOutcome

    /// Cancels a ride (completed, ``RideCompletionStatus/canceledByUser``) if its stored phase is
    /// cancelable; with `rider`, only that rider's ride (another's is ``RideUpdateOutcome/notFound``).
    func cancel(rideIdentifier: String, rider: String?, at date: Date) async throws(RideStoreError) -> RideUpdateOutcome

    /// The active rides (not completed) of these vehicles, in one read: at most one a vehicle,
    /// in no particular order; a vehicle without one is not in the answer.
    func activeRides(vehicleIdentifiers: [String]) async throws(RideStoreError) -> [RideRecord]

    // MARK: Events

    /// The ride's events after `eventIdentifier` (all for nil), oldest first, at most
    /// ``RideEvent/readLimit``.
    func rideEvents(rideIdentifier: String, after eventIdentifier: Int64?) async throws(RideStoreError) -> [RideEvent]

    /// Calls `changed` for every ride event committed by any process sharing the store, first
    /// with ``RideChange/any``, until the task is cancelled; a lost connection is retried every
    /// second (each time with ``RideChange/any`` again). PostgreSQL: one listening connection
    /// (`LISTEN`; each event is a `NOTIFY`), no query. SQLite: one read of the event log every
    /// `interval`, whatever the number of followers.
    /// - Parameters:
    ///   - interval: SQLite's read interval, 0.01...5 s (clamped).
    ///   - changed: called with each change, on the following task; it must return quickly.
    func followRideChanges(every interval: Duration, _ changed: @escaping @Sendable (RideChange) -> Void) async

    // MARK: Idempotency keys

    /// Claims `key` at `date` for a request, in one transaction: keys older than
    /// ``IdempotencyKey/lifetime`` are forgotten first; a key claimed more than
    /// ``IdempotencyKey/abandonedAfter`` ago and never completed is claimed again. Of two
    /// requests claiming one key at once, on any servers, exactly one gets ``IdempotencyClaim/claimed``.
    func claimIdempotencyKey(_ key: IdempotencyKey, at date: Date) async throws(RideStoreError) -> IdempotencyClaim

    /// Stores the response of the request that claimed `key`: HTTP status and text.
    func completeIdempotencyKey(_ key: IdempotencyKey, status: Int, response: String) async throws(RideStoreError)

    /// Forgets a claimed key whose request failed without a response worth repeating (a store
    /// error), so that a retry runs again.
    func releaseIdempotencyKey(_ key: IdempotencyKey) async throws(RideStoreError)

    // MARK: Tokens

    /// Stores a token's hash (`RideToken/hash(_:)`: 64 lowercase hexadecimal digits; the
    /// table's CHECK refuses another length) for a principal, accepted until `expires` (nil:
    /// never). Storing the same hash again replaces its principal and expiry and clears a
    /// revocation.
    func storeToken(hash: String, principal: RidePrincipal, at date: Date, expires: Date?) async throws(RideStoreError)

    /// The token with this hash, also when it is expired or revoked (``RideTokenRecord/isValid(at:)``
    /// says whether it is accepted); nil when no token has it.
    func token(hash: String) async throws(RideStoreError) -> RideTokenRecord?

    /// Every token, oldest first, at most ``RideBackendSchema/maximumListLimit``: hashes only.
    func tokens() async throws(RideStoreError) -> [RideTokenRecord]

    /// Revokes the one token whose hash starts with `hashPrefix` (lowercase hexadecimal, at
    /// least ``RideTokenRecord/identifierLength`` digits, or the whole hash), at `date`; a token
    /// already revoked keeps its first time. Nothing is revoked when the prefix is ambiguous.
    func revokeToken(hashPrefix: String, at date: Date) async throws(RideStoreError) -> RideTokenRevocation
}

extension RideBackend {
    /// The vehicle's active ride (not completed), or nil.
    public func activeRide(vehicleIdentifier: String) async throws(RideStoreError) -> RideRecord? {
        try await activeRides(vehicleIdentifiers: [vehicleIdentifier]).first
    }

    /// Every ride, newest first, at most `limit`.
    public func rides(limit: Int) async throws(RideStoreError) -> [RideRecord] { try await rides(rider: nil, limit: limit) }

    /// Stores a token that never expires.
    public func storeToken(hash: String, principal: RidePrincipal, at date: Date) async throws(RideStoreError) {
        try await storeToken(hash: hash, principal: principal, at: date, expires: nil)
    }

    /// The principal of a token hash accepted now (not expired, not revoked); nil otherwise.
    public func principal(tokenHash: String) async throws(RideStoreError) -> RidePrincipal? {
        guard let token = try await token(hash: tokenHash), token.isValid(at: Date()) else { return nil }
        return token.principal
    }
}

/// What both backends' schemas are at and what their listings allow.
public enum RideBackendSchema {
    /// The schema version this code writes: migration 1 is the original ride store (`ride`,
    /// `store_revision`), migration 2 adds riders, vehicles, positions and tokens, migration 3
    /// token expiry and revocation, ride events and idempotency keys.
    public static let version = 3
    /// The most rides one listing returns.
    public static let maximumListLimit = 10_000

    /// `limit` clamped to 0...``maximumListLimit``.
    package static func clamp(_ limit: Int) -> Int { min(max(0, limit), maximumListLimit) }
}
