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
        Self.home(key, UInt64(64 - bits))
    }

    /// The position where `key` starts its probe in a table of 2^(64 − `shift`) places.
    @inline(__always)
    private static func home(_ key: Int64, _ shift: UInt64) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> shift)
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
    ///
    /// In two passes, each through pointers (no uniqueness check of an array per cell): the keys
    /// and runs are found, placed and counted, noting where the slot goes and which runs move;
    /// then the pool grows once for the runs that move, they are copied, and the slot is stored.
    mutating func append(_ slot: Int32, rows: ClosedRange<Int>, columns: ClosedRange<Int>) {
        let n = rows.count * columns.count
        // Room for every key first: none moves while the region's are placed. At most half full,
        // so that probes stay short.
        while (count + n) * 2 > keys.count { grow() }
        // The table is taken out as locals while it is filled (no access to the struct inside).
        var keys: [Int64] = []
        var runs: [Run] = []
        swap(&keys, &self.keys)
        swap(&runs, &self.runs)
        let mask = keys.count - 1
        let shift = UInt64(64 - bits)
        let poolCount = pool.count
        var placed = 0
        var added = 0
        var moved = 0
        var freed = 0
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 4 * n) { notes in
            guard let notes = notes.baseAddress else { return }
            // notes[0 ..< n]: where the slot goes in the pool; after them, three for each run that
            // moves: where it was, where it goes, how many slots it holds.
            keys.withUnsafeMutableBufferPointer { keys in
                runs.withUnsafeMutableBufferPointer { runs in
                    guard let keys = keys.baseAddress, let runs = runs.baseAddress else { return }
                    var k = 0
                    for row in rows {
                        for column in columns {
                            let key = Self.key(row, column)
                            var i = Self.home(key, shift)
                            while keys[i] != key && keys[i] != Self.empty { i = (i &+ 1) & mask }
                            if keys[i] == Self.empty {
                                keys[i] = key
                                runs[i] = Run()
                                placed &+= 1
                            }
                            var run = runs[i]
                            if run.count == run.capacity {
                                // Full: the run moves to the end of the pool with twice the room.
                                let capacity = max(Self.firstCapacity, run.capacity &* 2)
                                let start = poolCount &+ added
                                notes[n &+ 3 &* moved] = Int(run.start)
                                notes[n &+ 3 &* moved &+ 1] = start
                                notes[n &+ 3 &* moved &+ 2] = Int(run.count)
                                moved &+= 1
                                added &+= Int(capacity)
                                freed &+= Int(run.capacity)
                                run.start = Int32(truncatingIfNeeded: start)
                                run.capacity = capacity
                            }
                            notes[k] = Int(run.start &+ run.count)
                            k &+= 1
                            run.count &+= 1
                            runs[i] = run
                        }
                    }
                }
            }
            if added > 0 { pool.append(contentsOf: repeatElement(0, count: added)) }
            pool.withUnsafeMutableBufferPointer { pool in
                guard let base = pool.baseAddress else { return }
                for m in 0..<moved {
                    let at = n &+ 3 &* m
                    (base + notes[at &+ 1]).update(from: base + notes[at], count: notes[at &+ 2])
                }
                for k in 0..<n { base[notes[k]] = slot }
            }
        }
        swap(&keys, &self.keys)
        swap(&runs, &self.runs)
        count += placed
        unused += freed
        if unused > pool.count - unused { compact() }
    }

    /// A slot and the rows and columns of the cells it is listed in (inclusive), for ``build(_:)``.
    struct Listing {
        var slot: Int32
        var rows: ClosedRange<Int>
        var columns: ClosedRange<Int>
    }

    /// Lists many slots at once, as ``append(_:rows:columns:)`` one after another would (each
    /// cell's slots in the order given), when the index holds no cell yet; otherwise appends them
    /// one by one. The table is made large enough at once; then in two passes over the cells,
    /// through pointers: the keys are placed and their slots counted, then each run is laid out in
    /// the pool with room for exactly its slots and filled (no run moves).
    mutating func build(_ listings: [Listing]) {
        guard count == 0, pool.isEmpty else {
            for l in listings { append(l.slot, rows: l.rows, columns: l.columns) }
            return
        }
        // Room for every key first, at most half full: no more keys than cells listed, nor than
        // the cells of the box around them all.
        var total = 0
        var rowLow = Int.max
        var rowHigh = Int.min
        var columnLow = Int.max
        var columnHigh = Int.min
        for l in listings {
            total += l.rows.count * l.columns.count
            rowLow = min(rowLow, l.rows.lowerBound)
            rowHigh = max(rowHigh, l.rows.upperBound)
            columnLow = min(columnLow, l.columns.lowerBound)
            columnHigh = max(columnHigh, l.columns.upperBound)
        }
        guard total > 0 else { return }
        let spanned = (rowHigh - rowLow + 1).multipliedReportingOverflow(by: columnHigh - columnLow + 1)
        let bound = spanned.overflow ? total : min(total, spanned.partialValue)
        var b = bits
        while bound * 2 > 1 << b { b += 1 }
        if b > bits {
            bits = b
            self.keys = Array(repeating: Self.empty, count: 1 << b)
            self.runs = Array(repeating: Run(), count: 1 << b)
        }
        // The table taken out as locals while it is filled (no access to the struct inside).
        var keys: [Int64] = []
        var runs: [Run] = []
        swap(&keys, &self.keys)
        swap(&runs, &self.runs)
        let mask = keys.count - 1
        let shift = UInt64(64 - bits)
        var placed = 0
        // Left uninitialised: the passes write every element (the runs cover the pool exactly).
        var filled = [Int32](unsafeUninitializedCapacity: total) { _, n in n = total }
        // Each listed cell's place in the table, noted in the first pass for the second.
        var places = [Int32](unsafeUninitializedCapacity: total) { _, n in n = total }
        keys.withUnsafeMutableBufferPointer { keys in
            runs.withUnsafeMutableBufferPointer { runs in
                filled.withUnsafeMutableBufferPointer { filled in
                    places.withUnsafeMutableBufferPointer { places in
                        guard let keys = keys.baseAddress, let runs = runs.baseAddress, let pool = filled.baseAddress,
                            let places = places.baseAddress
                        else { return }
                        Self.fill(listings, keys, runs, pool, places, mask: mask, shift: shift, placed: &placed)
                    }
                }
            }
        }
        swap(&keys, &self.keys)
        swap(&runs, &self.runs)
        count = placed
        pool = filled
    }

    /// ``build(_:)``'s passes, through the table's, the pool's and the places' pointers.
    private static func fill(
        _ listings: [Listing], _ keys: UnsafeMutablePointer<Int64>, _ runs: UnsafeMutablePointer<Run>,
        _ pool: UnsafeMutablePointer<Int32>, _ places: UnsafeMutablePointer<Int32>, mask: Int, shift: UInt64,
        placed: inout Int
    ) {
        // Keys placed, each run's count the slots it will hold. (Plain counted loops: a closed
        // range's iterator checks for its upper bound at every step.)
        var c = 0
        for l in listings {
            var row = l.rows.lowerBound
            while row <= l.rows.upperBound {
                defer { row &+= 1 }
                var column = l.columns.lowerBound
                while column <= l.columns.upperBound {
                    defer { column &+= 1 }
                    let key = Int64(row) << 32 | Int64(UInt32(truncatingIfNeeded: column))
                    var i = Self.home(key, shift)
                    while keys[i] != key && keys[i] != Self.empty { i = (i &+ 1) & mask }
                    if keys[i] == Self.empty {
                        keys[i] = key
                        runs[i] = Run()
                        placed &+= 1
                    }
                    runs[i].count &+= 1
                    places[c] = Int32(truncatingIfNeeded: i)
                    c &+= 1
                }
            }
        }
        // Each run's place in the pool, its room its count; the counts start again.
        var start: Int32 = 0
        for i in 0...mask where keys[i] != Self.empty {
            let n = runs[i].count
            runs[i] = Run(start: start, count: 0, capacity: n)
            start &+= n
        }
        c = 0
        for l in listings {
            let end = c &+ l.rows.count &* l.columns.count
            while c < end {
                let i = Int(places[c])
                pool[Int(runs[i].start &+ runs[i].count)] = l.slot
                runs[i].count &+= 1
                c &+= 1
            }
        }
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
