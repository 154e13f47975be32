import LodestarInternals

/// What a writer of many SKY objects (`replay --json`) keeps from one epoch to the next, so that
/// what repeats is not worked out again:
///
/// - the DOPs, computed again only when the used satellites' angles change
///   (``SatelliteGeometryMemo``);
/// - the text of each DOP, copied when the DOP is the last SKY's (`FixedTextMemo`): those
///   computed from an unchanged sky always are;
/// - each satellite's object in `satellites`: a satellite whose number, system, use, elevation,
///   azimuth and SNR are, bit for bit, those of the satellite at the same place in the last SKY
///   is written as the bytes written for it then. At 1 Hz the angles change about once a minute
///   and a steady signal keeps its whole dB-Hz, so most of a sky repeats (61% of the satellites
///   of `make-nmea-corpus.py`'s slice): a copy of about 80 bytes instead of a dozen numbers.
///
/// - the whole `satellites` array's text: when every satellite is the one at its place in the
///   last SKY, but for an SNR whose text keeps its length (a whole dB-Hz of as many digits), the
///   array is the last one's bytes with those SNRs written over: one copy, no object written or
///   copied one by one (most epochs at 1 Hz; issue 22).
///
/// The text is the same bytes as without the memo. A value type: each writer keeps its own; not
/// shared between threads.
public struct SKYMemo: Sendable {
    /// The DOPs of the last sky.
    var geometry = SatelliteGeometryMemo()
    /// The text of each DOP of the last SKY.
    var dops = DOPText()
    /// The satellites of the last SKY, by place, with the length of each one's text (0: none
    /// kept, its text was longer than a slot).
    private var slots: [Slot] = []
    /// The text of the satellite in slot `i`: `slotSize` bytes from `i * slotSize`, and 16 more
    /// after the last slot.
    private var text: [UInt8] = []

    /// The bytes a slot keeps: a satellite's object is usually about 80; a longer one is not kept.
    static let slotSize = 128

    /// The text of the last SKY's `satellites` array between its brackets (the slots' texts joined
    /// by commas), when every one of its `wholeCount` satellites was kept in its slot; and where
    /// each satellite's object starts in it.
    private var whole: [UInt8] = []
    private var wholeStarts: [Int] = []
    /// Satellites `whole` holds; 0 when it holds none.
    private var wholeCount = 0
    /// The last SKY's `uSat`.
    var used = 0

    /// The text of the DOPs the last SKY wrote, one memo a member.
    struct DOPText {
        var xdop = FixedTextMemo(), ydop = FixedTextMemo(), vdop = FixedTextMemo(), tdop = FixedTextMemo()
        var hdop = FixedTextMemo(), gdop = FixedTextMemo(), pdop = FixedTextMemo()
    }

    struct Slot {
        var satellite: SatelliteInView
        var length: Int
        /// Where the SNR's value lies in the text; empty at 0 when there is none.
        var snr: Range<Int>
    }

    public init() {}

    /// Writes the `satellites` member for `listed` from the last SKY's array text (``whole``) when
    /// the sky is the last SKY's (`repeated`: every satellite has the number, system, use and
    /// angles of the last SKY's at its place, as ``SatelliteGeometryMemo/repeated`` tells) and
    /// every SNR is the same or has text of the same length: those SNRs are written over the
    /// kept text (and their slots'), then the array is copied in one piece. Returns false,
    /// writing nothing, for any other sky; the slots may then hold some of the new SNRs already,
    /// as the satellites they describe.
    mutating func writeRepeated(
        _ listed: UnsafeBufferPointer<SatelliteInView>, repeated: Bool, to o: inout JSONObjectText
    ) -> Bool {
        let n = listed.count
        guard repeated, n > 0, n == wholeCount, slots.count >= n else { return false }
        let repeated: Bool = slots.withUnsafeMutableBufferPointer { slots in
            text.withUnsafeMutableBufferPointer { text in
                whole.withUnsafeMutableBufferPointer { whole in
                    wholeStarts.withUnsafeBufferPointer { starts in
                        guard let kept = text.baseAddress, let array = whole.baseAddress, starts.count >= n else {
                            return false
                        }
                        // Read in place: only the SNRs are compared.
                        for i in 0..<n where !slots[i].satellite.hasSameSNR(as: listed[i]) {
                            let snr = slots[i].snr
                            guard !snr.isEmpty, let ss = listed[i].snr, let (digits, count) = SKYEncoder.wholeTenths(ss),
                                count == snr.count
                            else { return false }
                            SKYMemoSlots.store(digits, count, at: kept + (i &* Self.slotSize &+ snr.lowerBound))
                            SKYMemoSlots.store(digits, count, at: array + (starts[i] &+ snr.lowerBound))
                            slots[i].satellite = listed[i]
                        }
                        return true
                    }
                }
            }
        }
        guard repeated else { return false }
        whole.withUnsafeBufferPointer { array in
            o.inPlace(room: array.count + 32) { c in c.add("satellites", array: array) }
        }
        return true
    }

