import ArgumentParser
import Foundation
import RideBooking
import RideServer

/// `lodestar serve token revoke --database URL IDENTIFIER`.
struct ServeTokenRevokeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke",
        abstract: "Revoke a bearer token: every server sharing the database refuses it within 5 s.",
        discussion: """
            IDENTIFIER is the first 12 (or more) hexadecimal digits of the token's SHA-256, as \\
            'lodestar serve token list' shows it; --token takes the token itself instead. Servers \\
            trust a token they looked up for 2 s, so a revocation reaches every server sharing \\
            the database within that. Revoking a revoked token changes nothing. An identifier \\
            that matches no token, or more than one, is an error (status 1) and revokes nothing.
            """)

    @Option(help: ArgumentHelp("The store (as for 'lodestar serve').", valueName: "url"))
    var database: String?

    @Argument(help: ArgumentHelp("The token's identifier (12 to 64 hexadecimal digits).", valueName: "identifier"))
    var identifier: String?

    @Option(help: ArgumentHelp("The token itself, instead of its identifier.", valueName: "token"))
    var token: String?

    func validate() throws {
        guard (identifier == nil) != (token == nil) else { throw ValidationError("give an identifier or --token, not both") }
        if let identifier, !RideTokenPrefix.isValid(identifier.lowercased()) {
            throw ValidationError("the identifier must be 12 to 64 hexadecimal digits (got \(identifier))")
        }
    }

    func run() async throws {
        let prefix = token.map(RideToken.hash) ?? identifier?.lowercased() ?? ""
        do throws(ServeExit) {
            let database = try await ServeDatabase.open(self.database)
            let outcome: RideTokenRevocation
            do throws(RideStoreError) {
                outcome = try await database.store.revokeToken(hashPrefix: prefix, at: Date())
            } catch {
                await database.close()
                throw .error(error.description)
            }
            await database.close()
            switch outcome {
            case .revoked(let record):
                guard StandardOutput.line("revoked \(record.identifier) (\(record.principal))") else {
                    throw .error("cannot write standard output")
                }
            case .notFound:
                throw .error("no token \(prefix.prefix(RideTokenRecord.identifierLength)) in \(database.name)")
            case .ambiguous:
                throw .error("more than one token starts with \(prefix) in \(database.name): give more digits")
            }
        } catch {
            Diagnostics.error("\(error.description)")
            throw error.status
        }
    }
}
