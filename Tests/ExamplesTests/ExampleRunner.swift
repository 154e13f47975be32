import Foundation
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Runs the examples of `Snippets/`: SwiftPM builds each snippet as an executable of the same name
/// in the products directory (`swift build --build-tests`, and so `swift test`, build them all),
/// against every library product. They are not targets of Package.swift, so no test target can
/// depend on them: a missing one is a failure that says so, never a skip.
enum ExampleRunner {
    struct Result: Sendable {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Standard output's lines.
        var lines: [Substring] { stdout.split(separator: "\n") }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The products directory of this build, where the test bundle and the snippets are.
    static var productsDirectory: URL { TestData.productsDirectory(holding: "GeodesicDistance") }

    /// Runs the example `name` with `arguments` and `environment` (added to this process's), in a
    /// temporary directory of its own, and waits up to `timeout` for it to end.
    static func run(
        _ name: String, _ arguments: [String] = [], environment: [String: String] = [:], timeout: Duration = .seconds(120)
    ) async throws -> Result {
        let executable = productsDirectory.appendingPathComponent(name).path
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw Failure(
                description: "the example \(name) was not built (\(executable)): build with `swift build --build-tests`")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lodestar-example-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var env = ProcessInfo.processInfo.environment
        env["TMPDIR"] = directory.path
        env.merge(environment) { _, new in new }
        let child = try ChildProcess(
            executable, arguments, environment: env, stdout: directory.appendingPathComponent("out").path,
            stderr: directory.appendingPathComponent("err").path)
        guard let status = await child.exited(within: timeout) else {
            child.stop()
            throw Failure(description: "\(name) did not end within \(timeout); it wrote:\n\(child.stdout)\n\(child.stderr)")
        }
        // The wait status: the exit code of a process that exited, else 128 + the signal.
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Result(status: code, stdout: child.stdout, stderr: child.stderr)
    }

    /// The numbers in `line`, in order (signs, decimals and exponents; thousands separators are not used).
    static func numbers(in line: some StringProtocol) -> [Double] {
        var numbers: [Double] = []
        var current = ""
        func flush() {
            if let value = Double(current) { numbers.append(value) }
            current = ""
        }
        for character in line {
            if character.isNumber || character == "." || (character == "-" && current.isEmpty)
                || ((character == "e" || character == "E") && !current.isEmpty && current.last!.isNumber)
            {
                current.append(character)
            } else {
                flush()
            }
        }
        flush()
        return numbers
    }

    /// The first line of `result`'s standard output that starts with `prefix`.
    static func line(_ prefix: String, in result: Result) throws -> Substring {
        guard let line = result.lines.first(where: { $0.hasPrefix(prefix) }) else {
            throw Failure(description: "no line starting \"\(prefix)\" in:\n\(result.stdout)\n\(result.stderr)")
        }
        return line
    }

    /// The first line of `result`'s standard output that contains `text`.
    static func line(containing text: String, in result: Result) throws -> Substring {
        guard let line = result.lines.first(where: { $0.contains(text) }) else {
            throw Failure(description: "no line with \"\(text)\" in:\n\(result.stdout)\n\(result.stderr)")
        }
        return line
    }

    /// The great-circle distance between two points on a sphere of radius 6,371,008.8 m by the
    /// haversine formula: a second formula, not the library's, for checking distances to metres.
    static func haversine(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let (p1, p2) = (lat1 * .pi / 180, lat2 * .pi / 180)
        let (dp, dl) = ((lat2 - lat1) * .pi / 180, (lon2 - lon1) * .pi / 180)
        let h = sin(dp / 2) * sin(dp / 2) + cos(p1) * cos(p2) * sin(dl / 2) * sin(dl / 2)
        return 2 * 6_371_008.8 * asin(min(1, h.squareRoot()))
    }

    /// The time of a `Date`'s description (`2026-03-14 09:36:22 +0000`) as the truth CSV writes it
    /// (`2026-03-14T09:36:22.00Z`).
    static func truthTime(_ description: some StringProtocol) -> String {
        let parts = description.split(separator: " ")
        return parts.count >= 2 ? "\(parts[0])T\(parts[1]).00Z" : String(description)
    }

    /// A bundled trace's ground truth (`Traces/NAME.truth.csv`): the true latitude and longitude at
    /// each time.
    static func truth(_ trace: String) throws -> [String: (latitude: Double, longitude: Double)] {
        let text = try String(contentsOf: TestData.traces.appendingPathComponent("\(trace).truth.csv"), encoding: .utf8)
        var rows: [String: (Double, Double)] = [:]
        for line in text.split(separator: "\n").dropFirst() {
            let cells = line.split(separator: ",", omittingEmptySubsequences: false)
            guard cells.count > 2, let lat = Double(cells[1]), let lon = Double(cells[2]) else { continue }
            rows[String(cells[0])] = (lat, lon)
        }
        return rows
    }

    /// The identifier of the available vehicle of `Examples/fleet.json` (no `state`, or
    /// `available`) nearest `(latitude, longitude)` that seats `partySize`, by the haversine distance.
    static func nearestVehicle(to latitude: Double, _ longitude: Double, seating partySize: Int) throws -> String {
        let data = try Data(contentsOf: TestData.package("Examples/fleet.json"))
        guard let fleet = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let vehicles = fleet["vehicles"] as? [[String: Any]]
        else { throw Failure(description: "fleet.json has no vehicles") }
        var best: (String, Double)?
        for vehicle in vehicles {
            guard let id = vehicle["identifier"] as? String, let position = vehicle["position"] as? [String: Any],
                let lat = position["latitude"] as? Double, let lon = position["longitude"] as? Double,
                (vehicle["capacity"] as? Int ?? 0) >= partySize, (vehicle["state"] as? String ?? "available") == "available"
            else { continue }
            let d = haversine(latitude, longitude, lat, lon)
            if best == nil || d < best!.1 { best = (id, d) }
        }
        guard let best else { throw Failure(description: "no vehicle in fleet.json seats \(partySize)") }
        return best.0
    }
}
