import Foundation
import Testing

/// `lodestar guide` in a terminal (a pseudo-terminal of 80 or 60 columns): the status line fits the
/// width, giving way least useful first and never losing the distance, the turn and the ETA; it is
/// redrawn to the new width when the window narrows; a lost fix says for how long.
@Suite("lodestar guide in a terminal")
struct GuideTerminalTests {
    static let walk = ["guide", "--to", "51.50850,-0.12470", "--trace", GuideTruth.path("walk-to-pickup")]

    /// The turn, in any of its forms ("heading 169° ↗ turn right 30°", "↗ turn right 30°", "↗ right 30°").
    static func hasTurn(_ line: String) -> Bool {
        ["ahead", "left ", "right ", "turn around"].contains { line.contains($0) }
    }

    @Test("the walk at 80 and 60 columns: every redraw fits; distance, turn and ETA in every one", arguments: [80, 60])
    func fitted(_ columns: Int) async throws {
        let r = try await GuideTerminal.run(Self.walk + ["--fast", "--raw"], columns: columns)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.statusLines
        #expect(lines.count > 250)
        for line in lines {
            #expect(line.unicodeScalars.count <= columns - 1, "\(line.unicodeScalars.count) columns: \(line)")
            #expect(line.contains(" m to go") && Self.hasTurn(line) && line.contains("ETA "), "\(line)")
        }
        // What gives way: the compass point and the speed first; at 60 the bearing and accuracy too.
        #expect(!lines.contains { $0.contains(" m/s") || $0.contains(" SSW") })
        let first = try #require(lines.first)
        if columns == 80 {
            #expect(first == "09:30:00  ±4 m  402 m to go  bearing 198°  ↗ turn right 30°  ETA 09:34:46 UTC")
        } else {
            #expect(first == "09:30:00  ±4 m  402 m to go  ↗ turn right 30°  ETA 09:34:46")
        }
        // Piped, the same update is the whole line.
        let piped = try await CLIRunner.run(Self.walk + ["--fast", "--raw"])
        #expect(
            piped.stdout.hasPrefix(
                "09:30:00  ±4 m  402 m to go  bearing 198° SSW  heading 169° ↗ turn right 30°  1.4 m/s  ETA 09:34:46 UTC\n"))
        #expect(r.screen.contains("\r\nArrived: 18 m from destination at 09:35:10\r\n"))
    }

    @Test(
        "the window narrows from 80 to 60 columns mid-walk (SIGWINCH): the line is cleared and redrawn to 60, and every later one fits"
    )
    func narrowed() async throws {
        let r = try await GuideTerminal.run(
            Self.walk + ["--speed", "50", "--raw"], columns: 80, resize: .init(columns: 60, afterRedraws: 20))
        #expect(r.status == 0, "\(r.stderr)")
        let parts = r.screen.components(separatedBy: "\u{1B}[2K")
        try #require(parts.count == 2, "one clear-and-redraw on the one SIGWINCH")
        let before = GuideTerminal.Result.statusLines(parts[0])
        let after = GuideTerminal.Result.statusLines(parts[1])
        #expect(before.count >= 20 && after.count > 100, "\(before.count) before, \(after.count) after")
        #expect(before.allSatisfy { $0.unicodeScalars.count <= 79 })
        #expect(before.contains { $0.unicodeScalars.count > 59 }, "at 80 columns the line is wider than 60")
        #expect(
            after.allSatisfy { $0.unicodeScalars.count <= 59 && $0.contains(" to go") && Self.hasTurn($0) && $0.contains("ETA ") }
        )
        // The redraw is the line on screen at the resize, at its new width.
        let shown = try #require(before.last)
        let redrawn = try #require(after.first)
        #expect(redrawn.prefix(8) == shown.prefix(8) && redrawn.count < shown.count, "\(shown) → \(redrawn)")
        // No trail: the pty adds "\r\n" only for the arrival line and the end.
        #expect(r.screen.components(separatedBy: "\r\n").count == 3)
    }

    @Test(
        "through the highway tunnel at 60 columns: dead reckoning says for how long the fix is lost; --raw says 'no fix for N s' with the last distance"
    )
    func tunnel() async throws {
        let truth = try GuideTruth("highway-tunnel")
        let lost = truth.rows.filter { !$0.hasFix }.map(\.timeOfDay)
        let arguments = ["guide", "--to", "52.05000,-1.09040", "--trace", GuideTruth.path("highway-tunnel"), "--fast"]
        let fused = try await GuideTerminal.run(arguments, columns: 60)
        let reckoned = fused.statusLines.filter { $0.contains("DR, no fix ") }
        #expect(reckoned.map { String($0.prefix(8)) } == lost)
        #expect(
            reckoned.enumerated().allSatisfy { i, line in line.contains("DR, no fix \(i + 1) s ") && line.contains(" to go") })
        #expect(fused.statusLines.allSatisfy { $0.unicodeScalars.count <= 59 })
        let raw = try await GuideTerminal.run(arguments + ["--raw"], columns: 60)
        let frozen = raw.statusLines.filter { $0.contains("no fix for ") }
        #expect(frozen.map { String($0.prefix(8)) } == lost)
        #expect(frozen.first == "16:22:15  no fix for 1 s  4.17 km to go at 16:22:14")
        #expect(frozen.last == "16:22:44  no fix for 30 s  4.17 km to go at 16:22:14")
    }

    @Test("a cold start at 60 columns: 'location unknown: no fix' with the time and how long, then guidance")
    func coldStart() async throws {
        let r = try await GuideTerminal.run(
            ["guide", "--to", "51.50850,-0.12470", "--trace", GuideTruth.path("cold-start"), "--fast", "--raw"], columns: 60)
        #expect(r.status == 3)
        let lines = r.statusLines
        #expect(
            Array(lines.prefix(3)) == [
                "06:00:00  location unknown: no fix yet", "06:00:01  location unknown: no fix for 1 s",
                "06:00:02  location unknown: no fix for 2 s",
            ])
        #expect(lines[29] == "06:00:29  location unknown: no fix for 29 s")
        #expect(lines[30].hasPrefix("06:00:30  ±35 m  "))
        #expect(!r.stderr.contains("location unknown"), "said in the status line, not on standard error")
    }

    @Test("at Alert (WMM caution zone) at 60 columns the line still says the compass is unreliable")
    func compassNarrow() async throws {
        let r = try await GuideTerminal.run(
            ["guide", "--to", "82.51,-62.3", "--trace", GuideTruth.path("compass-caution-alert"), "--fast", "--raw"], columns: 60)
        let lines = r.statusLines
        #expect(lines.count > 10)
        #expect(lines.allSatisfy { $0.contains("compass unreliable") && $0.unicodeScalars.count <= 59 && $0.contains("ETA ") })
    }
}
