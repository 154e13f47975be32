import RideBooking

extension RideStore {
    /// How a ``RideStore`` is opened.
    public enum Access: Sendable, Hashable {
        /// Creates the file (and its directory) when missing, marks it with
        /// ``RideStore/applicationID``, migrates it, and allows writes: for bookings and
        /// cancellations. Opening takes the write lock only for the schema step (a new, blank or
        /// unmarked store, or an older schema), and when GRDB makes the WAL file non-empty.
        case readWrite
        /// Opens with `SQLITE_OPEN_READONLY`: writes nothing (no WAL switch, no mark, no schema
        /// step), takes no lock that a writer holds, and never waits for a writer; a missing or
        /// empty file reads as a store with no rides. For listing and showing rides, also on a
        /// read-only file or file system. ``RideStore`` writes fail with
        /// `RideStoreError/cannotOpen(path:reason:)`.
        case readOnly
    }
}
