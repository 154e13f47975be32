import Foundation

/// Where the tests find their data: the package's own files (`Traces/`, `Examples/`) and the
/// reference data in `../shared`, beside the package root (a clone's sibling folder, which no one
/// on the team wrote).
///
/// Located from this file's path: Tests/TestSupport/TestData.swift, so the package root is three
/// levels up.
public enum TestData {
    /// The root of this package (the folder holding Package.swift).
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared` beside the package root.
    public static let shared: URL = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")

    /// `../shared/PATH`, for example `shared("reference")` or `shared("traces/gpsd/nl2008u.log")`.
    public static func shared(_ path: String) -> URL { shared.appendingPathComponent(path) }

    /// `PATH` inside the package, for example `package("Traces")`.
    public static func package(_ path: String) -> URL { packageRoot.appendingPathComponent(path) }

    /// `Traces/`: the project's own NMEA traces and their ground truth.
    public static let traces: URL = package("Traces")

    /// The products directory of this build, the one holding the executable `name` (`lodestar`, an
    /// example): beside the test bundle, whatever scratch path the build used, else `.build/debug`.
    public static func productsDirectory(holding name: String) -> URL {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments.first ?? ".").deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        for dir in candidates where FileManager.default.isExecutableFile(atPath: dir.appendingPathComponent(name).path) {
            return dir
        }
        return package(".build/debug")
    }
}
