import Foundation

/// Everything a ``RegionEngine`` knows that outlives the process: its rule, its conditions and
/// their last states (with the time each inside region entered, for dwell), and the last decided
/// location (where the next crossing segment starts). What ``RegionStore`` writes.
public struct RegionSnapshot: Sendable, Equatable, Codable {
    /// The format's version; a file of another version is refused.
    public static let currentVersion = 1

    /// One region and its state.
    public struct Entry: Sendable, Equatable, Codable {
        public var condition: RegionCondition
        public var state: RegionState
        /// When the region was entered (or first found inside), for dwell; nil unless inside.
        public var enteredAt: Date?
        /// Whether its dwell has been reported since it entered.
        public var dwellReported: Bool

        public init(condition: RegionCondition, state: RegionState, enteredAt: Date?, dwellReported: Bool) {
            self.condition = condition
            self.state = state
            self.enteredAt = enteredAt
            self.dwellReported = dwellReported
        }
    }

    /// ``currentVersion`` when written by this code.
    public var version: Int
    /// The rule the states were decided by.
    public var rule: RegionRule
    /// The exit margin, metres.
    public var exitMargin: Double
    /// The regions, in no particular order.
    public var regions: [Entry]
    /// The last location's time, for the events of regions added before the next location. (The
    /// last location itself is not kept: after a restart no crossing is looked for between it and
    /// the next, which may be far away and much later.)
    public var lastTime: Date?
    /// How many times the store has written a whole snapshot, 1 or more; nil (read as 0) in a
    /// snapshot not written by a ``RegionStore``. The journal's records name the sequence they
    /// follow (``RegionJournalRecord/sequence``).
    public var sequence: Int?

    public init(
        version: Int = currentVersion, rule: RegionRule, exitMargin: Double, regions: [Entry], lastTime: Date?,
        sequence: Int? = nil
    ) {
        self.version = version
        self.rule = rule
        self.exitMargin = exitMargin
        self.regions = regions
        self.lastTime = lastTime
        self.sequence = sequence
    }
}

extension RegionEngine {
    /// The engine's conditions and states, to store. - Complexity: O(n).
    public var snapshot: RegionSnapshot {
        RegionSnapshot(
            version: RegionSnapshot.currentVersion, rule: rule, exitMargin: exitMargin,
            regions: slots.indices.compactMap { slots[$0].isLive ? entry(at: $0) : nil },
            lastTime: lastTime)
    }

    /// The stored form of the region in slot `i`.
    func entry(at i: Int) -> RegionSnapshot.Entry {
        let s = slots[i]
        return RegionSnapshot.Entry(
            condition: conditions[i], state: s.state,
            enteredAt: s.enteredAt.isNaN ? nil : Date(timeIntervalSince1970: s.enteredAt),
            dwellReported: s.dwellReported)
    }

    /// An engine in the state a snapshot recorded: decided regions keep their states (no initial
    /// event again, no enter again); unknown ones are decided at the next update.
    /// - Throws: ``RegionError/storage(path:reason:)`` (path "snapshot") for another version or a
    ///   repeated identifier; ``RegionError/exitMargin(_:)``.
    public init(snapshot: RegionSnapshot) throws(RegionError) {
        guard snapshot.version == RegionSnapshot.currentVersion else {
            throw .storage(path: "snapshot", reason: "version \(snapshot.version), expected \(RegionSnapshot.currentVersion)")
        }
        try self.init(rule: snapshot.rule, exitMargin: snapshot.exitMargin)
        for entry in snapshot.regions {
            guard condition(entry.condition.id) == nil else {
                throw .storage(path: "snapshot", reason: "region \"\(entry.condition.id)\" appears twice")
            }
            add(entry.condition)
            restore(entry)
        }
        restoreTime(snapshot.lastTime)
    }
}
