import ArgumentParser
import Foundation
import RideBooking

/// How `lodestar ride` ends when it does not simply succeed: a message on standard error and an
/// exit status (see ``RideCommand`` and ``ExitStatus``).
enum RideExit: Error, CustomStringConvertible {
    /// A store, fleet, gazetteer or trace failure: status 1.
    case error(String)
    /// A choice or value is needed and nobody can be asked: status 3.
    case needsDecision(String)
    /// The service said no: status 4.
    case refused(String)
    /// The person at the terminal said no to a proposal, or chose nothing: status 6.
    case declined(String)
    /// Done, but some stored rides could not be read (each named on standard error): status 5.
    case partial(String)
    /// A fleet or gazetteer file that is not valid: status 65.
    case dataError(String)
    /// A fleet, gazetteer or trace file that cannot be read: status 66.
    case noInput(String)

    var description: String {
        switch self {
        case .error(let text), .needsDecision(let text), .refused(let text), .declined(let text), .partial(let text),
            .dataError(let text), .noInput(let text):
            text
        }
    }

    var code: ExitCode {
        switch self {
        case .error: ExitStatus.failure
        case .needsDecision: ExitStatus.needsDecision
        case .refused: ExitStatus.refused
        case .declined: ExitStatus.declined
        case .partial: ExitStatus.partial
        case .dataError: ExitStatus.dataError
        case .noInput: ExitStatus.noInput
        }
    }

    /// Runs `body`; on a ``RideExit``, writes its message (if any) to standard error through
    /// ``Diagnostics`` (prefixed `lodestar ride COMMAND: `, the command the entry point named), and
    /// exits with its status. `command` (`"list"`) names the caller for the reader of the code;
    /// the prefix does not depend on it.
    static func guarding(_ command: String, _ body: () async throws(RideExit) -> Void) async throws {
        do {
            try await body()
        } catch {
            if !error.description.isEmpty {
                Diagnostics.error(error.description)
            }
            throw error.code
        }
    }
}

extension RideExit {
    /// Runs a call of the ride service (the store's async methods run on GRDB's queues, never
    /// blocking the cooperative pool); its error (a ``RideStoreError``) becomes ``error(_:)`` with
    /// its message.
    static func store<T>(_ body: () async throws -> T) async throws(RideExit) -> T {
        do {
            return try await body()
        } catch {
            throw .error(String(describing: error))
        }
    }
}
