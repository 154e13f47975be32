import Foundation
import Testing

/// Issue 14: `ride places` lists the gazetteer's places and pickup points.
@Suite("lodestar ride places")
struct RidePlacesTests {
    @Test("the built-in gazetteer: every place, pickup points marked; --json gives it back as a gazetteer file")
    func builtIn() async throws {
        let r = try await CLIRunner.run(["ride", "places"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        #expect(
            lines.first
                == "Charing Cross station forecourt  51.50850,-0.12470  pickup  The Strand, London WC2N 5HF  (also: Charing Cross)"
        )
        #expect(
            lines.contains { $0.hasPrefix("Trafalgar Square ") && $0.contains("  place   Trafalgar Square, London WC2N 5DN") })

        let json = try await CLIRunner.run(["ride", "places", "--json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let places = try #require(document["places"] as? [[String: Any]])
        #expect(places.count == lines.count)
        let points = try await CLIRunner.run(["ride", "places", "--pickup-points"])
        #expect(points.stdout.split(separator: "\n").count == places.filter { $0["pickupPoint"] as? Bool == true }.count)
        #expect(!points.stdout.contains("  place  "))

        // The JSON is a gazetteer file: given back, it lists the same places.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lodestar-places-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(json.stdout.utf8).write(to: file)
        let again = try await CLIRunner.run(["ride", "places", "--gazetteer", file.path])
        #expect(again.stdout == r.stdout)
        // A name it lists is one --pickup-name finds.
        let named = try await CLIRunner.run([
            "ride", "options", "--pickup-name", "Trafalgar Square", "--store", file.path + ".sqlite",
        ])
        #expect(named.status == 0, "\(named.stderr)")
        try? FileManager.default.removeItem(atPath: file.path + ".sqlite")
    }

    @Test("a gazetteer that cannot be read or is not valid: status 66 or 65 and one line")
    func badGazetteer() async throws {
        let missing = try await CLIRunner.run(["ride", "places", "--gazetteer", "/nonexistent/places.json"])
        #expect(missing.status == 66)
        #expect(
            missing.stderr == "lodestar ride places: cannot read gazetteer /nonexistent/places.json: No such file or directory\n")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lodestar-places-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("{\"places\": [{\"name\": \"A\", \"latitude\": \"north\", \"longitude\": 0}]}".utf8).write(to: file)
        let invalid = try await CLIRunner.run(["ride", "places", "--gazetteer", file.path])
        #expect(invalid.status == 65)
        #expect(
            invalid.stderr
                == "lodestar ride places: gazetteer \(file.path) is not valid: places[0].latitude is a string; expected a number\n"
        )
    }
}
