import ArgumentParser

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
            TraceCommand.self,
        ]
    )
}
