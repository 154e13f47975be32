/// The cells of a ``RegionGrid``: cell key → the slots listed there, in an open-addressing hash
/// table with linear probing and a multiplicative hash (Fibonacci hashing, Knuth 6.4).
///
/// A `Dictionary` hashes every key with SipHash through `Hasher`, about 100 instructions, on every
/// region added (once per cell it covers) and every update (once per cell it looks up); a cell key
/// is two small integers, not input an attacker chooses freely (a region's cells are bounded and
/// its coordinates checked), so one multiplication mixes it well enough. A cell whose list empties
/// keeps its key (with an empty list, no allocation): the table holds the cells ever used.
struct RegionCellIndex: Sendable {
    /// The keys, ``empty`` where none; a power of two long.
    private var keys: [Int64]
    /// Each key's slots.
    private var lists: [[Int32]]
    /// Keys held.
    private(set) var count = 0
    /// log₂ of the table's length.
    private var bits: Int

    /// A key no cell has (rows and columns are well within 32 bits).
    private static let empty = Int64.min

    init() {
        bits = 4
        keys = Array(repeating: Self.empty, count: 1 << 4)
        lists = Array(repeating: [], count: 1 << 4)
    }

    /// The table position where `key` starts its probe.
    @inline(__always)
    private func home(_ key: Int64) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
    }

    /// The position of `key`, or of the empty place where it would go.
    @inline(__always)
    private func find(_ key: Int64) -> (position: Int, found: Bool) {
        let mask = keys.count - 1
        var i = home(key)
        while true {
            let k = keys[i]
            if k == key { return (i, true) }
            if k == Self.empty { return (i, false) }
            i = (i &+ 1) & mask
        }
    }

    /// Calls `body` with the slots listed under `key`, without copying them; nothing when none.
    @inline(__always)
    func withList(_ key: Int64, _ body: ([Int32]) -> Void) {
        let (i, found) = find(key)
        if found { body(lists[i]) }
    }

    /// Appends `slot` to `key`'s list.
    mutating func append(_ slot: Int32, to key: Int64) {
        var (i, found) = find(key)
        if !found {
            // At most half full: probes stay short.
            if (count + 1) * 2 > keys.count {
                grow()
                i = find(key).position
            }
            keys[i] = key
            count += 1
        }
        lists[i].append(slot)
    }

    /// Removes one `slot` from `key`'s list (the last takes its place); nothing when absent.
    mutating func remove(_ slot: Int32, from key: Int64) {
        let (i, found) = find(key)
        guard found, let k = lists[i].firstIndex(of: slot) else { return }
        lists[i].swapAt(k, lists[i].count - 1)
        lists[i].removeLast()
        if lists[i].isEmpty { lists[i] = [] }
    }

    /// Doubles the table and places every key again.
    private mutating func grow() {
        let oldKeys = keys
        let oldLists = lists
        bits += 1
        keys = Array(repeating: Self.empty, count: 1 << bits)
        lists = Array(repeating: [], count: 1 << bits)
        for (key, list) in zip(oldKeys, oldLists) where key != Self.empty {
            let i = find(key).position
            keys[i] = key
            lists[i] = list
        }
    }
}
