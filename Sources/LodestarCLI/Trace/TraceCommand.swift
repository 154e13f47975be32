import ArgumentParser

/// `lodestar trace`: tools for NMEA traces.
struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Make NMEA traces for tests and demos.",
        subcommands: [Synthesize.self])
}
