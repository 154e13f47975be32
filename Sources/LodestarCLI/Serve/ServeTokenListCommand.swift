import ArgumentParser
import Foundation
import LodestarInternals
import RideBooking

/// `lodestar serve token list --database URL`: the tokens, never their secrets.
struct ServeTokenListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the bearer tokens: identifier, principal, times and state, never the token.",
        discussion: """
            One line per token, oldest first: the identifier (the first 12 hexadecimal digits of \\
            the token's SHA-256, which is all the database keeps), whom it speaks for, when it was \\
            made, when it expires ('never') and its state: active, expired or revoked. \\
            'lodestar serve token revoke IDENTIFIER' revokes one.
            """)

    @Option(help: ArgumentHelp("The store (as for 'lodestar serve').", valueName: "url"))
    var database: String?

    func run() async throws {
        do throws(ServeExit) {
            let database = try await ServeDatabase.open(self.database)
            let tokens: [RideTokenRecord]
            do throws(RideStoreError) {
                tokens = try await database.store.tokens()
            } catch {
                await database.close()
                throw .error(error.description)
            }
            await database.close()
            let now = Date()
            var lines = ["identifier    principal                      created               expires               state"]
            for token in tokens {
                let state = token.revoked.map { $0 <= now } == true ? "revoked" : token.isValid(at: now) ? "active" : "expired"
                lines.append(
                    [
                        token.identifier, Self.pad(token.principal.description, 30),
                        ISO8601.string(token.created, fractionDigits: 0),
                        Self.pad(token.expires.map { ISO8601.string($0, fractionDigits: 0) } ?? "never", 20), state,
                    ].joined(separator: "  "))
            }
            for line in lines {
                guard StandardOutput.line(line) else { throw .error("cannot write standard output") }
            }
        } catch {
            Diagnostics.error("\(error.description)")
            throw error.status
        }
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
