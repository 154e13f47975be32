import Foundation
import FoundationXML
import Geodesy
import Testing

/// `lodestar guide`, run as a user runs it, on the bundled traces; expectations from the ground truth.
@Suite("lodestar guide")
struct GuideTests {
    static let pickup = Coordinate(uncheckedLatitude: 51.50850, longitude: -0.12470)
    static let walk = GuideTruth.path("walk-to-pickup")

    static func jsonObjects(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }

    @Test("--json on the walk: exactly one arrived event, at the time and distance the ground truth says")
    func jsonArrival() async throws {
        let expected = try #require(try GuideTruth("walk-to-pickup").arrival(at: Self.pickup, within: 20))
        let r = try await CLIRunner.run(["guide", "--to", "51.50850,-0.12470", "--trace", Self.walk, "--fast", "--json", "--raw"])
        #expect(r.status == 0, "\(r.stderr)")
        let objects = Self.jsonObjects(r.stdout)
        #expect(objects.count == r.stdout.split(separator: "\n").count, "every line is a JSON object")
        let arrived = objects.filter { $0["event"] as? String == "arrived" }
        try #require(arrived.count == 1)
        #expect(arrived[0]["time"] as? String == expected.row.iso8601)
        #expect(abs((arrived[0]["distance"] as? Double ?? .nan) - expected.distance) <= 0.005 + 1e-9)
        #expect(arrived[0]["radius"] as? Double == 20)
        #expect(objects.last?["event"] as? String == "arrived", "guidance stops at arrival")
        // Every location carries the guidance from it; the heading of the same fix comes first.
        let locations = objects.filter { $0["event"] as? String == "location" }
        #expect(locations.count > 250)
        #expect(locations.allSatisfy { $0["distance"] is Double && $0["bearing"] is Double && $0["compassPoint"] is String })
        #expect(objects.first?["event"] as? String == "sourceState")
        #expect(r.stderr.contains("Arrived: \(Int(expected.distance.rounded())) m from destination at \(expected.row.timeOfDay)"))
    }

