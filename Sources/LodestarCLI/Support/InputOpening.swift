import Lodestar
import LodestarInternals

/// Opening what a command reads, the same way for every command: a file or trace that cannot be
/// opened is one line on standard error (`lodestar <command>: …`, naming the path and why) and
/// exit status 66 (``ExitStatus/noInput``).
enum InputOpening {
    /// The file at `path` (`-`: standard input), read in chunks by `replay` and `nmea decode`.
    static func file(_ path: String) throws -> InputFile {
        do {
            return try InputFile(path: path)
        } catch {
            Diagnostics.error(error.description)
            throw ExitStatus.noInput
        }
    }

    /// The NMEA trace at `path` (`-`: standard input), for `guide --trace` and `vehicle --trace`.
    static func trace(_ path: String) throws -> NMEATraceSource {
        do {
            return path == "-" ? .standardInput() : try NMEATraceSource(path: path)
        } catch {
            Diagnostics.error("\(error)")
            throw ExitStatus.noInput
        }
    }
}
