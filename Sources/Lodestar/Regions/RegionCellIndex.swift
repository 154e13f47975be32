/// The cells of a ``RegionGrid``: cell key → the slots listed there, in an open-addressing hash
/// table with linear probing and a multiplicative hash (Fibonacci hashing, Knuth 6.4), each cell's
/// slots a run in one shared array.
///
/// A `Dictionary` hashes every key with SipHash through `Hasher`, about 100 instructions, on every
/// region added (once per cell it covers) and every update (once per cell it looks up); a cell key
/// is two small integers, not input an attacker chooses freely (a region's cells are bounded and
/// its coordinates checked), so one multiplication mixes it well enough. A cell whose list empties
/// keeps its key: the table holds the cells ever used.
///
/// The lists are runs of one array (``pool``), not an array each: a slot appended is one store
/// into its run's room, and a full run moves to the end of the pool with twice the room, its old
/// place left unused until the pool is compacted (when the places left unused outnumber those in
/// use). An array a cell cost a uniqueness check of two arrays per append and a reallocation at
/// every doubling: 13,000 cells growing to 70 slots each for 100,000 regions, 90,000 allocations
/// and half the cost of adding a region.
struct RegionCellIndex: Sendable {
    /// A cell's list: its slots are `pool[start ..< start + count]`, with room up to `capacity`.
    struct Run: Sendable {
        var start: Int32 = 0
        var count: Int32 = 0
        var capacity: Int32 = 0
    }

    /// The keys, ``empty`` where none; a power of two long.
    private var keys: [Int64]
    /// Each key's run.
    private var runs: [Run]
    /// The runs' slots.
    private var pool: [Int32] = []
    /// Places of the pool in no run (left by runs that moved).
    private var unused = 0
    /// Keys held.
    private(set) var count = 0
    /// log₂ of the table's length.
    private var bits: Int

    /// A key no cell has (rows and columns are well within 32 bits).
    private static let empty = Int64.min
    /// The room of a run when it is first made.
    private static let firstCapacity: Int32 = 8

    init() {
        bits = 4
        keys = Array(repeating: Self.empty, count: 1 << 4)
        runs = Array(repeating: Run(), count: 1 << 4)
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
    func withList(_ key: Int64, _ body: (UnsafeBufferPointer<Int32>) -> Void) {
        let (i, found) = find(key)
        guard found else { return }
        let run = runs[i]
        pool.withUnsafeBufferPointer { p in
            guard let base = p.baseAddress else { return }
            body(UnsafeBufferPointer(start: base + Int(run.start), count: Int(run.count)))
        }
    }

    /// The key of the cell in `row` and `column`.
    @inline(__always)
    static func key(_ row: Int, _ column: Int) -> Int64 { Int64(row) << 32 | Int64(UInt32(bitPattern: Int32(column))) }

    /// Appends `slot` to the lists of the cells in `rows` × `columns` (a region's cells, at most
    /// ``RegionGrid/maximumCells``).
    mutating func append(_ slot: Int32, rows: ClosedRange<Int>, columns: ClosedRange<Int>) {
        // Room for every key first: none moves while the region's are placed. At most half full,
        // so that probes stay short.
        while (count + rows.count * columns.count) * 2 > keys.count { grow() }
        // The arrays are taken out while the cells are filled: each is then a local the optimizer
        // sees whole (no uniqueness check of the struct's arrays at every store).
        var keys: [Int64] = []
        var runs: [Run] = []
        var pool: [Int32] = []
        swap(&keys, &self.keys)
        swap(&runs, &self.runs)
        swap(&pool, &self.pool)
        let mask = keys.count - 1
        for row in rows {
            for column in columns {
                let key = Self.key(row, column)
                var i = home(key)
                while keys[i] != key && keys[i] != Self.empty { i = (i &+ 1) & mask }
                if keys[i] == Self.empty {
                    keys[i] = key
                    runs[i] = Run()
                    count += 1
                }
                var run = runs[i]
                if run.count == run.capacity {
                    // Full: the run moves to the end of the pool with twice the room.
                    let capacity = max(Self.firstCapacity, run.capacity * 2)
                    let start = pool.count
                    pool.append(contentsOf: repeatElement(0, count: Int(capacity)))
                    pool.withUnsafeMutableBufferPointer { p in
                        guard let base = p.baseAddress else { return }
                        (base + start).update(from: base + Int(run.start), count: Int(run.count))
                    }
                    unused += Int(run.capacity)
                    run = Run(start: Int32(start), count: run.count, capacity: capacity)
                }
                pool[Int(run.start + run.count)] = slot
                run.count += 1
                runs[i] = run
            }
        }
        swap(&keys, &self.keys)
        swap(&runs, &self.runs)
        swap(&pool, &self.pool)
        if unused > self.pool.count - unused { compact() }
    }

    /// Removes one `slot` from `key`'s list (the last takes its place); nothing when absent.
    mutating func remove(_ slot: Int32, from key: Int64) {
        let (i, found) = find(key)
        guard found else { return }
        var run = runs[i]
        let start = Int(run.start)
        let end = start + Int(run.count)
        guard let k = pool[start..<end].firstIndex(of: slot) else { return }
        pool[k] = pool[end - 1]
        run.count -= 1
        runs[i] = run
    }

    /// Lays the runs out again without the unused places (an empty run keeps no room).
    private mutating func compact() {
        var packed: [Int32] = []
        packed.reserveCapacity(pool.count - unused)
        for i in runs.indices where keys[i] != Self.empty {
            var run = runs[i]
            if run.count == 0 { run.capacity = 0 }
            let start = Int32(packed.count)
            packed.append(contentsOf: pool[Int(run.start)..<Int(run.start + run.count)])
            packed.append(contentsOf: repeatElement(0, count: Int(run.capacity - run.count)))
            run.start = start
            runs[i] = run
        }
        pool = packed
        unused = 0
    }

    /// Doubles the table and places every key again.
    private mutating func grow() {
        let oldKeys = keys
        let oldRuns = runs
        bits += 1
        keys = Array(repeating: Self.empty, count: 1 << bits)
        runs = Array(repeating: Run(), count: 1 << bits)
        for (key, run) in zip(oldKeys, oldRuns) where key != Self.empty {
            let i = find(key).position
            keys[i] = key
            runs[i] = run
        }
    }
}
