import ArgumentParser
import Glibc

/// The `lodestar` command: location, heading and navigation tools on top of the Lodestar library.
@main
struct LodestarCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lodestar",
        abstract: "Location, heading and arrival guidance for GNSS receivers on Linux.",
        discussion: """
            Geodesy on the WGS84 ellipsoid and the sphere, the World Magnetic Model 2025, \
            NMEA trace replay, live fixes from gpsd, guidance to a destination and ride \
            requests. Run \
            'lodestar help SUBCOMMAND' for details.
            """,
        subcommands: [
            GeodesicCommand.self,
            DeclinationCommand.self,
            ReplayCommand.self,
            NMEACommand.self,
            TrackCommand.self,
            GuideCommand.self,
            RideCommand.self,
            ServeCommand.self,
            TraceCommand.self,
            VehicleCommand.self,
        ]
    )

    /// Runs the command the arguments name. Unlike ArgumentParser's own entry point, a bad
    /// argument is one line on standard error ("Error: --speed must be from 0.001 to 1000000 (got
    /// 1e-20)", status 64), and output that could not be written (a full disk, a closed standard
    /// output) is reported and makes the status non-zero even when the command succeeded.
    static func main() async {
        StandardOutput.reserveClosedDescriptors()
        let command: ParsableCommand
        do {
            command = try await asyncParseAsRoot()
        } catch {
            let message = Self.message(for: error)
            if exitCode(for: error) == .success { showHelp(error) }
            if exitCode(for: error) == .validationFailure, !message.isEmpty, !message.contains("\n") {
                StandardOutput.errorLine("Error: \(message)")
                Glibc.exit(ExitCode.validationFailure.rawValue)
            }
            exit(withError: error)
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
            let name = (["lodestar"] + Self.path(to: type(of: command))).joined(separator: " ")
            StandardOutput.errorLine("\(name): cannot write standard output: \(reason)")
            // Whatever the command meant to say with its status, its output is lost: an error.
            Glibc.exit(ExitCode.failure.rawValue)
        }
        if let outcome, exitCode(for: outcome) == .success { showHelp(outcome) }
        exit(withError: outcome)
    }

    /// Prints the help a `--help` or `lodestar help` asked for, checked like any other output.
    private static func showHelp(_ request: any Error) -> Never {
        let text = fullMessage(for: request)
        guard text.isEmpty || StandardOutput.line(text) else {
            StandardOutput.errorLine("lodestar: cannot write standard output: \(StandardOutput.failure() ?? "")")
            Glibc.exit(ExitCode.failure.rawValue)
        }
        Glibc.exit(ExitCode.success.rawValue)
    }

    /// The subcommand names that lead from `lodestar` to `command` (`["ride", "list"]`).
    private static func path(to command: ParsableCommand.Type, from root: ParsableCommand.Type = LodestarCommand.self) -> [String] {
        for sub in root.configuration.subcommands {
            let name = sub.configuration.commandName ?? "\(sub)"
            if ObjectIdentifier(sub) == ObjectIdentifier(command) { return [name] }
            let rest = path(to: command, from: sub)
            if !rest.isEmpty { return [name] + rest }
        }
        return []
    }
}
