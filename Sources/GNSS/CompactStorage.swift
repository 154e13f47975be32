/// Storage for an optional `Double` in 8 bytes instead of 16: one NaN bit pattern stands for nil.
///
/// Fixes and NMEA sentences are passed by value through the parser, the assembler and the
/// encoders; keeping them small keeps those paths free of large copies. Properties read and write
/// as `Double?` as usual, and what is written is what is read back: nil is a signalling NaN with a
/// payload of its own, which no arithmetic produces, and any other NaN assigned is kept as it is.
@propertyWrapper
public struct CompactDouble: Sendable, Equatable {
    @usableFromInline var raw: Double

    /// The bit pattern that stands for nil: a signalling NaN ("LODS" in its payload).
    @usableFromInline static let nilPattern: UInt64 = 0x7FF4_0000_4C4F_4453

    @inlinable public init(wrappedValue: Double?) { raw = Self.store(wrappedValue) }

    @inlinable public var wrappedValue: Double? {
        get { raw.bitPattern == Self.nilPattern ? nil : raw }
        set { raw = Self.store(newValue) }
    }

    /// The stored form of `value`: the nil pattern, or the value as it is (a NaN stays the NaN it
    /// is; only a NaN carrying exactly the nil pattern's payload, which no arithmetic or parser
    /// makes, would read back as nil).
    @inlinable static func store(_ value: Double?) -> Double {
        value ?? Double(bitPattern: nilPattern)
    }

    /// Equal when both are nil, both NaN, or the same number.
    @inlinable public static func == (a: CompactDouble, b: CompactDouble) -> Bool {
        a.raw.bitPattern == b.raw.bitPattern || a.raw == b.raw
            || (a.raw.isNaN && b.raw.isNaN && a.raw.bitPattern != nilPattern && b.raw.bitPattern != nilPattern)
    }
}

/// Storage for an optional small `Int` (−2³¹+1 ... 2³¹−1) in 4 bytes: `Int32.min` stands for nil.
@propertyWrapper
public struct CompactInt: Sendable, Equatable {
    @usableFromInline var raw: Int32

    @inlinable public init(wrappedValue: Int?) {
        raw = wrappedValue.map { Int32(clamping: $0) } ?? .min
    }

    @inlinable public var wrappedValue: Int? {
        get { raw == .min ? nil : Int(raw) }
        set { raw = newValue.map { Int32(clamping: $0) } ?? .min }
    }
}
