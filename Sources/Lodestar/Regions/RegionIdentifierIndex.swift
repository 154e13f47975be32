/// Region identifiers → places in an array of conditions (a ``RegionEngine``'s slots, a
/// ``GeoJSONReader``'s features): an open-addressing table with linear probing that keeps, for
/// each identifier, its place and 32 bits of its hash, and reads the identifier itself from the
/// caller's array when those bits match.
///
/// A `Dictionary<String, Int32>` hashes with SipHash-1-3 through `Hasher`, 300–400 instructions
/// for a short identifier, and `lodestar monitor` hashed each of 100,000 twice at the start (the
/// collection's check for repeats, then the engine's index); this table hashes the UTF-8 bytes 8
/// at a time with a multiply-fold (wyhash's 128-bit product folded to 64 bits), about a tenth of
/// that, and keeps 8 bytes an identifier instead of a copy of the string. The hash starts from the
/// process's `Hasher` seed (random per process, fixed under `SWIFT_DETERMINISTIC_HASHING`), so a
/// file of identifiers that collide cannot be made in advance; it is no cryptographic hash.
struct RegionIdentifierIndex: Sendable {
    /// Each place: the hash's high 32 bits, then the array index + 1; 0 where empty. A power of
    /// two long, at most half full.
    private var entries: [UInt64]
    /// Identifiers held.
    private(set) var count = 0
    /// log₂ of the table's length (the home of a hash is its top `bits` bits).
    private var bits = 4

    init() {
        entries = Array(repeating: 0, count: 1 << 4)
    }

    /// The array indices held, in no particular order.
    var indices: [Int32] {
        entries.compactMap { $0 == 0 ? nil : Int32(truncatingIfNeeded: $0 & 0xFFFF_FFFF) - 1 }
    }

    /// The index of the condition whose identifier is `id`, or nil.
    func index(of id: String, in conditions: [RegionCondition]) -> Int32? {
        let (position, found) = find(id, Self.hash(id), conditions)
        return found ? Self.index(entries[position]) : nil
    }

    /// Puts `index` under `id`, when no index is there. - Returns: the index already under `id`
    /// (then kept), or nil when `index` was put. `conditions[index].id` must be `id`.
    mutating func insert(_ id: String, index: Int32, in conditions: [RegionCondition]) -> Int32? {
        let hash = Self.hash(id)
        var (position, found) = find(id, hash, conditions)
        if found { return Self.index(entries[position]) }
        if (count + 1) * 2 > entries.count {
            grow(to: bits + 1)
            position = find(id, hash, conditions).position
        }
        entries[position] = (hash & 0xFFFF_FFFF_0000_0000) | UInt64(UInt32(bitPattern: index) &+ 1)
        count += 1
        return nil
    }

    /// Takes `id` out. - Returns: its index, or nil when it was not there.
    mutating func remove(_ id: String, in conditions: [RegionCondition]) -> Int32? {
        var (i, found) = find(id, Self.hash(id), conditions)
        guard found else { return nil }
        let removed = Self.index(entries[i])
        // Backward-shift deletion: each entry after the hole that may move into it does, so that no
        // probe passes an empty place before its entry.
        let mask = entries.count - 1
        entries[i] = 0
        var j = i
        while true {
            j = (j + 1) & mask
            let entry = entries[j]
            if entry == 0 { break }
            let home = self.home(entry)
            // Whether the entry's home lies cyclically in (i, j]: then it stays.
            let stays = i <= j ? (home > i && home <= j) : (home > i || home <= j)
            if !stays {
                entries[i] = entry
                entries[j] = 0
                i = j
            }
        }
        count -= 1
        return removed
    }

    /// Makes room for `n` identifiers in all without growing.
    mutating func reserveCapacity(_ n: Int) {
        var b = bits
        while n * 2 > 1 << b { b += 1 }
        if b > bits { grow(to: b) }
    }

    // MARK: The table

    private static func index(_ entry: UInt64) -> Int32 {
        Int32(truncatingIfNeeded: entry & 0xFFFF_FFFF) &- 1
    }

    @inline(__always)
    private func home(_ entry: UInt64) -> Int {
        Int(truncatingIfNeeded: entry >> UInt64(64 - bits))
    }

    /// Where `id` is, or the empty place where it would go.
    @inline(__always)
    private func find(_ id: String, _ hash: UInt64, _ conditions: [RegionCondition]) -> (position: Int, found: Bool) {
        let mask = entries.count - 1
        let high = hash & 0xFFFF_FFFF_0000_0000
        var i = home(hash)
        while true {
            let entry = entries[i]
            if entry == 0 { return (i, false) }
            if entry & 0xFFFF_FFFF_0000_0000 == high, conditions[Int(Self.index(entry))].id == id { return (i, true) }
            i = (i + 1) & mask
        }
    }

    /// Places every entry again in a table of 2^`newBits` places (the hash's high bits are kept,
    /// so nothing is hashed again).
    private mutating func grow(to newBits: Int) {
        let old = entries
        bits = newBits
        entries = Array(repeating: 0, count: 1 << newBits)
        let mask = entries.count - 1
        for entry in old where entry != 0 {
            var i = home(entry)
            while entries[i] != 0 { i = (i + 1) & mask }
            entries[i] = entry
        }
    }

    // MARK: The hash

    /// The seed: the process's `Hasher` seed, through a hash of a constant.
    private static let seed: UInt64 = {
        var hasher = Hasher()
        hasher.combine(0x5EED_1D)
        return UInt64(truncatingIfNeeded: hasher.finalize())
    }()

    /// Folds the 128-bit product of two words to 64 bits (wyhash's "mum").
    @inline(__always)
    private static func fold(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let (high, low) = a.multipliedFullWidth(by: b)
        return high ^ low
    }

    /// The hash of an identifier's UTF-8 bytes.
    static func hash(_ id: String) -> UInt64 {
        var id = id
        return id.withUTF8 { bytes in
            let k0: UInt64 = 0xA076_1D64_78BD_642F
            let k1: UInt64 = 0xE703_7ED1_A0B4_28DB
            var h = seed ^ (UInt64(bytes.count) &* k0)
            guard let base = bytes.baseAddress else { return fold(h ^ k0, k1) }
            let raw = UnsafeRawPointer(base)
            var i = 0
            while bytes.count - i >= 8 {
                h = fold(h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self), k1)
                i += 8
            }
            // The last 1–7 bytes in at most three loads, as wyhash reads them: two 4-byte words
            // that overlap, or the first, middle and last byte; with the length (in the seed's
            // mix) they tell every byte.
            let rest = bytes.count - i
            if rest >= 4 {
                let low = UInt64(raw.loadUnaligned(fromByteOffset: i, as: UInt32.self))
                let high = UInt64(raw.loadUnaligned(fromByteOffset: bytes.count - 4, as: UInt32.self))
                h = fold(h ^ (low | high << 32), k1)
            } else if rest > 0 {
                h = fold(h ^ (UInt64(base[i]) | UInt64(base[i + rest / 2]) << 8 | UInt64(base[bytes.count - 1]) << 16), k1)
            }
            return fold(h ^ k0, k1)
        }
    }
}
