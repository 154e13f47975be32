import GNSS

/// A `FixSource` over fixes already in memory: a recording decoded by other means, fixes a test
/// builds, or the output of a simulator. Ends with `SourceState/finished`.
///
/// Made from fixes alone, it keeps the array it was given (no copy per fix), so that a replay on
/// the virtual clock reads it in place.
public struct RecordedFixSource: FixSource {
    /// The source's name, such as "recording drive.csv".
    public let name: String
    private let storage: Storage

    private enum Storage: Sendable {
        case fixes([Fix])
        case events([FixSourceEvent])
    }

    /// - Parameters:
    ///   - name: a short name for the source.
    ///   - fixes: the fixes, in the order a receiver would give them.
    /// - Complexity: O(1): the array is shared, not copied.
    public init(name: String, fixes: [Fix]) {
        self.name = name
        self.storage = .fixes(fixes)
    }

    /// - Parameters:
    ///   - name: a short name for the source.
    ///   - events: fixes, states and warnings, in order. A final `.state(.finished)` is added.
    public init(name: String, events: [FixSourceEvent]) {
        self.name = name
        self.storage = .events(events)
    }

    /// False: a recording, replayed on its own time.
    public var isLive: Bool { false }

    /// The recorded events, in order (without the `connected` and `finished` states the source
    /// adds). - Complexity: O(n) when the source was made from fixes.
    public var recorded: [FixSourceEvent] {
        switch storage {
        case .fixes(let fixes): fixes.map(FixSourceEvent.fix)
        case .events(let events): events
        }
    }

    /// A fresh stream of the recorded events, then `SourceState/connected` first and
    /// `SourceState/finished` last.
    public func events() -> AsyncStream<FixSourceEvent> {
        let storage = storage
        return AsyncStream(FixSourceEvent.self, bufferingPolicy: .unbounded) { continuation in
            continuation.yield(.state(.connected))
            switch storage {
            case .fixes(let fixes): for fix in fixes { continuation.yield(.fix(fix)) }
            case .events(let events): for event in events { continuation.yield(event) }
            }
            continuation.yield(.state(.finished))
            continuation.finish()
        }
    }
}

extension RecordedFixSource: SynchronousFixSource {
    /// Calls `body` with ``SourceState/connected``, the recorded events and ``SourceState/finished``.
    package func forEachEvent(_ body: (FixSourceEvent) -> Bool) {
        guard body(.state(.connected)) else { return }
        switch storage {
        case .fixes(let fixes):
            for fix in fixes where !body(.fix(fix)) { return }
        case .events(let events):
            for event in events where !body(event) { return }
        }
        _ = body(.state(.finished))
    }

    /// Hands the stored fixes over in place, as one buffer, without copying them into events.
    package func forEachEvent(
        fixes body: (UnsafeBufferPointer<Fix>) -> Bool, other: (FixSourceEvent) -> Bool, stop: @escaping () -> Bool
    ) {
        guard other(.state(.connected)) else { return }
        switch storage {
        case .fixes(let fixes):
            guard fixes.withUnsafeBufferPointer(body) else { return }
        case .events(let events):
            for event in events {
                let more =
                    if case .fix(let fix) = event {
                        withUnsafePointer(to: fix) { body(UnsafeBufferPointer(start: $0, count: 1)) }
                    } else {
                        other(event)
                    }
                guard more else { return }
            }
        }
        _ = other(.state(.finished))
    }
}
