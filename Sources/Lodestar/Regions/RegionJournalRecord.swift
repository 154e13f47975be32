import Foundation

/// One change to a stored ``RegionSnapshot``, as one line of the store's journal
/// (``RegionStore/journalURL``): the regions set (added, or their states changed) and removed,
/// and the last location's time. Applying a record replaces each named region whole, so applying
/// the records of a journal again to a snapshot that already holds them changes nothing.
public struct RegionJournalRecord: Sendable, Equatable, Codable {
    /// The ``RegionSnapshot/sequence`` of the snapshot this record follows; a record of another
    /// sequence (left by a crash after a newer snapshot was written) is ignored.
    public var sequence: Int
    /// The last location's time after the change, or nil when there has been none.
    public var lastTime: Date?
    /// The regions added or changed, whole; a region of the same identifier is replaced.
    public var set: [RegionSnapshot.Entry]
    /// The identifiers of the regions removed (applied before ``set``).
    public var removed: [String]

    public init(sequence: Int, lastTime: Date?, set: [RegionSnapshot.Entry], removed: [String]) {
        self.sequence = sequence
        self.lastTime = lastTime
        self.set = set
        self.removed = removed
    }
}

extension RegionSnapshot {
    /// The snapshot with the journal's records of its sequence applied, in order.
    /// - Complexity: O(regions + entries in the records).
    func applying(_ records: [RegionJournalRecord]) -> RegionSnapshot {
        let mine = records.filter { $0.sequence == (sequence ?? 0) }
        guard !mine.isEmpty else { return self }
        var entries: [RegionSnapshot.Entry?] = regions
        var place: [String: Int] = [:]
        place.reserveCapacity(regions.count)
        for (k, entry) in regions.enumerated() { place[entry.condition.id] = k }
        var result = self
        for record in mine {
            for id in record.removed {
                if let k = place.removeValue(forKey: id) { entries[k] = nil }
            }
            for entry in record.set {
                if let k = place[entry.condition.id] {
                    entries[k] = entry
                } else {
                    place[entry.condition.id] = entries.count
                    entries.append(entry)
                }
            }
            result.lastTime = record.lastTime
        }
        result.regions = entries.compactMap(\.self)
        return result
    }
}
