import ArgumentParser
import CBuildCommit
import Glibc

/// The `lodestar` command: location, heading and navigation tools on top of the Lodestar library.
@main
struct LodestarCommand: AsyncParsableCommand {
    /// The version `lodestar --version` prints; the one place it is written. A release is tagged
    /// `v` and this (`v0.14.0`).
    static let version = "0.14.0"

    /// What `lodestar --version` prints: the version and the commit built, "0.14.0 (commit
    /// 0123456789ab)", or "(commit unknown)" when the build had none (see scripts/build-commit.sh).
    static let versionLine = "\(version) (commit \(String(cString: lodestar_build_commit())))"

    static let configuration = CommandConfiguration(
        commandName: "lodestar",
        abstract: "Location, heading and arrival guidance for GNSS receivers on Linux.",
        discussion: """
            Geodesy on the WGS84 ellipsoid and the sphere, the World Magnetic Model 2025, \
            NMEA trace replay, live fixes from gpsd, guidance to a destination and ride \
            requests. Run \
            'lodestar help SUBCOMMAND' for details.

            Errors are one line on standard error, starting with the command: \
            'lodestar ride list: --limit must be from 1 to 1000000 rides (got 0)'. \
            'lodestar --version' prints the version.

            \(ExitStatus.table)

            Files:
              $XDG_DATA_HOME/lodestar/rides.sqlite   the rides of 'lodestar ride'
                (~/.local/share/lodestar/rides.sqlite; --store, $LODESTAR_RIDE_STORE)
              /etc/default/lodestar   the environment of the systemd services
                lodestar-serve and lodestar-vehicle@ID
              /var/lib/lodestar       the services' state: rides.sqlite

            Examples:
              $ lodestar replay drive.nmea
              $ lodestar track --satellites
              $ lodestar guide --to 51.5007,-0.1246
              $ lodestar geodesic inverse 51.47 -0.4543 22.308 113.9185

            See also: gpsd(8), gpspipe(1), cgps(1), GeodSolve(1); each command has its page: \
            lodestar.replay(1) is 'lodestar replay'.
            """,
        version: versionLine,
        subcommands: [
            GeodesicCommand.self,
            DeclinationCommand.self,
            ReplayCommand.self,
            NMEACommand.self,
            TrackCommand.self,
            GuideCommand.self,
            MonitorCommand.self,
            RideCommand.self,
            ServeCommand.self,
            TraceCommand.self,
            VehicleCommand.self,
        ]
    )

    /// Runs the command the arguments name. Unlike ArgumentParser's own entry point, a bad
    /// argument is one line on standard error ("lodestar trace synthesize: --speed must be from
    /// 0.001 to 1000000 (got 1e-20)", status 64), and output that could not be written (a full
    /// disk, a closed standard output) is reported and makes the status non-zero even when the
    /// command succeeded. `lodestar` alone, or a command group without its subcommand, is a usage
    /// error; so is `lodestar help` of a command that does not exist.
    static func main() async {
        StandardOutput.reserveClosedDescriptors()
        StandardOutput.ignoreBrokenPipes()
        let arguments = Array(CommandLine.arguments.dropFirst())
        Diagnostics.setCommand(commandNames(in: arguments))
        if arguments.first == "help" { checkHelpRequest(Array(arguments.dropFirst())) }
        let command: ParsableCommand
        do {
            command = try await asyncParseAsRoot()
        } catch {
            if exitCode(for: error) == .success { showHelp(error) }
            fail(error)
        }
        let commandType = type(of: command)
        Diagnostics.setCommand(path(to: commandType))
        if !commandType.configuration.subcommands.isEmpty {
            let names = commandType.configuration.subcommands.map { $0.configuration.commandName ?? "\($0)" }
            usageError("give a subcommand: \(names.joined(separator: ", ")) (see '\(Diagnostics.command) --help')")
        }
        var outcome: (any Error)?
        do {
            var command = command
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            outcome = error
        }
        if let reason = StandardOutput.failure() {
            // The reader closed the pipe: it read what it wanted (`| head -1`), nothing is lost.
            if StandardOutput.readerClosed { Glibc.exit(ExitStatus.success.rawValue) }
            Diagnostics.error("cannot write standard output: \(reason)")
            // Whatever the command meant to say with its status, its output is lost: an error.
            Glibc.exit(ExitStatus.failure.rawValue)
        }
        guard let outcome else { Glibc.exit(ExitStatus.success.rawValue) }
        if exitCode(for: outcome) == .success { showHelp(outcome) }
        fail(outcome)
    }