    @Test("piped: one line per update, ending with \"Arrived: N m from destination at HH:MM:SS\"; exit 0")
    func pipedLines() async throws {
        let expected = try #require(try GuideTruth("walk-to-pickup").arrival(at: Self.pickup, within: 20))
        let r = try await CLIRunner.run(["guide", "--to", "51.50850,-0.12470", "--trace", Self.walk, "--fast", "--raw"])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.last == "Arrived: \(Int(expected.distance.rounded())) m from destination at \(expected.row.timeOfDay)")
        // One status line per fix up to the arrival (the walk delivers every fix): its time first.
        let rows = try GuideTruth("walk-to-pickup").rows
        let upTo = try #require(rows.firstIndex { $0.time == expected.row.time })
        #expect(lines.dropLast().map { String($0.prefix(8)) } == rows[...upTo].map(\.timeOfDay))
        let first = try #require(lines.first)
        #expect(first.contains("±4 m") && first.contains(" to go  bearing ") && first.contains(" m/s  ETA "))
        #expect(lines.contains { $0.contains("turn right") } && lines.contains { $0.contains("turn left") })
        #expect(!r.stdout.contains("\r"), "no in-place redraw when piped")
    }

    @Test("in a terminal, one status line redrawn in place, then the arrival line")
    func terminal() throws {
        let command = [
            CLIRunner.productsDirectory.appendingPathComponent("lodestar").path, "guide",
            "--to", "51.50850,-0.12470", "--trace", Self.walk, "--fast",
        ].joined(separator: " ")
        let script = Process()
        script.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        script.arguments = ["-qec", command, "/dev/null"]
        let out = Pipe()
        script.standardOutput = out
        script.standardInput = FileHandle.nullDevice
        try script.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        script.waitUntilExit()
        #expect(script.terminationStatus == 0)
        // The pty turns "\n" into "\r\n": the status updates are "\r…\u{1B}[K" with no line end.
        let newlines = text.components(separatedBy: "\r\n")
        #expect(newlines.count == 3, "the status line, the arrival line and the end: \(newlines.count)")
        #expect(text.components(separatedBy: "\u{1B}[K").count > 250)
        #expect(newlines.dropLast().last?.hasPrefix("Arrived: ") == true)
    }

    @Test(
        "--desired-accuracy on cold-start: \"acquiring fix ±35 m (need ±10 m)\", then guidance; the trace ends before arrival: exit 3"
    )
    func acquiringThenEnded() async throws {
        let r = try await CLIRunner.run([
            "guide", "--to", "51.50850,-0.12470", "--trace", GuideTruth.path("cold-start"), "--fast", "--raw",
            "--desired-accuracy", "10",
        ])
        #expect(r.status == 3)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        // 30 s without a fix first, each epoch saying how long; then the accuracy rule.
        #expect(lines.first == "06:00:00  location unknown: no fix yet")
        #expect(lines[29] == "06:00:29  location unknown: no fix for 29 s")
        #expect(lines[30] == "06:00:30  acquiring fix ±35 m (need ±10 m)")
        #expect(lines.contains("06:01:00  acquiring fix ±11 m (need ±10 m)"))
        #expect(lines.contains { $0.hasPrefix("06:01:20  ±3 m  ") })
        let last = try #require(lines.last)
        #expect(last.hasPrefix("Trace ended before arrival: ") && last.hasSuffix(" from destination at 06:06:21"), "\(last)")
        #expect(!r.stderr.contains("location unknown"), "the status lines say it, with the time")
    }

    @Test(
        "negative coordinates in --to parse, latitude or longitude",
        arguments: [
            ["--to", "51.5,-0.12"], ["--to", "-33.8568,151.2153"], ["--to=-33.8568,-70.65"], ["--to", " -1.5 , -0.5 "],
        ])
    func negativeCoordinates(_ to: [String]) async throws {
        let r = try await CLIRunner.run(["guide"] + to + ["--trace", Self.walk, "--fast", "--json", "--raw"])
        #expect(r.status == 3, "\(r.stderr)")
        let text = (to.count == 2 ? to[1] : String(to[0].dropFirst(5))).split(separator: ",")
            .map { Double($0.trimmingCharacters(in: .whitespaces)) ?? .nan }
        let destination = try Coordinate(latitude: text[0], longitude: text[1])
        let first = try #require(Self.jsonObjects(r.stdout).first { $0["event"] as? String == "location" })
        let here = try Coordinate(latitude: first["lat"] as? Double ?? .nan, longitude: first["lon"] as? Double ?? .nan)
        let reference = Geodesic.wgs84.inverse(from: here, to: destination)
        #expect(abs((first["distance"] as? Double ?? .nan) - reference.distance) < 0.01)
        #expect(abs((first["bearing"] as? Double ?? .nan) - reference.initialBearing) < 0.01)
        #expect(r.stderr.contains("Trace ended before arrival: "))
    }

    @Test(
        "bad arguments are a one-line error and a non-zero exit",
        arguments: [
            ["--to", "91,0", "--trace", "x.nmea"], ["--to", "abc", "--trace", "x.nmea"], ["--to", "51.5", "--trace", "x.nmea"],
            ["--trace", "x.nmea"], ["--to", "51.5,0", "--gpsd", "localhost", "--trace", "x.nmea"],
            ["--to", "51.5,0", "--speed", "10"], ["--to", "51.5,0", "--trace", "x.nmea", "--speed", "0"],
            ["--to", "51.5,0", "--trace", "x.nmea", "--speed", "5", "--fast"],
            ["--to", "51.5,0", "--trace", "x.nmea", "--arrive-within", "-3"],
            ["--to", "51.5,0", "--trace", "x.nmea", "--desired-accuracy", "0"],
        ])
    func badArguments(_ arguments: [String]) async throws {
        let r = try await CLIRunner.run(["guide"] + arguments)
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("lodestar guide: "))
        #expect(r.stdout.isEmpty)
    }

    @Test("a trace that cannot be read: one line and exit 66")
    func unreadableTrace() async throws {
        let r = try await CLIRunner.run(["guide", "--to", "51.5,-0.12", "--trace", "/nonexistent/walk.nmea", "--fast"])
        #expect(r.status == 66)
        #expect(r.stderr == "lodestar guide: cannot read trace /nonexistent/walk.nmea: No such file or directory\n")
    }

    @Test("--plot writes an SVG: the track, the destination, the arrival circle, the guidance points and the arrival")
    func plot() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lodestar-guide-\(UUID().uuidString).svg")
        defer { try? FileManager.default.removeItem(at: file) }
        let r = try await CLIRunner.run([
            "guide", "--to", "51.50850,-0.12470", "--trace", Self.walk, "--fast", "--plot", file.path,
        ])
        #expect(r.status == 0)
        let statusLines = r.stdout.split(separator: "\n").count - 1
        let document = try XMLDocument(contentsOf: file)
        let root = try #require(document.rootElement())
        func attribute(_ e: XMLElement, _ name: String) -> String? {
            e.attributes?.first { $0.localName == name || $0.name == name }?.stringValue
        }
        #expect(root.name == "svg" && attribute(root, "width") == "800")
        func element(_ id: String) throws -> XMLElement {
            try #require(try root.nodes(forXPath: "//*[@id='\(id)']").first as? XMLElement)
        }
        let track = try element("track")
        #expect(track.name == "polyline")
        #expect(attribute(track, "points")?.split(separator: " ").count == statusLines)
        #expect(try element("guidance-points").children?.count == statusLines)
        #expect(try element("arrival-circle").name == "circle")
        #expect(try element("destination").name == "g")
        #expect(try element("arrival").name == "circle")
        // The circle's radius is 20 m at the map's scale, read off the scale bar ("50 m" over N px).
        let scale = try element("scale")
        let bar = try #require(scale.elements(forName: "line").first)
        let pixels = (Double(attribute(bar, "x2") ?? "") ?? .nan) - (Double(attribute(bar, "x1") ?? "") ?? .nan)
        let label = try #require(scale.elements(forName: "text").first?.stringValue)
        let metres = try #require(Double(label.replacingOccurrences(of: " m", with: "")))
        let radius = Double(attribute(try element("arrival-circle"), "r") ?? "") ?? .nan
        #expect(abs(radius - 20 * pixels / metres) < 0.2, "r \(radius) px, scale \(label) = \(pixels) px")
    }

    @Test("--speed paces the replay by the trace's own clock: 300 s of walk at 200× take at least 1.2 s")
    func paced() async throws {
        let started = ContinuousClock.now
        let r = try await CLIRunner.run(["guide", "--to", "51.50850,-0.12470", "--trace", Self.walk, "--speed", "200"])
        let elapsed = ContinuousClock.now - started
        #expect(r.status == 0)
        #expect(elapsed >= .milliseconds(1200))
        #expect(r.stdout.split(separator: "\n").last?.hasPrefix("Arrived: ") == true)
    }
}
