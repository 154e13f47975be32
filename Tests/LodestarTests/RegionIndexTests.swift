import Foundation
import Geodesy
import Testing

@testable import Lodestar

/// The engine's tables checked against plain models: the identifier index against a dictionary,
/// the cells against an array a cell, and the event writer against `RegionEvent.appendJSON`.
@Suite("regions: the identifier index, the cells and the event writer")
struct RegionIndexTests {
    static func circle(_ id: String) throws -> RegionCondition {
        try RegionCondition(id: id, shape: .circle(center: Coordinate(uncheckedLatitude: 51.5, longitude: -0.12), radius: 50))
    }

    @Test("identifiers put, found, refused when repeated and removed (backward shifts) as a dictionary has them")
    func identifierIndex() throws {
        var index = RegionIdentifierIndex()
        var model: [String: Int32] = [:]
        var conditions: [RegionCondition] = []
        var generator = SystemRandomNumberGenerator()
        // 3,000 identifiers, some long (several words hashed), some non-ASCII, in a table that grows.
        for k in 0..<3000 {
            let id = k % 7 == 0 ? "région-\(k)-" + String(repeating: "x", count: k % 40) : "r\(k)"
            conditions.append(try Self.circle(id))
            #expect(index.insert(id, index: Int32(k), in: conditions) == nil)
            model[id] = Int32(k)
        }
        #expect(index.count == 3000)
        // A repeat keeps the first index.
        conditions.append(try Self.circle("r17"))
        #expect(index.insert("r17", index: 3000, in: conditions) == 17)
        conditions.removeLast()
        // Remove half at random; every other identifier is still found where it was.
        for id in model.keys.shuffled(using: &generator).prefix(1500) {
            #expect(index.remove(id, in: conditions) == model[id])
            #expect(index.remove(id, in: conditions) == nil)
            model[id] = nil
        }
        #expect(index.count == 1500)
        for (id, slot) in model { #expect(index.index(of: id, in: conditions) == slot) }
        #expect(index.index(of: "absent", in: conditions) == nil)
        #expect(Set(index.indices) == Set(model.values))
    }

    @Test("cells built at once list what appending one by one lists, in order; appends after the build move runs")
    func cellsBuilt() {
        var state: UInt64 = 7
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % n
        }
        var listings: [RegionCellIndex.Listing] = []
        for slot in 0..<3000 {
            let row = next(40) - 20
            let column = next(40) - 20
            listings.append(
                RegionCellIndex.Listing(slot: Int32(slot), rows: row...(row + next(4)), columns: column...(column + next(6))))
        }
        var built = RegionCellIndex()
        built.build(listings)
        var appended = RegionCellIndex()
        for l in listings { appended.append(l.slot, rows: l.rows, columns: l.columns) }
        // More after the build: runs built with no room move; the same to the one appended to.
        for slot in 3000..<3500 {
            let rows = (next(10) - 5)...(next(10) + 5)
            let column = next(10) - 5
            let columns = column...(column + next(3))
            built.append(Int32(slot), rows: rows, columns: columns)
            appended.append(Int32(slot), rows: rows, columns: columns)
        }
        #expect(built.count == appended.count && built.count > 1000)
        for row in -30...30 {
            for column in -30...30 {
                var a: [Int32] = []
                var b: [Int32] = []
                built.withList(RegionCellIndex.key(row, column)) { a.append(contentsOf: $0) }
                appended.withList(RegionCellIndex.key(row, column)) { b.append(contentsOf: $0) }
                #expect(a == b, "cell \(row), \(column)")
            }
        }
        // A build into cells that hold some already appends one by one.
        var again = appended
        again.build(Array(listings[0..<10]))
        var model = appended
        for l in listings[0..<10] { model.append(l.slot, rows: l.rows, columns: l.columns) }
        for row in -30...30 {
            for column in -30...30 {
                var a: [Int32] = []
                var b: [Int32] = []
                again.withList(RegionCellIndex.key(row, column)) { a.append(contentsOf: $0) }
                model.withList(RegionCellIndex.key(row, column)) { b.append(contentsOf: $0) }
                #expect(a == b, "cell \(row), \(column) after a second build")
            }
        }
    }

