import GNSS

/// A ``FixSource`` over fixes already in memory: a recording decoded by other means, fixes a test
/// builds, or the output of a simulator. Ends with ``SourceState/finished``.
public struct RecordedFixSource: FixSource {
    /// The source's name, such as "recording drive.csv".
    public let name: String
    /// The events, in order.
    public let recorded: [FixSourceEvent]

    /// - Parameters:
    ///   - name: a short name for the source.
    ///   - fixes: the fixes, in the order a receiver would give them.
    public init(name: String, fixes: [Fix]) {
        self.name = name
        self.recorded = fixes.map(FixSourceEvent.fix)
    }

    /// - Parameters:
    ///   - name: a short name for the source.
    ///   - events: fixes, states and warnings, in order. A final `.state(.finished)` is added.
    public init(name: String, events: [FixSourceEvent]) {
        self.name = name
        self.recorded = events
    }

    /// A fresh stream of the recorded events, then ``SourceState/connected`` first and
    /// ``SourceState/finished`` last.
    public func events() -> AsyncStream<FixSourceEvent> {
        let recorded = recorded
        return AsyncStream(FixSourceEvent.self, bufferingPolicy: .unbounded) { continuation in
            continuation.yield(.state(.connected))
            for event in recorded { continuation.yield(event) }
            continuation.yield(.state(.finished))
            continuation.finish()
        }
    }
}
