import Foundation
import TestSupport
import Testing

/// The README's library example is the example's code, line for line: it cannot drift from code
/// that compiles and runs.
@Suite("the README's quick start")
struct ReadmeQuickStartTests {
    @Test("every line of the README's LocationManager example is a line of Snippets/ReplayTrace.swift, in order")
    func quickStartIsTheExample() throws {
        let readme = try String(contentsOf: TestData.package("README.md"), encoding: .utf8)
        let block = try #require(
            readme.components(separatedBy: "```swift\n").dropFirst()
                .map { $0.components(separatedBy: "\n```").first ?? "" }
                .first { $0.contains("LocationManager(") })
        let example = try String(contentsOf: TestData.package("Snippets/ReplayTrace.swift"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        var next = example.startIndex
        let lines = block.split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) }
        #expect(lines.count >= 15)
        for line in lines {
            let found = example[next...].firstIndex(of: line)
            #expect(found != nil, "not in Snippets/ReplayTrace.swift after line \(next + 1): \(line)")
            if let found { next = found + 1 }
        }
    }
}
