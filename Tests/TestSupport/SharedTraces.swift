import Foundation

/// gpsd 3.22's regression logs in `../shared/traces/gpsd` (see ``TestData``), whole or in part.
public enum SharedTraces {
    /// shared/traces/gpsd/NAME: gpsd 3.22's regression logs and their expected output.
    public static func gpsdLog(_ name: String) -> String {
        TestData.shared("traces/gpsd/\(name)").path
    }

    /// Writes part of a shared gpsd log into the sandbox: its leading `#` header and the sentence
    /// lines `range` (1-based line numbers of the original), unchanged. Returns the new path.
    public static func excerpt(of name: String, lines range: ClosedRange<Int>, into sandbox: Sandbox) throws -> String {
        let text = try String(contentsOfFile: gpsdLog(name), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let header = lines.prefix { $0.hasPrefix("#") }
        let body = lines[max(range.lowerBound - 1, header.count)..<min(range.upperBound, lines.count)]
        let path = sandbox.path("excerpt-\(name)")
        try (header + body).joined(separator: "\n").appending("\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