    @Test("cells list what was appended, in order, through moves and compactions; removal swaps the last in")
    func cells() {
        var cells = RegionCellIndex()
        var model: [Int64: [Int32]] = [:]
        // 2,000 regions of up to 4 × 5 cells over 30 × 30 cells: runs fill, move and are compacted.
        var state: UInt64 = 25
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % n
        }
        for slot in 0..<2000 {
            let row = next(30) - 15
            let column = next(30) - 15
            let rows = row...(row + next(4))
            let columns = column...(column + next(5))
            cells.append(Int32(slot), rows: rows, columns: columns)
            for r in rows {
                for c in columns { model[RegionCellIndex.key(r, c), default: []].append(Int32(slot)) }
            }
        }
        for (key, list) in model {
            var listed: [Int32] = []
            cells.withList(key) { listed.append(contentsOf: $0) }
            #expect(listed == list)
        }
        // Removing a slot puts the cell's last slot in its place.
        let key = RegionCellIndex.key(0, 0)
        let list = model[key] ?? []
        guard list.count >= 3 else {
            Issue.record("cell (0, 0) lists \(list.count) slots")
            return
        }
        cells.remove(list[0], from: key)
        var listed: [Int32] = []
        cells.withList(key) { listed.append(contentsOf: $0) }
        #expect(listed == [list[list.count - 1]] + list[1..<(list.count - 1)])
        // A cell never used lists nothing.
        var none = 0
        cells.withList(RegionCellIndex.key(1000, 1000)) { none += $0.count }
        #expect(none == 0)
    }

    @Test("the writer's lines are RegionEvent.appendJSON's, the tail kept or made again as the events differ")
    func writer() {
        let time = Date(timeIntervalSince1970: 1_790_000_000.25)
        let here = Coordinate(uncheckedLatitude: 51.5012345, longitude: -0.1234567)
        let events = [
            RegionEvent(region: "a", kind: .unknown, time: time, coordinate: nil, accuracy: nil),
            RegionEvent(region: "b\"q\\", kind: .unknown, time: time, coordinate: nil, accuracy: nil),
            RegionEvent(region: "c", kind: .outside, time: time, coordinate: here, accuracy: 4, initial: true),
            RegionEvent(region: "dé", kind: .outside, time: time, coordinate: here, accuracy: 4, initial: true),
            RegionEvent(region: "e", kind: .outside, time: time, coordinate: here, accuracy: nil, initial: true),
            RegionEvent(
                region: "f", kind: .outside, time: time, coordinate: Coordinate(uncheckedLatitude: -0.0, longitude: 0),
                accuracy: 4, initial: true),
            RegionEvent(
                region: "g", kind: .outside, time: time, coordinate: Coordinate(uncheckedLatitude: 0, longitude: 0),
                accuracy: 4, initial: true),
            RegionEvent(
                region: "h", kind: .enter, time: time.addingTimeInterval(61), coordinate: here, accuracy: 4, interpolated: true),
        ]
        var writer = RegionEventWriter()
        var written: [UInt8] = []
        var expected: [UInt8] = []
        for e in events {
            writer.append(e, to: &written)
            e.appendJSON(to: &expected)
        }
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        // Many at once: 3,000 events of these kinds, identifiers of 1 to 2,000 bytes (some with
        // escapes, longer than a batch's room for ordinary lines), in runs that share a tail.
        var many: [RegionEvent] = []
        for k in 0..<3000 {
            var e = events[(k / 7) % events.count]
            e.region = k % 500 == 0 ? String(repeating: "\"x", count: 1000) : "r\(k)" + (k % 3 == 0 ? "é\n" : "")
            many.append(e)
        }
        var batch = RegionEventWriter()
        var batched: [UInt8] = Array("kept: ".utf8)
        batch.append(contentsOf: many[0..<1], to: &batched)
        batch.append(contentsOf: many[1..<2500], to: &batched)
        batch.append(contentsOf: many[2500...], to: &batched)
        var one: [UInt8] = Array("kept: ".utf8)
        for e in many { e.appendJSON(to: &one) }
        #expect(batched.count == one.count && batched == one, "the batched lines are appendJSON's, byte for byte")
        #expect(String(decoding: batched, as: UTF8.self).split(separator: "\n").count == 3000)
        #expect(
            events[1].json()
                == #"{"class":"REGION","region":"b\"q\\","event":"unknown","initial":false,"interpolated":false,"time":"2026-09-21T14:13:20.25Z"}"#
        )
        #expect(
            events[5].json(vehicleIdentifier: "v7")
                == #"{"class":"REGION","vehicleIdentifier":"v7","region":"f","event":"outside","initial":true,"interpolated":false,"time":"2026-09-21T14:13:20.25Z","lat":-0.0000000,"lon":0.0000000,"accuracy":4.0}"#
        )
    }
}
