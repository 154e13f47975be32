import ArgumentParser

/// `lodestar nmea`: tools for single NMEA sentences.
struct NMEACommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nmea",
        abstract: "Look inside NMEA 0183 sentences.",
        subcommands: [Decode.self])
}
