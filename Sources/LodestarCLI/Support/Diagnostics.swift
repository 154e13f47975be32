import Synchronization

/// The one writer of standard error: every message a command gives starts with the command as
/// the user typed it, `lodestar ride list: `, and is one line written in one `write` (so lines of
/// concurrent tasks never interleave). Summaries and the progress bar go through ``text(_:)``,
/// which writes as is.
///
/// The entry point names the command (``setCommand(_:)``) before it runs, or before it reports a
/// usage error; until then messages start `lodestar: `.
enum Diagnostics {
    /// The subcommand names from `lodestar` to the running command: `["ride", "list"]`.
    private static let path = Mutex<[String]>([])

    /// Names the running command, for the prefix of every message.
    static func setCommand(_ names: [String]) {
        path.withLock { $0 = names }
    }

    /// The command as the user typed it: `lodestar ride list`.
    static var command: String {
        (["lodestar"] + path.withLock { $0 }).joined(separator: " ")
    }

    /// Writes `lodestar COMMAND: message` and a newline to standard error.
    static func error(_ message: String) {
        StandardOutput.write(2, "\(command): \(message)\n")
    }

    /// Writes `lodestar COMMAND: warning: message` and a newline to standard error.
    static func warning(_ message: String) {
        error("warning: \(message)")
    }

    /// Writes `text` to standard error as it is, in one write: a summary block, a line that is
    /// not a message, a redraw of the progress bar.
    static func text(_ text: String) {
        StandardOutput.write(2, text)
    }
}