    /// Keeps the text of the `count` satellites just written (the first `count` slots') as
    /// ``whole``, for ``writeRepeated(_:to:)``; nothing when a slot did not keep its text.
    mutating func keepWhole(_ count: Int) {
        wholeCount = 0
        whole.removeAll(keepingCapacity: true)
        wholeStarts.removeAll(keepingCapacity: true)
        guard count > 0, slots.count >= count else { return }
        for i in 0..<count where slots[i].length == 0 { return }
        text.withUnsafeBufferPointer { text in
            for i in 0..<count {
                if i > 0 { whole.append(UInt8(ascii: ",")) }
                wholeStarts.append(whole.count)
                let start = i &* Self.slotSize
                whole.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<(start &+ slots[i].length)]))
            }
        }
        wholeCount = count
    }

    /// Runs `body` with the slots of the first `count` places (made when there are fewer).
    mutating func withSlots<R>(_ count: Int, _ body: (inout SKYMemoSlots) -> R) -> R {
        if slots.count < count {
            slots.append(
                contentsOf: repeatElement(
                    Slot(satellite: SatelliteInView(prn: 0), length: 0, snr: 0..<0),
                    count: count - slots.count))
            // 16 bytes more than the slots: a copy of a slot's tail reads whole blocks past it.
            text.append(contentsOf: repeatElement(0, count: count * Self.slotSize + 16 - text.count))
        }
        return slots.withUnsafeMutableBufferPointer { slots in
            text.withUnsafeMutableBufferPointer { text in
                var view = SKYMemoSlots(slots: slots, text: text)
                return body(&view)
            }
        }
    }
}

/// The slots of a ``SKYMemo`` while a SKY's satellites are written (``SKYMemo/withSlots(_:_:)``).
struct SKYMemoSlots {
    let slots: UnsafeMutableBufferPointer<SKYMemo.Slot>
    let text: UnsafeMutableBufferPointer<UInt8>

