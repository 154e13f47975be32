import Foundation
import Geodesy
import Lodestar
import Testing

@Suite("regions: the store's journal, a line a change, and what a crash leaves", .timeLimit(.minutes(2)))
struct RegionJournalTests {
    /// 10 circles of 20 m on the walk's line (east −150 m, −120 m, …, 120 m) and 990 a few
    /// kilometres north, which the walk never comes near.
    static func conditions() throws -> [RegionCondition] {
        let map = RegionMap()
        var list: [RegionCondition] = []
        for k in 0..<10 {
            list.append(
                try RegionCondition(
                    id: "on\(k)", shape: .circle(center: map.at(east: -150 + 30 * Double(k), north: 0), checkedRadius: 20)))
        }
        for k in 0..<990 {
            let center = map.at(east: Double(k % 30) * 100, north: 3000 + Double(k / 30) * 100)
            list.append(try RegionCondition(id: "far\(k)", shape: .circle(center: center, checkedRadius: 30)))
        }
        return list
    }

    /// A monitor of the 1,000 regions kept in `file`, walked from second 0 to 99; its events by update.
    static func walked(_ file: URL, through last: Int = 99) throws -> (RegionMonitor, [[RegionEvent]]) {
        let monitor = try RegionMonitor(storage: file)
        try monitor.add(contentsOf: conditions())
        var updates: [[RegionEvent]] = []
        for second in 0...last { updates.append(try monitor.update(RegionPersistenceTests.walk(second))) }
        return (monitor, updates)
    }

    static func lines(_ url: URL) throws -> [Substring] {
        try String(decoding: Data(contentsOf: url), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    }

    @Test("an enter or exit among 1,000 regions appends one short line; the snapshot is not written again")
    func changeIsALine() throws {
        let directory = try RegionPersistenceTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("regions.json")
        let monitor = try RegionMonitor(storage: file)
        try monitor.add(contentsOf: Self.conditions())
        let first = try monitor.update(RegionPersistenceTests.walk(0))
        #expect(first.count == 1000 && first.allSatisfy { $0.initial && $0.kind == .outside })
        let snapshot = try Data(contentsOf: file)
        #expect(snapshot.count > 100_000, "1,000 regions decided: a whole snapshot, \(snapshot.count) bytes")
        var changed = 0
        var lastChange = 0
        for second in 1...199 {
            let events = try monitor.update(RegionPersistenceTests.walk(second))
            if !events.isEmpty { (changed, lastChange) = (changed + 1, second) }
        }
        // The walk (east −198 m … 198 m, 4 m accuracy) enters and leaves each of the ten on its line.
        #expect(monitor.identifiers(in: .outside).count == 1000)
        #expect(changed == 20, "\(changed) updates with events (ten enters, ten exits)")
        #expect(try Data(contentsOf: file) == snapshot, "the snapshot is as the first update left it")
        let store = RegionStore(url: file)
        let lines = try Self.lines(store.journalURL)
        #expect(lines.count == changed + 1 && lines.last == "", "one line an update with events, each ended")
        #expect(lines.dropLast().allSatisfy { $0.utf8.count < 600 }, "lines of one or two regions: \(lines.map(\.utf8.count))")
        // Read back: the snapshot and the journal are the monitor's regions and states.
        let loaded = try #require(try store.load())
        #expect(loaded.regions.count == 1000 && loaded.regions.allSatisfy { $0.state == .outside })
        #expect(loaded.lastTime.map(regionSecond) == Double(lastChange), "the time of the last update with events")
    }

    @Test("a restart from the snapshot and its journal reports no enter again")
    func restartFromJournal() throws {
        let directory = try RegionPersistenceTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("regions.json")
        let (first, before) = try Self.walked(file, through: 165)
        // At second 165 the walk is 130 m east: inside the last circle (120 m, 20 m), past the others.
        #expect(first.identifiers(in: .inside) == ["on9"])
        let entered = before.joined().filter { $0.kind == .enter }.map(\.region)
        #expect(Set(entered) == Set((0..<10).map { "on\($0)" }) && entered.count == 10)
        let second = try RegionMonitor(storage: file)
        #expect(second.identifiers(in: .inside) == ["on9"] && second.identifiers(in: .outside).count == 999)
        var after: [RegionEvent] = []
        for s in 166...250 { after += try second.update(RegionPersistenceTests.walk(s)) }
        // Only the exit from the last circle, 24 m past its centre (its radius and the 4 m circle): second 172.
        #expect(after.map { "\($0.region) \($0.kind) \($0.initial)" } == ["on9 exit false"])
        #expect(after.first.map { (172...173).contains(regionSecond($0.time)) } == true, "\(after)")
    }

    @Test("a line torn by a crash loses that change only, and is cut off before the next append")
    func tornLastLine() throws {
        let directory = try RegionPersistenceTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("regions.json")
        let (first, updates) = try Self.walked(file)
        let journal = RegionStore(url: file).journalURL
        let whole = try Data(contentsOf: journal)
        // The last change: the walk's latest enter or exit.
        let last = try #require(updates.last(where: { !$0.isEmpty })?.last)
        #expect(first.state(of: last.region) == (last.kind == .enter ? .inside : .outside))
        // A crash in the middle of its line.
        let cut = try #require(whole.dropLast().lastIndex(of: 0x0A)) + 1
        try whole.prefix(cut + (whole.count - cut) / 2).write(to: journal)
        let second = try RegionMonitor(storage: file)
        #expect(second.state(of: last.region) == (last.kind == .enter ? .outside : .inside), "that change is lost")
        #expect(try Data(contentsOf: journal) == whole.prefix(cut), "the torn line is cut off")
        // The next change is a line of its own, read back by a third monitor.
        var events: [RegionEvent] = []
        var s = 100
        while events.isEmpty && s < 300 {
            events = try second.update(RegionPersistenceTests.walk(s))
            s += 1
        }
        let states = events.map { ($0.region, second.state(of: $0.region)) }
        let third = try RegionMonitor(storage: file)
        #expect(!states.isEmpty && states.allSatisfy { third.state(of: $0.0) == $0.1 })
    }

    @Test("a corrupt line before the last is an error naming the journal and the line")
    func corruptLine() throws {
        let directory = try RegionPersistenceTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("regions.json")
        _ = try Self.walked(file)
        let journal = RegionStore(url: file).journalURL
        var lines = try Self.lines(journal)
        #expect(lines.count >= 3)
        lines[1] = "{\"sequence\":oops}"
        try Data(lines.joined(separator: "\n").utf8).write(to: journal)
        #expect(throws: RegionError.storage(path: journal.path, reason: "line 2 is not a region journal record")) {
            try RegionMonitor(storage: file)
        }
    }

