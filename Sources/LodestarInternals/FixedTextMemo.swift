/// The last number a JSON number member wrote (``JSONMemberCursor/add(_:fixed:decimals:memo:)``)
/// and its text, for a member whose value often repeats from one object to the next (a DOP
/// computed from an unchanged sky): the same value, bit for bit, with the same decimals is
/// written as the same text, copied instead of made again.
///
/// A value type: each writer keeps its own; not shared between threads.
public struct FixedTextMemo: Sendable {
    /// The value's bit pattern.
    @usableFromInline var bits: UInt64 = 0
    @usableFromInline var decimals = -1
    /// The text's length, bytes; 0 when nothing is kept.
    @usableFromInline var length = 0
    /// The text: up to 32 bytes (a number below 10¹⁵ in magnitude takes at most
    /// `DecimalText.maximumShortFixedLength`).
    @usableFromInline var text: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    public init() {}

    /// The most bytes kept.
    @inlinable static var capacity: Int { 32 }

    /// Writes the text of `value` with `decimals` at `p` (room for 32 bytes or
    /// `DecimalText.maximumFixedLength` for a longer number): the kept text when it is that of
    /// the same value, else `DecimalText`'s, which is then kept.
    /// - Returns: the bytes written.
    @inlinable @inline(always)
    mutating func write(_ value: Double, decimals: Int, to p: UnsafeMutablePointer<UInt8>) -> Int {
        let target = UnsafeMutableRawPointer(p)
        if length > 0 && bits == value.bitPattern && self.decimals == decimals {
            // Whole words: the room after the text is at least as large as the text's words.
            target.storeBytes(of: text.0, as: UInt64.self)
            target.storeBytes(of: text.1, toByteOffset: 8, as: UInt64.self)
            if length > 16 {
                target.storeBytes(of: text.2, toByteOffset: 16, as: UInt64.self)
                target.storeBytes(of: text.3, toByteOffset: 24, as: UInt64.self)
            }
            return length
        }
        let n = DecimalText.writeInline(value, decimals: decimals, to: p)
        guard n <= Self.capacity else {
            length = 0
            return n
        }
        // Every byte of the room read below lies within the 32 the caller left.
        let source = UnsafeRawPointer(p)
        text = (
            source.loadUnaligned(as: UInt64.self),
            source.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
            source.loadUnaligned(fromByteOffset: 16, as: UInt64.self),
            source.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
        )
        bits = value.bitPattern
        self.decimals = decimals
        length = n
        return n
    }
}