    /// Writes the object of satellite `s`, at place `i` of the SKY (below the count the slots
    /// were made for), at `p` (room for ``SKYEncoder/satelliteRoom`` bytes): the last SKY's bytes
    /// for that place when its satellite was the same; those bytes around a new SNR when only
    /// the SNR has changed; else ``SKYEncoder/writeSatellite(_:to:)``'s. The slot keeps what was
    /// written.
    /// - Returns: the bytes written.
    @inline(__always)
    func write(_ s: SatelliteInView, at i: Int, to p: UnsafeMutablePointer<UInt8>) -> Int {
        guard i < slots.count, let base = text.baseAddress else { return SKYEncoder.writeSatellite(s, to: p) }
        let kept = base + i &* SKYMemo.slotSize
        let slot = slots[i]
        if slot.length > 0 && slot.satellite.hasSameGeometry(as: s) {
            if slot.satellite.writesSameSKYObject(as: s) {
                Self.copyBlocks(slot.length, from: kept, to: p)
                return slot.length
            }
            // Only the SNR has changed (the usual change), to text of the same length (a whole
            // dB-Hz of as many digits): the kept text with the new digits written over the old,
            // here and in the slot.
            if !slot.snr.isEmpty, let ss = s.snr, let (text, count) = SKYEncoder.wholeTenths(ss),
                count == slot.snr.count
            {
                Self.copyBlocks(slot.length, from: kept, to: p)
                Self.store(text, count, at: p + slot.snr.lowerBound)
                Self.store(text, count, at: kept + slot.snr.lowerBound)
                slots[i].satellite = s
                return slot.length
            }
            // Only the SNR has changed: the text before and after it is kept.
            if !slot.snr.isEmpty, let ss = s.snr, ss.isFinite, SKYEncoder.isShort(ss) {
                Self.copyBlocks(slot.snr.lowerBound, from: kept, to: p)
                let end = slot.snr.lowerBound &+ SKYEncoder.writeTenths(ss, to: p + slot.snr.lowerBound)
                let tail = slot.length &- slot.snr.upperBound
                Self.copyBlocks(tail, from: kept + slot.snr.upperBound, to: p + end, whole: false)
                let n = end &+ tail
                if n <= SKYMemo.slotSize {
                    Self.copyBlocks(n, from: p, to: kept)
                    slots[i] = SKYMemo.Slot(satellite: s, length: n, snr: slot.snr.lowerBound..<end)
                } else {
                    slots[i].length = 0
                }
                return n
            }
        }
        var snr = 0..<0
        let n = SKYEncoder.writeSatellite(s, to: p, snr: &snr)
        if n <= SKYMemo.slotSize {
            Self.copyBlocks(n, from: p, to: kept)
            slots[i] = SKYMemo.Slot(satellite: s, length: n, snr: snr)
        } else {
            slots[i].length = 0
        }
        return n
    }

    /// Stores the first `count` (3 to 5) bytes of `text` (first byte lowest) at `p`, and no
    /// byte after them: two overlapping stores.
    @inline(__always)
    static func store(_ text: UInt64, _ count: Int, at p: UnsafeMutablePointer<UInt8>) {
        let target = UnsafeMutableRawPointer(p)
        if count >= 4 {
            target.storeBytes(of: UInt32(truncatingIfNeeded: text).littleEndian, as: UInt32.self)
            let last = UInt32(truncatingIfNeeded: text &>> UInt64(truncatingIfNeeded: (count &- 4) &* 8))
            target.storeBytes(of: last.littleEndian, toByteOffset: count &- 4, as: UInt32.self)
        } else {
            target.storeBytes(of: UInt16(truncatingIfNeeded: text).littleEndian, as: UInt16.self)
            let last = UInt16(truncatingIfNeeded: text &>> UInt64(truncatingIfNeeded: (count &- 2) &* 8))
            target.storeBytes(of: last.littleEndian, toByteOffset: count &- 2, as: UInt16.self)
        }
    }

    /// Copies `n` bytes in 16-byte blocks, which reach up to 15 bytes past them at both ends: a
    /// slot holds whole blocks (its size is a multiple of 16, and 16 bytes follow the last), and
    /// a satellite's room is far larger than its text. With `whole`, from and to a slot's start
    /// (128 bytes) or a satellite's room (at least 224), a text of up to 96 bytes (every usual
    /// satellite) is copied as six blocks, no loop.
    @inline(__always)
    static func copyBlocks(_ n: Int, from: UnsafePointer<UInt8>, to: UnsafeMutablePointer<UInt8>, whole: Bool = true) {
        let source = UnsafeRawPointer(from)
        let target = UnsafeMutableRawPointer(to)
        if whole && n <= 96 {
            for k in stride(from: 0, to: 96, by: 16) {
                target.storeBytes(
                    of: source.loadUnaligned(fromByteOffset: k, as: SIMD2<UInt64>.self), toByteOffset: k,
                    as: SIMD2<UInt64>.self)
            }
            return
        }
        var k = 0
        while k < n {
            target.storeBytes(
                of: source.loadUnaligned(fromByteOffset: k, as: SIMD2<UInt64>.self), toByteOffset: k,
                as: SIMD2<UInt64>.self)
            k &+= 16
        }
    }
}
