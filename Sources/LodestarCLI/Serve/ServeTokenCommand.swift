import ArgumentParser
import Foundation
import RideAPI
import RideBooking
import RideServer

/// `lodestar serve token`: bearer tokens for the ride service.
struct ServeTokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token", abstract: "Issue, list and revoke bearer tokens for 'lodestar serve'.",
        subcommands: [ServeTokenCreateCommand.self, ServeTokenListCommand.self, ServeTokenRevokeCommand.self])
}

/// `lodestar serve token create --database URL --rider NAME | --vehicle ID | --operator [--expires DURATION]`.
struct ServeTokenCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Print a new bearer token, once; the database keeps only its SHA-256.",
        discussion: """
            A rider's token books rides and reads and cancels only that rider's; a vehicle's \
            reports only that vehicle's position; the operator's sees every ride and may report \
            for any vehicle. A --vehicle must be registered in the database or be in the fleet \
            'lodestar serve' registers (--fleet, as for serve); another is a usage error (64). \
            The token is 32 random bytes in base64url, printed on standard output and nowhere else. \
            With --expires it is refused from that time on; 'lodestar serve token revoke' ends \
            it sooner, and 'lodestar serve token list' shows the identifier revoke takes.
            """)

    @Option(help: ArgumentHelp("The store (as for 'lodestar serve').", valueName: "url"))
    var database: String?

    @Option(help: ArgumentHelp("A token for this rider (1 to 100 characters).", valueName: "name"))
    var rider: String?

    @Option(help: ArgumentHelp("A token for this vehicle (1 to 64 of A-Z a-z 0-9 . _ -).", valueName: "id"))
    var vehicle: String?

    @Flag(name: .customLong("operator"), help: "A token for the fleet's operator.")
    var isOperator = false

    @Option(
        help: ArgumentHelp(
            "Refuse the token after this long: a whole number with s, m, h or d (seconds, minutes, hours, days), 1 minute to 3650 days (default: never).",
            valueName: "duration"))
    var expires: TokenLifetime?

    @Option(
        help: ArgumentHelp(
            "The fleet file 'lodestar serve' runs with, where a --vehicle may be (default: its 400 simulated vehicles).",
            valueName: "file"))
    var fleet: String?

    func validate() throws {
        let given = [rider != nil, vehicle != nil, isOperator].filter { $0 }.count
        guard given == 1 else { throw ValidationError("give exactly one of --rider, --vehicle and --operator") }
        if let rider,
            rider.isEmpty || rider.unicodeScalars.count > 100 || rider.unicodeScalars.contains(where: { $0.value < 0x20 })
        {
            throw ValidationError("--rider must be 1 to 100 characters without control characters")
        }
        if let vehicle, !VehicleIdentifier.isValid(vehicle) {
            throw ValidationError("--vehicle must be 1 to 64 of A-Z a-z 0-9 . _ - (got \(vehicle))")
        }
    }

    func run() async throws {
        let principal: RidePrincipal = rider.map { .rider($0) } ?? vehicle.map { .vehicle($0) } ?? .operator
        do throws(ServeExit) {
            let known = try vehicle.map { id throws(ServeExit) in
                try ServeRunCommand.loadFleet(fleet).vehicles.contains { $0.identifier == id }
            }
            let database = try await ServeDatabase.open(self.database)
            let token = RideToken.generate()
            do throws(ServeExit) {
                if let vehicle, known == false {
                    let registered: Bool
                    do throws(RideStoreError) {
                        registered = try await database.store.vehicle(identifier: vehicle) != nil
                    } catch {
                        throw .error(error.description)
                    }
                    guard registered else {
                        throw .usage(
                            "no vehicle \(vehicle) in \(database.name) or in the fleet\(fleet.map { " \($0)" } ?? " (the default simulated one)"): check --vehicle, or give --fleet"
                        )
                    }
                }
                do throws(RideStoreError) {
                    let now = Date()
                    try await database.store.storeToken(
                        hash: RideToken.hash(token), principal: principal, at: now,
                        expires: expires.map { now.addingTimeInterval($0.seconds) })
                } catch {
                    throw .error(error.description)
                }
            } catch {
                await database.close()
                throw error
            }
            await database.close()
            guard StandardOutput.line(token) else { throw .error("cannot write standard output") }
        } catch {
            Diagnostics.error("\(error.description)")
            throw error.status
        }
    }
}
