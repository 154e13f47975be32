import Foundation

/// A file in the temporary directory, removed by `remove()`.
struct TemporaryFile {
    let path: String

    init(contents: String) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("lodestar-\(UUID().uuidString).nmea").path
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
