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
