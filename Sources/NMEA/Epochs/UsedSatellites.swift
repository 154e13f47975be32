import GNSS

/// The satellites a cycle's GSA sentences name as used, as gpsd numbers them (its `PRN`, 1...447),
/// as a bit set in a buffer allocated once and kept across cycles: recording a GSA and marking
/// the satellites in view cost a few instructions a satellite and no allocation. PRNs outside
/// 1...447 (gpsd numbers none there) are not recorded.
struct UsedSatellites: Sendable {
    private static let wordCount = 7
    private var words = [UInt64](repeating: 0, count: wordCount)
    /// Whether any satellite is recorded.
    private(set) var isEmpty = true

    /// A GSA as recorded: its ids and the system they are numbered for.
    private struct Entry: Sendable {
        var ids: SatelliteIDs
        var system: GNSSSystem?
    }
    /// The GSAs the set was built from, in the order of their cycle. A receiver names the same
    /// satellites epoch after epoch, so a cycle whose GSAs repeat the previous cycle's keeps the
    /// set as it is: comparing a GSA costs less than numbering its ids again.
    private var entries: [Entry] = []
    /// How many GSAs this cycle has recorded.
    private var recorded = 0
    /// Whether this cycle's GSAs have differed from the previous cycle's, so that the set is
    /// being built again.
    private var rebuilding = false

    /// Starts a cycle: its GSAs are compared with the previous cycle's. (A cycle that ended
    /// without ``endCycle()`` while its set was being rebuilt keeps only the GSAs it recorded; one
    /// with more GSAs than are remembered leaves nothing to compare with.)
    mutating func beginCycle() {
        if recorded > Self.maximumEntries {
            // The set holds GSAs that are not remembered: start from nothing.
            entries.removeAll(keepingCapacity: true)
            rebuild(from: 0)
        } else if rebuilding && entries.count > recorded {
            entries.removeLast(entries.count &- recorded)
        }
        recorded = 0
        rebuilding = false
    }

    /// How many GSAs of a cycle are remembered (a receiver sends one per constellation, at most
    /// 6 or 7); a cycle with more is recorded, not remembered, so hostile input cannot grow the list.
    private static let maximumEntries = 16

    /// Records the ids of a cycle's GSA, numbered for `system` (nil: by their ranges, as GPS).
    mutating func record(_ ids: SatelliteIDs, system: GNSSSystem?) {
        defer { recorded &+= 1 }
        if !rebuilding, recorded < entries.count, entries[recorded].system == system,
            entries[recorded].ids == ids
        {
            return
        }
        if !rebuilding { rebuild(from: recorded) }
        if recorded < entries.count {
            entries[recorded] = Entry(ids: ids, system: system)
        } else if entries.count < Self.maximumEntries {
            entries.append(Entry(ids: ids, system: system))
        }
        insert(ids, system: system)
    }

    /// Ends a cycle: with fewer GSAs than the previous cycle (or none), the set is built from
    /// this cycle's alone.
    mutating func endCycle() {
        if !rebuilding && recorded < entries.count { rebuild(from: recorded) }
        if entries.count > recorded { entries.removeLast(entries.count &- recorded) }
    }

    /// Empties the set and records again the first `count` GSAs, which this cycle repeated.
    private mutating func rebuild(from count: Int) {
        rebuilding = true
        if !isEmpty {
            words.withUnsafeMutableBufferPointer { words in
                for i in words.indices { words[i] = 0 }
            }
            isEmpty = true
        }
        for i in 0..<count { insert(entries[i].ids, system: entries[i].system) }
    }

    /// Adds the ids of a GSA, numbered for `system`, to the set.
    private mutating func insert(_ ids: SatelliteIDs, system: GNSSSystem?) {
        guard !ids.isEmpty else { return }
        isEmpty = false
        words.withUnsafeMutableBufferPointer { words in
            for id in ids {
                let prn = GPSDSatelliteNumber.prn(nmeaID: id, system: system)
                if prn > 0 && prn < 448 { words[prn &>> 6] |= 1 &<< UInt64(prn & 63) }
            }
        }
    }

    /// Marks used the satellites of `satellites` that are recorded and have a signal (SNR above
    /// 0), as gpsd marks them.
    func mark(_ satellites: inout [SatelliteInView]) {
        guard !isEmpty else { return }
        words.withUnsafeBufferPointer { words in
            satellites.withUnsafeMutableBufferPointer { satellites in
                for i in satellites.indices where (satellites[i].snr ?? 0) > 0 {
                    let prn = GPSDSatelliteNumber.prn(nmeaID: satellites[i].prn, system: satellites[i].system)
                    if prn > 0 && prn < 448 && words[prn &>> 6] & (1 &<< UInt64(prn & 63)) != 0 {
                        satellites[i].used = true
                    }
                }
            }
        }
    }
}
