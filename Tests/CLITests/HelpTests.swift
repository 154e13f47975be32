import Foundation
import TestSupport
import Testing

@Suite("lodestar command line")
struct HelpTests {
    @Test("--help names the command and exits 0")
    func help() async throws {
        let r = try await CLIRunner.run(["--help"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("USAGE: lodestar"))
    }

    @Test("an unknown subcommand is an error with a non-zero exit")
    func unknown() async throws {
        let r = try await CLIRunner.run(["no-such-command"])
        #expect(r.status != 0)
        #expect(!r.stderr.isEmpty)
    }
}

/// Issue 14: the README's command table and `lodestar help` agree, and so do the exit-status
/// tables of the command-line manual (docs/cli.md, which holds the manual since issue 27) and
/// `lodestar help`.
@Suite("README and lodestar help agree")
struct ReadmeHelpTests {
    static func readme() throws -> String {
        try String(contentsOf: TestData.package("README.md"), encoding: .utf8)
    }

    /// The command-line manual, moved out of the README (issue 27).
    static func manual() throws -> String {
        try String(contentsOf: TestData.package("docs/cli.md"), encoding: .utf8)
    }

    /// The subcommand names under SUBCOMMANDS in a help text.
    static func subcommands(in help: String) -> [String] {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: "SUBCOMMANDS:") else { return [] }
        return lines[(start + 1)...].prefix { !$0.isEmpty }.compactMap { line in
            // Entries start two spaces in; wrapped abstracts start further in.
            guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
            return line.split(separator: " ").first.map(String.init)
        }
    }

    @Test("the exit-status table of lodestar help is the manual's (docs/cli.md), line for line")
    func exitStatusTable() async throws {
        let help = try await CLIRunner.run(["help"]).stdout
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex(of: "EXIT STATUS (every command):"))
        let table = lines[start...].prefix { !$0.isEmpty }.joined(separator: "\n")
        #expect(table.split(separator: "\n").count >= 10)
        #expect(try Self.manual().contains("```text\n" + table + "\n```"), "\(table)")
    }

    @Test("every command and subcommand of lodestar help is in the README's command table, and --version")
    func commandTable() async throws {
        let readme = try Self.readme()
        let section = try #require(readme.range(of: "## The command line").map { readme[$0.upperBound...] })
        let table = try #require(section.components(separatedBy: "```").dropFirst().first)
        let rows = table.split(separator: "\n").filter { $0.hasPrefix("lodestar ") }
        let commands = Self.subcommands(in: try await CLIRunner.run(["help"]).stdout)
        #expect(commands.count == 11)
        for command in commands {
            let row = try #require(rows.first { $0.hasPrefix("lodestar \(command) ") }, "\(command) is not in the README table")
            let subcommands = Self.subcommands(in: try await CLIRunner.run(["help", command]).stdout)
            let listed = row.split(separator: " ").dropFirst(2).first.map { $0.split(separator: "|").map(String.init) } ?? []
            if !subcommands.isEmpty {
                #expect(Set(listed) == Set(subcommands), "\(command): README \(listed), help \(subcommands)")
            }
        }
        #expect(rows.count == commands.count + 1)
        let version = try Self.versionText()
        #expect(rows.contains { $0.hasPrefix("lodestar --version ") && $0.contains(version) })
        #expect(try await CLIRunner.run(["--version"]).stdout.hasPrefix(version + " (commit "))
    }

    static func versionText() throws -> String {
        let swift = try String(contentsOf: TestData.package("Sources/LodestarCLI/Lodestar.swift"), encoding: .utf8)
        let line = swift.split(separator: "\n").first { $0.contains("static let version = ") } ?? ""
        return line.split(separator: "\"").dropFirst().first.map(String.init) ?? "?"
    }
}
