import ArgumentParser
import Foundation
import Geodesy
import LodestarInternals
import RideAPI
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
            let quote = try decode(RequestRideBody.self, confirmation)
            show(confirmation, "confirm", "\(quote.code)" + (quote.failureReason.map { "  \($0)" } ?? ""))
            guard quote.code == .ready else { throw .refused("\(quote.code): \(quote.failureReason ?? "cannot book")") }
            let booking = try await call { () async throws(RideServiceError) in try await client.requestRide(body) }
            let booked = try decode(RequestRideBody.self, booking)
            guard booked.code == .success, let status = booked.rideStatus?.status else {
                show(booking, "handle", "\(booked.code)  \(booked.failureReason ?? "")")
                throw .refused("\(booked.code): \(booked.failureReason ?? "cannot book")")
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
                guard let status = try decode(GetRideStatusBody.self, response).rideStatus?.status else {
                    throw .refused("no ride \(rideIdentifier) on \(client.endpoint)")
                }
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
                        guard let status = (try? APICoding.decode(RideStatusBody.self, from: event.data.utf8))?.status else {
                            throw RideServiceError.badResponse("an event that is not a RideStatus: \(event.data.prefix(200))")
                        }
                        StandardOutput.line(json ? event.data : Self.line(status))
                        if status.phase == .completed || StandardOutput.hasFailed { return }
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
            let answer = try decode(CancelRideBody.self, response)
            show(response, "cancel", "\(answer.code)" + (answer.failureReason.map { "  \($0)" } ?? ""))
            if !json, let status = answer.rideStatus?.status { StandardOutput.line(Self.line(status)) }
            guard answer.code == .success else { throw .refused(answer.failureReason ?? "\(answer.code)") }
        }
    }

    /// `ride list`.
    func list(limit: Int) async throws {
        try await RideExit.guarding(command) { () async throws(RideExit) in
            let response = try await call { () async throws(RideServiceError) in
                try await client.listRides(limit: min(limit, 1000))
            }
            let listing = try decode(RideListBody.self, response)
            if json {
                StandardOutput.line(response.text)
                return
            }
            if listing.rides.isEmpty { StandardOutput.line("no rides on \(client.endpoint)") }
            for ride in listing.rides where !StandardOutput.hasFailed { StandardOutput.line(Self.line(ride.status)) }
        }
    }

    /// `ride options [--pickup LAT,LON]`.
    func options(pickup: Coordinate?) async throws {
        try await RideExit.guarding(command) { () async throws(RideExit) in
            let response = try await call { () async throws(RideServiceError) in try await client.listRideOptions(pickup: pickup)
            }
            let answer = try decode(ListRideOptionsBody.self, response)
            if json {
                StandardOutput.line(response.text)
            } else {
                StandardOutput.line("options  \(answer.code)" + (pickup.map { "  from \(Self.format($0))" } ?? ""))
                for option in answer.rideOptions ?? [] {
                    let name = option.name.padding(toLength: 10, withPad: " ", startingAt: 0)
                    let eta = option.estimatedPickupDate.map {
                        "pickup by \(ISO8601.string($0, fractionDigits: 3, rounding: .down))"
                    }
                    StandardOutput.line("  \(name) \(eta ?? (pickup == nil ? "" : "none free"))")
                }
            }
            guard answer.code == .success else { throw .refused("\(answer.code)") }
        }
    }

    // MARK: - Helpers

    private func call(_ body: () async throws(RideServiceError) -> RideServiceResponse) async throws(RideExit)
        -> RideServiceResponse
    {
        do throws(RideServiceError) {
            return try await body()
        } catch {
            if case .status(404, _) = error { throw .refused(error.description) }
            throw .error(error.description)
        }
    }

    private func decode<T: Decodable>(_ type: T.Type, _ response: RideServiceResponse) throws(RideExit) -> T {
        do throws(RideServiceError) {
            return try response.decode(T.self)
        } catch {
            throw .error(error.description)
        }
    }

    /// One step: `confirm  ready` as text, the service's JSON with `--json`.
    private func show(_ response: RideServiceResponse, _ step: String, _ text: String) {
        StandardOutput.line(json ? response.text : step.padding(toLength: 12, withPad: " ", startingAt: 0) + " " + text)
    }

    /// `ride 85A5...  approachingPickup  vehicle LDN-0042  412 m to go`.
    static func line(_ status: RideStatus) -> String {
        var text = "ride \(status.rideIdentifier)  \(status.phase)"
        if let completion = status.completionStatus, completion != .completed { text += " (\(completion.rawValue))" }
        if let vehicle = status.vehicle { text += "  vehicle \(vehicle.identifier)" }
        if let distance = status.distanceRemaining, distance.isFinite, distance < 1e9, status.phase != .completed {
            text += "  \(Int(distance.rounded())) m to go"
        }
        return text
    }

    static func format(_ coordinate: Coordinate) -> String {
        String(format: "%.5f,%.5f", coordinate.latitude, coordinate.longitude)
    }
}
