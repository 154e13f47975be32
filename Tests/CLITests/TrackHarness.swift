import Foundation
import TestSupport

/// Runs `lodestar track` against a real gpsd fed by gpsfake, as a user would in a terminal.
///
/// The children, their sandbox (a directory that is also their TMPDIR, a free loopback port),
/// gpsfake, gpspipe and the lock that keeps live tests apart come from `TestSupport`, shared
/// with the GPSD tests: each child is started with `posix_spawn` in a process group of its own,
/// because Foundation's `Process` started from async test code leaves gpsfake ignoring SIGTERM
/// (swift-corelibs-foundation issue 4772).
extension Sandbox {
    /// Starts the built `lodestar ARGUMENTS`, standard output and error in `NAME.out` / `NAME.err`.
    func startLodestar(_ arguments: [String], name: String = "lodestar") throws -> ChildProcess {
        try start(CLIRunner.productsDirectory.appendingPathComponent("lodestar").path, arguments, name: name)
    }
}

extension ChildProcess {
    /// The lines written to standard output so far.
    var stdoutLines: [String] { stdout.split(whereSeparator: \.isNewline).map(String.init) }
    /// The lines written to standard error so far.
    var stderrLines: [String] { stderr.split(whereSeparator: \.isNewline).map(String.init) }
}
