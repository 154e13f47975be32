import ArgumentParser
import Foundation
import Geodesy
import RideBooking
import RideClient

/// `lodestar ride ... --server URL`: the same commands against a ride service (`lodestar serve`)
/// through RideClient, instead of the local SQLite file. Text output is one line per step or
/// ride; `--json` prints the service's own JSON, one object per line.
struct RideRemote {
    let client: RideServiceClient
    let json: Bool
    let command: String

    init(endpoint: RideServiceEndpoint, json: Bool, command: String) {
        client = RideServiceClient(endpoint: endpoint)
        self.json = json
        self.command = command
    }

    /// `ride request`: confirm, then book.
    func request(_ body: RideRequestBody) async throws {
        try await RideExit.guarding(command) { () async throws(RideExit) in
            let confirmation = try await call { () async throws(RideServiceError) in try await client.confirmRide(body) }
            let quote = try summary(confirmation)
            show(confirmation, "confirm", "\(quote.codeName)" + (quote.failureReason.map { "  \($0)" } ?? ""))
            guard RequestRideIntentResponseCode(rawValue: quote.code) == .ready else { throw .refused("\(quote.codeName): \(quote.failureReason ?? "cannot book")") }
            let booking = try await call { () async throws(RideServiceError) in try await client.requestRide(body) }
            let booked = try summary(booking)
            guard RequestRideIntentResponseCode(rawValue: booked.code) == .success, let status = booked.rideStatus else {
                show(booking, "handle", "\(booked.codeName)  \(booked.failureReason ?? "")")
                throw .refused("\(booked.codeName): \(booked.failureReason ?? "cannot book")")
            }
            show(booking, "handle", "success  ride \(status.rideIdentifier) booked on \(client.endpoint)")
            if !json { StandardOutput.line(Self.line(status)) }
        }
    }

    /// Silent connections in a row (each ended by its silence limit with no event) after which
    /// `ride status --watch` gives up: 3.
    static let silentConnections = 3

    /// `ride status ID [--watch]`: the status, or its Server-Sent Events until completed.
    ///
    /// A stream that sends nothing, not even the service's heartbeat (a status every 20 s), for
    /// `silenceLimit` is dropped and opened again with `Last-Event-ID` (the last event's
    /// identifier), said on standard error each time; after ``silentConnections`` silent
    /// connections in a row, the command fails (status 1).
    func status(_ rideIdentifier: String, watch: Bool, silenceLimit: Duration = .seconds(60)) async throws {
        try await RideExit.guarding(command) { () async throws(RideExit) in
            guard watch else {
                let response = try await call { () async throws(RideServiceError) in try await client.rideStatus(rideIdentifier) }
                let summary = try summary(response)
                guard let status = summary.rideStatus else { throw .refused("no ride \(rideIdentifier) on \(client.endpoint)") }
                StandardOutput.line(json ? response.text : Self.line(status))
                return
            }
            var lastEventID: String?
            var silent = 0
            while true {
                do {
                    let events = client.rideEvents(rideIdentifier, lastEventID: lastEventID, silenceLimit: silenceLimit)
                    for try await event in events {
                        silent = 0
                        if let id = event.id { lastEventID = id }
                        guard event.event == "status" else { continue }
                        guard let status = try? JSONDecoder().decode(RideStatusSummary.self, from: Data(event.data.utf8)) else {
                            throw RideServiceError.badResponse("an event that is not a RideStatus: \(event.data.prefix(200))")
                        }
                        StandardOutput.line(json ? event.data : Self.line(status))
                        if status.phaseName == "completed" || StandardOutput.hasFailed { return }
                    }
                    return
                } catch let error as RideServiceError {
                    if case .silent = error {
                        silent += 1
                        guard silent < Self.silentConnections else {
                            throw .error("\(error) on \(silent) connections in a row to \(client.endpoint); giving up")
                        }
                        let resume = lastEventID.map { " with Last-Event-ID \($0)" } ?? ""
                        Diagnostics.error("\(error); reconnecting to \(client.endpoint)\(resume)")
                        continue
                    }
                    if case .status(404, _) = error { throw .refused("no ride \(rideIdentifier) on \(client.endpoint)") }
                    throw .error(error.description)
                } catch {
                    return  // cancelled (Ctrl-C)
                }
            }
        }
    }

