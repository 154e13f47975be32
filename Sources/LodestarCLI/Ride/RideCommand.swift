import ArgumentParser

/// `lodestar ride`: ride requests in SiriKit's resolve → confirm → handle model, with the pickup
/// from the location manager, against a fleet, stored in SQLite.
struct RideCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ride",
        abstract: "Request, follow and cancel rides (SiriKit's ride-booking model).",
        discussion: """
            Rides are kept in an SQLite file: --store, else $LODESTAR_RIDE_STORE, else \
            $XDG_DATA_HOME/lodestar/rides.sqlite (~/.local/share/lodestar/rides.sqlite). \
            Without --fleet, a simulated fleet of 400 vehicles near the pickup is used (the same \
            vehicles in every process). See docs/rides.md.

            Exit status: 0 done; 1 error (store, trace); 3 a choice or a value is \
            needed and the terminal cannot ask (the choices are listed); 4 refused (unsupported \
            value, no service, no vehicle free, an empty fleet, scheduled too far, cannot cancel); \
            5 'list' listed the rides it could read and named on standard error those it could \
            not; 64 bad arguments; 65 a fleet or gazetteer file that is not valid; 66 a fleet, \
            gazetteer or trace that cannot be read (see 'lodestar help').
            """,
        subcommands: [
            Request.self, Status.self, Cancel.self, List.self, Options.self, Places.self,
        ]
    )
}