    /// Reports an error that ends the command, in one line, and exits with its status. An
    /// `ExitCode` has been reported already by the command that threw it.
    private static func fail(_ error: any Error) -> Never {
        if let code = error as? ExitCode { Glibc.exit(code.rawValue) }
        let message = Self.message(for: error)
        // ArgumentParser's messages for a missing argument add "Help: ..." lines: the first
        // line names the problem.
        let first = message.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
        if !first.isEmpty { Diagnostics.error(first) }
        Glibc.exit(exitCode(for: error).rawValue)
    }

    /// Reports a usage error and exits with status 64.
    private static func usageError(_ message: String) -> Never {
        Diagnostics.error(message)
        Glibc.exit(ExitStatus.usage.rawValue)
    }

    /// Prints the help a `--help`, `--version` or `lodestar help` asked for, checked like any
    /// other output.
    private static func showHelp(_ request: any Error) -> Never {
        let text = fullMessage(for: request)
        guard text.isEmpty || StandardOutput.line(text) || StandardOutput.readerClosed else {
            Diagnostics.error("cannot write standard output: \(StandardOutput.failure() ?? "")")
            Glibc.exit(ExitStatus.failure.rawValue)
        }
        Glibc.exit(ExitStatus.success.rawValue)
    }

    /// Checks that `lodestar help NAME...` names a command (ArgumentParser shows the nearest
    /// help it finds and succeeds): an unknown name is a usage error naming it and the commands
    /// there are.
    private static func checkHelpRequest(_ names: [String]) {
        var current: ParsableCommand.Type = LodestarCommand.self
        var path = ["lodestar"]
        for name in names where !name.hasPrefix("-") {
            let subs = current.configuration.subcommands
            guard let next = subs.first(where: { ($0.configuration.commandName ?? "\($0)") == name }) else {
                Diagnostics.setCommand(["help"])
                let known = subs.map { $0.configuration.commandName ?? "\($0)" }
                let there =
                    known.isEmpty
                    ? "'\(path.joined(separator: " "))' has no subcommands"
                    : "the commands of '\(path.joined(separator: " "))' are \(known.joined(separator: ", "))"
                usageError("no command '\((path + [name]).joined(separator: " "))'; \(there)")
            }
            current = next
            path.append(name)
        }
    }

    /// The subcommand names at the start of `arguments` (`["ride", "list"]` for `ride list
    /// --limit 5`): the command a usage error is about.
    private static func commandNames(in arguments: [String]) -> [String] {
        var current: ParsableCommand.Type = LodestarCommand.self
        var names: [String] = []
        for word in arguments {
            guard let next = current.configuration.subcommands.first(where: { ($0.configuration.commandName ?? "\($0)") == word })
            else { break }
            names.append(word)
            current = next
        }
        return names
    }

    /// The subcommand names that lead from `lodestar` to `command` (`["ride", "list"]`).
    private static func path(to command: ParsableCommand.Type, from root: ParsableCommand.Type = LodestarCommand.self) -> [String]
    {
        for sub in root.configuration.subcommands {
            let name = sub.configuration.commandName ?? "\(sub)"
            if ObjectIdentifier(sub) == ObjectIdentifier(command) { return [name] }
            let rest = path(to: command, from: sub)
            if !rest.isEmpty { return [name] + rest }
        }
        return []
    }
}
