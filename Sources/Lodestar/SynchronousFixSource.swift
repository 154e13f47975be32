import GNSS

/// Inside the package: a ``FixSource`` that can also hand over its events synchronously: a recording in memory, or a
/// trace file parsed as it is read.
///
/// On the virtual clock, ``LocationManager`` reads such a source in a tight loop, applies the rules
/// to each fix as it is handed over and delivers the events in batches, instead of awaiting each
/// event, which is what lets a replay run at millions of fixes per second.
package protocol SynchronousFixSource: FixSource {
    /// Calls `body` with each event in order, from the start; stops early when `body` returns false.
    func forEachEvent(_ body: (FixSourceEvent) -> Bool)

    /// Like ``forEachEvent(_:)``, but hands runs of consecutive fixes over in place, as buffers valid
    /// only during the call (a `Fix` is a few hundred bytes: a replay at millions of fixes per
    /// second notices each copy), and every other event to `other`. Stops early when either returns
    /// false. The default implementation calls ``forEachEvent(_:)`` and hands each fix in a buffer
    /// of one.
    /// `stop` is asked while the source waits for input (every 100 ms); true ends the reading.
    func forEachEvent(
        fixes: (UnsafeBufferPointer<Fix>) -> Bool, other: (FixSourceEvent) -> Bool, stop: @escaping () -> Bool)
}

extension SynchronousFixSource {
    package func forEachEvent(
        fixes: (UnsafeBufferPointer<Fix>) -> Bool, other: (FixSourceEvent) -> Bool, stop: @escaping () -> Bool
    ) {
        forEachEvent { event in
            guard case .fix(let fix) = event else { return other(event) }
            return withUnsafePointer(to: fix) { fixes(UnsafeBufferPointer(start: $0, count: 1)) }
        }
    }
}