    @Test("a journal left behind by a crash after a newer snapshot is not applied to it")
    func staleJournal() throws {
        let directory = try RegionPersistenceTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("regions.json")
        _ = try Self.walked(file)
        let store = RegionStore(url: file)
        let old = try Data(contentsOf: store.journalURL)
        var snapshot = try #require(try store.load())
        let sequence = try #require(snapshot.sequence)
        // A newer snapshot where every region is outside and nothing has been decided since.
        snapshot.sequence = sequence + 1
        snapshot.regions = snapshot.regions.map {
            RegionSnapshot.Entry(condition: $0.condition, state: .outside, enteredAt: nil, dwellReported: false)
        }
        try store.save(snapshot)
        #expect(!FileManager.default.fileExists(atPath: store.journalURL.path), "the journal goes with a new snapshot")
        // The crash: the rename was done, the journal not yet removed.
        try old.write(to: store.journalURL)
        #expect(try store.load() == snapshot)
        // Records of the snapshot's own sequence are applied.
        let record = RegionJournalRecord(
            sequence: sequence + 1, lastTime: snapshot.lastTime, set: [], removed: [snapshot.regions[0].condition.id])
        try store.append(record)
        #expect(try store.load()?.regions.count == snapshot.regions.count - 1)
    }
    /// The snapshot is written a region at a time; the file must be exactly what JSONEncoder
    /// writes of the whole snapshot, which the store (and any reader) decodes.
    @Test("a snapshot written a region at a time is byte for byte JSONEncoder's text of the whole, and reads back equal")
    func streamedSnapshotIsTheEncodersText() throws {
        let directory = try RegionPersistenceTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("regions.json")
        var engine = try RegionEngine()
        _ = engine.add(contentsOf: try Self.conditions())
        var snapshot = engine.snapshot
        snapshot.sequence = 7
        snapshot.lastTime = Date(timeIntervalSince1970: 1_700_000_000.25)
        for copy in [snapshot, RegionSnapshot(rule: snapshot.rule, exitMargin: 0, regions: [], lastTime: nil)] {
            let store = RegionStore(url: file)
            let size = try store.save(copy)
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .secondsSince1970
            encoder.outputFormatting = [.sortedKeys]
            let whole = try encoder.encode(copy)
            let written = try Data(contentsOf: file)
            #expect(written == whole, "\(written.count) bytes written, JSONEncoder's text is \(whole.count)")
            #expect(size == written.count)
            #expect(try store.load() == copy)
        }
        #expect(snapshot.regions.count == 1000)
    }
}
