import Foundation

/// The shared reference data: `../shared` beside the package root, which is three levels up
/// from this file (Tests/GPSDTests/Traces.swift).
enum Traces {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// shared/traces/gpsd/NAME: gpsd 3.22's regression logs and their expected output.
    static func gpsdLog(_ name: String) -> String {
        packageRoot.deletingLastPathComponent().appendingPathComponent("shared/traces/gpsd/\(name)").path
    }
}
