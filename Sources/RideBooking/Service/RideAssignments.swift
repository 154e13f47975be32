import Foundation
import GRDB

/// A process's view of which vehicles are on rides, kept in step with the ride store through its
/// change feed: the first sync reads every active ride; each later one only the rides written
/// since the last revision seen. Inside a booking's write transaction the view is exact, because
/// nobody else can write until it commits.
struct RideAssignments {
    /// One ride's assignment as the store has it.
    struct Change {
        var rideIdentifier: String
        var vehicleIdentifier: String
        var isActive: Bool
        var tripEnd: Date
        var revision: Int64
    }

    /// The rides written since a revision, oldest first, and the store's revision.
    struct Changes {
        var rides: [Change]
        var revision: Int64
        /// Whether `rides` is every active ride (a first sync) rather than a difference.
        var isSnapshot: Bool

        static func fetch(_ db: Database, since revision: Int64?) throws -> Changes {
            let current = try Int64.fetchOne(db, sql: "SELECT value FROM store_revision WHERE id = 1") ?? 0
            let rows: [Row]
            if let revision {
                rows = try Row.fetchAll(
                    db, sql: "SELECT id, vehicle_id, phase, trip_ends_at, revision FROM ride WHERE revision > ? ORDER BY revision",
                    arguments: [revision])
            } else {
                rows = try Row.fetchAll(
                    db, sql: "SELECT id, vehicle_id, phase, trip_ends_at, revision FROM ride WHERE phase <> 4 ORDER BY revision")
            }
            // Decoded with throwing accessors: a damaged row is an error, never a trap.
            let rides = try rows.map { row in
                Change(
                    rideIdentifier: try row.decode(forColumn: "id"), vehicleIdentifier: try row.decode(forColumn: "vehicle_id"),
                    isActive: try row.decode(Int.self, forColumn: "phase") != 4,
                    tripEnd: Date(timeIntervalSince1970: try row.decode(forColumn: "trip_ends_at")),
                    revision: try row.decode(forColumn: "revision"))
            }
            return Changes(rides: rides, revision: current, isSnapshot: revision == nil)
        }

        /// No change: what a store with no database yet answers.
        static func none(since revision: Int64?) -> Changes {
            Changes(rides: [], revision: revision ?? 0, isSnapshot: revision == nil)
        }
    }

    /// The last revision applied; nil before the first sync.
    private(set) var revision: Int64?
    /// The active ride of each busy vehicle, with its trip's end.
    private(set) var rides: [String: (ride: String, tripEnd: Date)] = [:]
    /// The revision of the last change applied to each vehicle.
    private var seen: [String: Int64] = [:]

    /// Applies changes read from the store to this view and to the fleet's busy marks. A change no
    /// newer than the last one applied to its vehicle is skipped, so concurrent syncs and this
    /// process's own writes can land in any order.
    mutating func apply(_ changes: Changes, to fleet: inout Fleet) {
        if changes.isSnapshot {
            // A snapshot only starts a view; once changes have been applied it says nothing new.
            guard revision == nil else { return }
            for ride in changes.rides { mark(ride, in: &fleet) }
        } else {
            for ride in changes.rides where ride.revision > (revision ?? Int64.min) { mark(ride, in: &fleet) }
        }
        revision = max(revision ?? changes.revision, changes.revision)
    }

    /// Applies one ride this process has just written and committed.
    mutating func apply(_ change: Change, to fleet: inout Fleet) {
        mark(change, in: &fleet)
    }

    /// The active ride of a vehicle whose trip has ended by `date`: over, but not yet marked so in
    /// the store.
    func finishedRide(of vehicle: String, by date: Date) -> String? {
        rides[vehicle].flatMap { $0.tripEnd <= date ? $0.ride : nil }
    }

    private mutating func mark(_ change: Change, in fleet: inout Fleet) {
        // Per vehicle, only a newer write counts: a sync on another thread may already have
        // applied a later change than the one this process has just committed.
        guard change.revision > (seen[change.vehicleIdentifier] ?? Int64.min) else { return }
        seen[change.vehicleIdentifier] = change.revision
        if change.isActive {
            rides[change.vehicleIdentifier] = (change.rideIdentifier, change.tripEnd)
            fleet.setBusy(change.vehicleIdentifier, until: change.tripEnd)
        } else if rides[change.vehicleIdentifier]?.ride == change.rideIdentifier {
            rides[change.vehicleIdentifier] = nil
            fleet.setBusy(change.vehicleIdentifier, until: nil)
        }
    }
}
