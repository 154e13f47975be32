import GNSS

/// Storage for an optional ``TimeOfDay`` in 8 bytes: −1 stands for nil (see `CompactDouble`).
@propertyWrapper
public struct CompactTime: Sendable, Equatable {
    @usableFromInline var raw: Int64

    @inlinable public init(wrappedValue: TimeOfDay?) { raw = wrappedValue?.nanosecondsOfDay ?? -1 }

    @inlinable public var wrappedValue: TimeOfDay? {
        get { raw < 0 ? nil : TimeOfDay(nanosecondsOfDay: raw) }
        set { raw = newValue?.nanosecondsOfDay ?? -1 }
    }
}
