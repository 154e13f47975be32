import Foundation
import TestSupport
import Testing

/// The module map tells the truth: the README's module table names exactly the targets of
/// Package.swift (as `swift package dump-package` reads it) with exactly their dependencies, and the
/// sources import only what their target declares and use everything it declares.
///
/// What is not a row: test targets, and the examples in `Snippets/`, which are not targets at all
/// (SwiftPM builds each snippet as an executable against the library products; `dump-package`
/// does not list them). An example made a target of Package.swift would need a row.
@Suite("the module map")
struct ModuleMapTests {
    struct Target: Sendable {
        var name: String
        var type: String
        var dependencies: Set<String>
        var path: String
    }

    /// Package.swift's targets, read once for the suite by `swift package dump-package` on a thread
    /// of its own: SwiftPM takes seconds (tens of them under the full suite's load), and a test
    /// waiting on it would hold one of the cooperative pool's two threads all that time.
    static func targets() async throws -> [Target] { try await dumped.value }

    private static let dumped = Task { try await offPool { try dumpPackage() } }

    /// A target list that `dump-package` did not give.
    struct DumpError: Error, CustomStringConvertible { let description: String }

    private static func dumpPackage() throws -> [Target] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // A scratch path of its own: `swift test` holds the lock on the package's .build.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("lodestar-dump-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        process.arguments = ["swift", "package", "--scratch-path", scratch.path, "dump-package"]
        process.currentDirectoryURL = TestData.packageRoot
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let list = json["targets"] as? [[String: Any]]
        else {
            throw DumpError(description: "dump-package (status \(process.terminationStatus)) gave no target list")
        }
        return try list.map { t in
            guard let name = t["name"] as? String, let type = t["type"] as? String else {
                throw DumpError(description: "a target without a name or type: \(t)")
            }
            var dependencies = Set<String>()
            for d in t["dependencies"] as? [[String: Any]] ?? [] {
                if let byName = d["byName"] as? [Any], let n = byName.first as? String { dependencies.insert(n) }
                if let product = d["product"] as? [Any], let n = product.first as? String { dependencies.insert(n) }
                if let target = d["target"] as? [Any], let n = target.first as? String { dependencies.insert(n) }
            }
            let folder = type == "test" ? "Tests" : "Sources"
            return Target(name: name, type: type, dependencies: dependencies, path: t["path"] as? String ?? "\(folder)/\(name)")
        }
    }

    /// The README's module table: each row's module and the modules in its "depends on" column.
    static func readmeTable() throws -> [String: Set<String>] {
        let text = try String(contentsOf: TestData.package("README.md"), encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## Modules").dropFirst().first)
        var rows: [String: Set<String>] = [:]
        for line in section.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 4 else { continue }
            let name = cells[1].split(separator: "`")[0]
            let dependencies =
                cells[2] == "—"
                ? []
                : cells[2].split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: "")
                }
            rows[String(name)] = Set(dependencies)
        }
        return rows
    }

    @Test("the README's module table is Package.swift's targets, with their dependencies")
    func readmeMatchesPackage() async throws {
        let targets = try await Self.targets().filter { $0.type != "test" }
        let table = try Self.readmeTable()
        #expect(Set(table.keys) == Set(targets.map(\.name)))
        for target in targets {
            #expect(table[target.name] == target.dependencies, "\(target.name)")
        }
    }

    @Test("the examples in Snippets/ are neither targets nor rows of the module table")
    func examplesAreNotModules() async throws {
        let names = Set(try await Self.targets().map(\.name))
        let table = try Self.readmeTable()
        let examples = try FileManager.default.contentsOfDirectory(atPath: TestData.package("Snippets").path)
            .filter { $0.hasSuffix(".swift") }.map { String($0.dropLast(".swift".count)) }
        #expect(examples.count >= 10)
        for example in examples {
            #expect(!names.contains(example), "\(example) is a target of Package.swift and a snippet")
            #expect(table[example] == nil, "\(example) is a row of the README's module table")
        }
    }

    @Test("every Swift target imports only the modules it declares, and uses each one it declares")
    func importsMatchDependencies() async throws {
        let targets = try await Self.targets()
        let names = Set(targets.map(\.name))
        let products: Set<String> = [
            "GRDB", "GRDBSQLite", "ArgumentParser", "Crypto", "PostgresNIO", "Logging", "Hummingbird", "HummingbirdAuth",
            "ServiceLifecycle", "UnixSignals", "Prometheus", "AsyncHTTPClient", "NIOCore", "NIOHTTP1", "NIOHTTPTypes",
        ]
        let executables = Set(targets.filter { $0.type == "executable" }.map(\.name))
        for target in targets where target.type != "system-target" {
            let folder = TestData.package(target.path)
            guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
            var imported = Set<String>()
            var swiftFiles = 0
            for case let url as URL in files where url.pathExtension == "swift" {
                swiftFiles += 1
                for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
                    let words = line.split(separator: " ")
                    guard let i = words.firstIndex(of: "import"), i + 1 < words.count,
                        words[..<i].allSatisfy({ $0.hasPrefix("@") })
                    else { continue }
                    imported.insert(String(words[i + 1]))
                }
            }
            guard swiftFiles > 0 else { continue }  // a C target
            let ours = imported.filter { names.contains($0) || products.contains($0) }
            #expect(
                ours.isSubset(of: target.dependencies),
                "\(target.name) imports \(ours.subtracting(target.dependencies).sorted()) without declaring them")
            // An executable a test target depends on is run, not imported.
            let declared = target.dependencies.subtracting(executables)
            #expect(
                declared.isSubset(of: ours),
                "\(target.name) declares \(declared.subtracting(ours).sorted()) and never imports them")
        }
    }
}
