/// Storage for an optional `Double` in 8 bytes instead of 16: NaN stands for nil.
///
/// Fixes and NMEA sentences are passed by value through the parser, the assembler and the
/// encoders; keeping them small keeps those paths free of large copies. Properties read and write
/// as `Double?` as usual. Assigning NaN stores nil: an unknown value is nil, never NaN.
@propertyWrapper
public struct CompactDouble: Sendable, Equatable {
    @usableFromInline var raw: Double

    @inlinable public init(wrappedValue: Double?) { raw = wrappedValue ?? .nan }

    @inlinable public var wrappedValue: Double? {
        get { raw.isNaN ? nil : raw }
        set { raw = newValue ?? .nan }
    }

    @inlinable public static func == (a: CompactDouble, b: CompactDouble) -> Bool {
        a.raw == b.raw || (a.raw.isNaN && b.raw.isNaN)
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
