import LodestarInternals

/// Writes region events as JSON lines, as ``RegionEvent/appendJSON(to:vehicleIdentifier:)`` does
/// (without a vehicle), keeping the text after the last event's identifier: an event that differs
/// from the last only in its region copies it. `lodestar monitor` writes its 100,000 `unknown`
/// lines of one time, then 100,000 initial ones of the first fix's, each as its identifier and a
/// copy (about a fifth of making every member again).
///
/// A value type: each writer keeps its own; not shared between threads.
package struct RegionEventWriter: Sendable {
    /// The last event's tail (``RegionEvent/appendTail(to:timeMemo:)``), and what it was made of.
    private var tail: [UInt8] = []
    private var key: RegionEvent.TailKey?
    private var timeMemo = TimeTextMemo()

    package init() {}

    /// Appends `event`'s line, newline included.
    package mutating func append(_ event: RegionEvent, to out: inout [UInt8]) {
        let key = RegionEvent.TailKey(event)
        if key != self.key {
            tail.removeAll(keepingCapacity: true)
            event.appendTail(to: &tail, timeMemo: &timeMemo)
            self.key = key
        }
        tail.withUnsafeBufferPointer { RegionEvent.appendHead(event.region, vehicle: nil, tail: $0, to: &out) }
    }
}
