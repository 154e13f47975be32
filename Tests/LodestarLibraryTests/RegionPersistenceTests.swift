import Foundation
import GNSS
import Geodesy
import Lodestar
import Testing

@Suite("regions: the monitor, its file, adding and removing while locations flow", .timeLimit(.minutes(2)))
struct RegionPersistenceTests {
    /// A walk east at 2 m/s from 200 m west of the origin, a fix a second, 4 m accuracy.
    static func walk(_ second: Int) -> Location {
        regionFix(RegionMap().at(east: -200 + 2 * Double(second), north: 0), second: Double(second), accuracy: 4)
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lodestar-regions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("half a walk, a new monitor from the file, the other half: no enter again, dwell from the stored entry time")
    func restartKeepsStates() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("regions.json")
        let map = RegionMap()

        let first = try RegionMonitor(storage: file)
        try first.add(RegionCondition(id: "a", shape: .circle(center: map.origin, checkedRadius: 50), dwell: .seconds(30)))
        try first.add(RegionCondition(id: "b", shape: .circle(center: map.at(east: 300, north: 0), checkedRadius: 50)))
        var before: [RegionEvent] = []
        for second in 0..<100 { before += try first.update(Self.walk(second)) }
        #expect(before.map(\.kind) == [.outside, .outside, .enter])
        let entered = try #require(before.last?.time)
        #expect(first.state(of: "a") == .inside)

        let second = try RegionMonitor(storage: file)
        #expect(second.count == 2 && second.state(of: "a") == .inside && second.state(of: "b") == .outside)
        var after: [RegionEvent] = []
        for s in 100...300 { after += try second.update(Self.walk(s)) }
        #expect(after.map { "\($0.region) \($0.kind)" } == ["a dwell", "a exit", "b enter", "b exit"])
        #expect(after.allSatisfy { !$0.initial })
        if let dwell = after.first {
            #expect(abs(dwell.time.timeIntervalSince(entered) - 30) <= 1, "dwell 30 s after the enter before the restart")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(leftovers == ["regions.json"], "no temporary file left: \(leftovers)")
    }

    @Test("a truncated or foreign region file is a one-line error naming the file")
    func badFiles() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("regions.json")
        let monitor = try RegionMonitor(storage: file)
        try monitor.add(RegionCondition(id: "a", shape: .circle(center: RegionMap().origin, checkedRadius: 50)))
        let whole = try Data(contentsOf: file)
        try whole.prefix(whole.count / 2).write(to: file)
        let truncated = #expect(throws: RegionError.self) { try RegionMonitor(storage: file) }
        #expect(truncated?.description == "region file \(file.path): truncated or corrupt: not valid JSON")
        try Data(#"{"version":1,"rule":"uncertainty","exitMargin":0}"#.utf8).write(to: file)
        let foreign = #expect(throws: RegionError.self) { try RegionMonitor(storage: file) }
        #expect(foreign?.description == "region file \(file.path): not a region file: missing \"regions\"")
        try Data(
            #"{"version":1,"rule":"uncertainty","exitMargin":0,"regions":[{"condition":{"id":"a","shape":{"circle":{"center":{"latitude":1,"longitude":2},"radius":-4}}},"state":"inside","dwellReported":false}]}"#
                .utf8
        ).write(to: file)
        let radius = #expect(throws: RegionError.self) { try RegionMonitor(storage: file) }
        #expect(
            radius?.description.contains("a region's radius must be a finite number of metres > 0 and ≤ 1000000, not -4.0")
                == true)
        try Data().write(to: file)
        #expect(throws: RegionError.storage(path: file.path, reason: "empty, not a region file")) {
            try RegionMonitor(storage: file)
        }
    }

    @Test("regions added and removed between locations: unknown, then decided at the next; a removed one says nothing more")
    func addAndRemoveWhileRunning() throws {
        let map = RegionMap()
        var engine = try RegionEngine()
        engine.add(try RegionCondition(id: "a", shape: .circle(center: map.origin, checkedRadius: 50)))
        var events: [RegionEvent] = []
        for s in 0..<100 { events += engine.update(Self.walk(s)) }
        #expect(events.map(\.kind) == [.outside, .enter])
        // Added while inside it: unknown now, inside (initial) at the next fix.
        let added = engine.add(
            try RegionCondition(id: "here", shape: .circle(center: map.at(east: 0, north: 0), checkedRadius: 80)))
        #expect(added.kind == .unknown && regionSecond(added.time) == 99)
        let next = engine.update(Self.walk(100))
        #expect(next.map { "\($0.region) \($0.kind) \($0.initial)" } == ["here inside true"])
        // Removed while inside: no exit, no state.
        #expect(engine.remove("a")?.id == "a" && engine.remove("a") == nil)
        #expect(engine.state(of: "a") == nil && engine.count == 1)
        var later: [RegionEvent] = []
        for s in 101...200 { later += engine.update(Self.walk(s)) }
        #expect(later.map { "\($0.region) \($0.kind)" } == ["here exit"])
        // Re-added under the same name: a new region, decided again.
        engine.add(try RegionCondition(id: "a", shape: .circle(center: map.at(east: 200, north: 0), checkedRadius: 10)))
        #expect(engine.update(Self.walk(201)).map { "\($0.region) \($0.kind) \($0.initial)" } == ["a inside true"])
    }

    @Test("a monitor watching a location manager's replay reports on its event stream")
    func watchManager() async throws {
        let map = RegionMap()
        let t0 = Date(timeIntervalSince1970: 1_790_000_000)
        let fixes = (0...200).map { s in
            Fix(
                time: t0.addingTimeInterval(Double(s)), coordinate: map.at(east: -200 + 2 * Double(s), north: 0),
                mode: .threeD, quality: .gps, satellitesUsed: 9, hdop: 0.9,
                errors: ErrorEstimates(latitude: Uncertainty(2.5, .oneSigma), longitude: Uncertainty(2.5, .oneSigma)),
                speed: 2, course: 90)
        }
        let manager = LocationManager(source: RecordedFixSource(name: "walk", fixes: fixes), clock: .virtual)
        let monitor = try RegionMonitor()
        try monitor.add(RegionCondition(id: "a", shape: .circle(center: map.origin, checkedRadius: 50)))
        await monitor.watch(manager).value
        monitor.finish()
        var kinds: [RegionEvent.Kind] = []
        for await event in monitor.events { kinds.append(event.kind) }
        #expect(kinds == [.unknown, .outside, .enter, .exit])
        #expect(monitor.state(of: "a") == .outside && monitor.droppedEvents == 0 && monitor.storageError == nil)
        #expect(throws: RegionError.bufferLimit(-1)) { try RegionMonitor(bufferLimit: -1) }
        #expect(throws: RegionError.bufferLimit(1_000_001)) { try RegionMonitor(bufferLimit: 1_000_001) }
        // bufferLimit 0: events only returned, the stream finished at once.
        let quiet = try RegionMonitor(bufferLimit: 0)
        let added = try quiet.add(RegionCondition(id: "b", shape: .circle(center: map.origin, checkedRadius: 50)))
        #expect(added.kind == .unknown)
        var streamed = 0
        for await _ in quiet.events { streamed += 1 }
        #expect(streamed == 0 && quiet.droppedEvents == 0)
    }
}
