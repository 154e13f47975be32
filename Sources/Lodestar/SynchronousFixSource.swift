import GNSS

/// A ``FixSource`` that can also hand over its events synchronously: a recording in memory, or a
/// trace file parsed as it is read.
///
/// On the virtual clock, ``LocationManager`` reads such a source in a tight loop and applies the
/// rules to batches of fixes under one lock, instead of awaiting each event, which is what lets a
/// replay run at millions of fixes per second.
public protocol SynchronousFixSource: FixSource {
    /// Calls `body` with each event in order, from the start; stops early when `body` returns false.
    func forEachEvent(_ body: (FixSourceEvent) -> Bool)
}

extension RecordedFixSource: SynchronousFixSource {
    /// Calls `body` with ``SourceState/connected``, the recorded events and ``SourceState/finished``.
    public func forEachEvent(_ body: (FixSourceEvent) -> Bool) {
        guard body(.state(.connected)) else { return }
        for event in recorded where !body(event) { return }
        _ = body(.state(.finished))
    }
}
