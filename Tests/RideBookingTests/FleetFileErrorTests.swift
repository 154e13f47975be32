import Foundation
import Glibc
import RideBooking
import Testing

/// Issue 14: a fleet or gazetteer file that cannot be used is named with what is wrong: the kind of
/// file, the line and column of a JSON syntax error, the path of a missing or mistyped member.
@Suite("fleet and gazetteer file errors")
final class FleetFileErrorTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("lodestar-fleet-errors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    func file(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func fleetError(_ path: String) -> FleetError? {
        do {
            _ = try Fleet.load(contentsOf: path)
            return nil
        } catch {
            return error
        }
    }

    /// Line 2 is a tab, `{"identifier": "é" "capacity": 4}]}`: the second string begins at the
    /// 21st character (the 22nd byte; "Café" on line 1 has a two-byte character too).
    @Test("a syntax error: its line and column, the column counting characters, not bytes")
    func syntax() throws {
        let path = try file(
            "syntax.json", "{\"name\": \"Café fleet\", \"vehicles\": [\n\t{\"identifier\": \"é\" \"capacity\": 4}]}")
        #expect(fleetError(path) == .invalid(path: path, reason: "JSON syntax error at line 2, column 21: invalid value"))
        let unterminated = try file("open.json", "{\"vehicles\": [\n")
        #expect(
            fleetError(unterminated)
                == .invalid(
                    path: unterminated, reason: "JSON syntax error at line 2, column 1: the document ends before it is complete"))
    }

    @Test("a member missing or of the wrong type: its path")
    func members() throws {
        let vehicle =
            #"{"identifier": "A", "position": {"latitude": 51.5, "longitude": -0.12}, "capacity": 4, "rideOptionName": "Standard", "speed": 8}"#
        let missing = try file("missing.json", #"{"vehicles": [\#(vehicle), {"identifier": "B"}]}"#)
        #expect(fleetError(missing) == .invalid(path: missing, reason: "missing 'position' in vehicles[1]"))
        let typed = try file(
            "typed.json", #"{"vehicles": [\#(vehicle.replacingOccurrences(of: "\"speed\": 8", with: "\"speed\": \"fast\""))]}"#)
        #expect(fleetError(typed) == .invalid(path: typed, reason: "vehicles[0].speed is a string; expected a number"))
        let null = try file("null.json", #"{"vehicles": null}"#)
        #expect(fleetError(null) == .invalid(path: null, reason: "vehicles is null; expected an array"))
    }

    @Test("what cannot be read: an empty path, a directory, a FIFO, a missing file")
    func unreadable() throws {
        #expect(fleetError("") == .unreadable(path: "", reason: "the path is empty"))
        #expect(fleetError(directory.path) == .unreadable(path: directory.path, reason: "it is a directory, not a regular file"))
        let fifo = directory.appendingPathComponent("fleet.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(fleetError(fifo) == .unreadable(path: fifo, reason: "it is a FIFO, not a regular file"))
        let none = directory.appendingPathComponent("none.json").path
        #expect(fleetError(none) == .unreadable(path: none, reason: "No such file or directory"))
        #expect(throws: GazetteerError.unreadable(path: fifo, reason: "it is a FIFO, not a regular file")) {
            try Gazetteer.load(contentsOf: fifo)
        }
    }
}