    /// `ride cancel ID`.
    func cancel(_ rideIdentifier: String) async throws {
        try await RideExit.guarding(command) { () async throws(RideExit) in
            let response = try await call { () async throws(RideServiceError) in try await client.cancelRide(rideIdentifier) }
            let summary = try summary(response)
            show(response, "cancel", summary.codeName + (summary.failureReason.map { "  \($0)" } ?? ""))
            if !json, let status = summary.rideStatus { StandardOutput.line(Self.line(status)) }
            guard CancelRideIntentResponseCode(rawValue: summary.code) == .success else { throw .refused(summary.failureReason ?? summary.codeName) }
        }
    }

    /// `ride list`.
    func list(limit: Int) async throws {
        try await RideExit.guarding(command) { () async throws(RideExit) in
            let response = try await call { () async throws(RideServiceError) in try await client.listRides(limit: min(limit, 1000)) }
            struct Listing: Decodable { var rides: [RideStatusSummary] }
            let listing: Listing
            do throws(RideServiceError) {
                listing = try response.decode(Listing.self)
            } catch {
                throw .error(error.description)
            }
            if json { StandardOutput.line(response.text); return }
            if listing.rides.isEmpty { StandardOutput.line("no rides on \(client.endpoint)") }
            for status in listing.rides where !StandardOutput.hasFailed { StandardOutput.line(Self.line(status)) }
        }
    }

    /// `ride options [--pickup LAT,LON]`.
    func options(pickup: Coordinate?) async throws {
        try await RideExit.guarding(command) { () async throws(RideExit) in
            let response = try await call { () async throws(RideServiceError) in try await client.listRideOptions(pickup: pickup) }
            let object: [String: Any]
            do throws(RideServiceError) {
                object = try response.object()
            } catch {
                throw .error(error.description)
            }
            let codeName = object["codeName"] as? String ?? "?"
            if json {
                StandardOutput.line(response.text)
            } else {
                StandardOutput.line("options  \(codeName)" + (pickup.map { "  from \(Self.format($0))" } ?? ""))
                for option in object["rideOptions"] as? [[String: Any]] ?? [] {
                    let name = (option["name"] as? String ?? "?").padding(toLength: 10, withPad: " ", startingAt: 0)
                    let eta = (option["estimatedPickupDate"] as? String).map { "pickup by \($0)" } ?? (pickup == nil ? "" : "none free")
                    StandardOutput.line("  \(name) \(eta)")
                }
            }
            guard (object["code"] as? Int).flatMap(ListRideOptionsIntentResponseCode.init(rawValue:)) == .success else {
                throw .refused(codeName)
            }
        }
    }

    // MARK: - Helpers

    private func call(_ body: () async throws(RideServiceError) -> RideServiceResponse) async throws(RideExit) -> RideServiceResponse {
        do throws(RideServiceError) {
            return try await body()
        } catch {
            if case .status(404, _) = error { throw .refused(error.description) }
            throw .error(error.description)
        }
    }

    private func summary(_ response: RideServiceResponse) throws(RideExit) -> IntentResponseSummary {
        do throws(RideServiceError) {
            return try response.decode(IntentResponseSummary.self)
        } catch {
            throw .error(error.description)
        }
    }

    /// One step: `confirm  ready` as text, the service's JSON with `--json`.
    private func show(_ response: RideServiceResponse, _ step: String, _ text: String) {
        StandardOutput.line(json ? response.text : step.padding(toLength: 12, withPad: " ", startingAt: 0) + " " + text)
    }

    /// `ride 85A5...  approachingPickup  vehicle LDN-0042  412 m to go`.
    static func line(_ status: RideStatusSummary) -> String {
        var text = "ride \(status.rideIdentifier)  \(status.phaseName)"
        if let completion = status.completionStatus, completion != "completed" { text += " (\(completion))" }
        if let vehicle = status.vehicle { text += "  vehicle \(vehicle.identifier)" }
        if let distance = status.distanceRemaining, distance.isFinite, distance < 1e9, status.phaseName != "completed" {
            text += "  \(Int(distance.rounded())) m to go"
        }
        return text
    }

    static func format(_ coordinate: Coordinate) -> String {
        String(format: "%.5f,%.5f", coordinate.latitude, coordinate.longitude)
    }
}
