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

    /// The most bytes of a tail (``RegionEvent/appendTail(to:timeMemo:)`` writes its members in
    /// 192 bytes of room, then `}` and a newline).
    private static let tailRoom = 200

    /// Appends the lines of `events`, as ``append(_:to:)`` one after another would, writing up to
    /// 1,024 of them into room made once: each line is then its prefix in four stores, its
    /// identifier copied a word at a time and its tail (about a third of the instructions of a
    /// line appended alone).
    package mutating func append(contentsOf events: ArraySlice<RegionEvent>, to out: inout [UInt8]) {
        var k = events.startIndex
        while k < events.endIndex {
            let n = min(events.endIndex - k, 1024)
            // Room for n ordinary lines, and at least for the next whole, whatever its identifier.
            let room = max(n * 320, 29 + 6 * events[k].region.utf8.count + Self.tailRoom)
            out.append(addingCapacity: room) { span in
                span.withUnsafeMutableBufferPointer { buffer, initialized in
                    guard let p = buffer.baseAddress else { return }
                    var used = 0
                    while k < events.endIndex {
                        // Read in place through the slice's storage: no copy of the event.
                        let (key, region) = events.withUnsafeBufferPointer { all in
                            let e = all.baseAddress.map { $0 + (k - events.startIndex) }
                            return (e.map { RegionEvent.TailKey($0.pointee) }, e?.pointee.region ?? "")
                        }
                        if key != self.key {
                            tail.removeAll(keepingCapacity: true)
                            events[k].appendTail(to: &tail, timeMemo: &timeMemo)
                            self.key = key
                        }
                        var id = region
                        let written = id.withUTF8 { r -> Int in
                            guard buffer.count - used >= 29 + 6 * r.count + tail.count else { return 0 }
                            var m = RegionEvent.writePrefix(to: p + used)
                            m += JSONObjectText.writeQuoted(r, to: p + used + m)
                            m += tail.withUnsafeBufferPointer { t -> Int in
                                guard let base = t.baseAddress else { return 0 }
                                (p + used + m).update(from: base, count: t.count)
                                return t.count
                            }
                            return m
                        }
                        if written == 0 { break }
                        used += written
                        k += 1
                    }
                    initialized = used
                }
            }
        }
    }

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
