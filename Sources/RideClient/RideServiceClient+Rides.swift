import Foundation
import Geodesy
import NIOHTTP1
import RideAPI

/// The API's operations (the committed OpenAPI document, `Sources/RideServer/Resources/openapi.json`).
extension RideServiceClient {
    /// `POST /rides/confirm`: the quote (code `ready`) or why not. Rider token.
    public func confirmRide(_ request: RideRequestBody) async throws(RideServiceError) -> RideServiceResponse {
        try await call(.POST, "/rides/confirm", json: try Self.json(request))
    }

    /// `POST /rides`: books (201, code `success`) or says why not (200, a failure code). Rider token.
    ///
    /// Exactly once: the request carries an `Idempotency-Key` (a new UUID unless given), and a
    /// request that got no answer at all (``RideServiceError/unreachable(_:)``: refused, lost,
    /// timed out) is sent once more with the same key, so a booking the service made before the
    /// connection failed is answered again rather than made twice.
    public func requestRide(
        _ request: RideRequestBody, idempotencyKey: String = UUID().uuidString
    ) async throws(RideServiceError) -> RideServiceResponse {
        let body = try Self.json(request)
        return try await retryingOnce { () async throws(RideServiceError) in
            try await call(.POST, "/rides", json: body, expecting: [200, 201], idempotencyKey: idempotencyKey)
        }
    }

    /// `GET /rides/{id}`: the ride's status (404 for a ride the token may not see).
    public func rideStatus(_ rideIdentifier: String) async throws(RideServiceError) -> RideServiceResponse {
        try await call(.GET, "/rides/\(RidePath.segment(rideIdentifier))")
    }

    /// `POST /rides/{id}/cancel`, with an `Idempotency-Key` (a new UUID unless given) and one
    /// retry with it when no answer came, as ``requestRide(_:idempotencyKey:)``.
    public func cancelRide(
        _ rideIdentifier: String, idempotencyKey: String = UUID().uuidString
    ) async throws(RideServiceError) -> RideServiceResponse {
        try await retryingOnce { () async throws(RideServiceError) in
            try await call(.POST, "/rides/\(RidePath.segment(rideIdentifier))/cancel", idempotencyKey: idempotencyKey)
        }
    }

    /// `send`, and once more when it got no answer at all.
    private func retryingOnce(
        _ send: () async throws(RideServiceError) -> RideServiceResponse
    ) async throws(RideServiceError) -> RideServiceResponse {
        do {
            return try await send()
        } catch .unreachable {
            return try await send()
        }
    }

    /// `GET /rides[?active=true][&limit=N]`: the token's rides, newest first.
    public func listRides(activeOnly: Bool = false, limit: Int? = nil) async throws(RideServiceError) -> RideServiceResponse {
        var query: [String] = []
        if activeOnly { query.append("active=true") }
        if let limit { query.append("limit=\(limit)") }
        return try await call(.GET, "/rides" + (query.isEmpty ? "" : "?" + query.joined(separator: "&")))
    }

    /// `GET /ride-options[?latitude=..&longitude=..]`.
    public func listRideOptions(pickup: Coordinate?) async throws(RideServiceError) -> RideServiceResponse {
        let query = pickup.map { "?latitude=\($0.latitude)&longitude=\($0.longitude)" } ?? ""
        return try await call(.GET, "/ride-options" + query)
    }

    /// `GET /rides/{id}/events`: the ride's statuses as they change (see
    /// ``events(_:lastEventID:silenceLimit:)``), resumed after `lastEventID` when given.
    public func rideEvents(
        _ rideIdentifier: String, lastEventID: String? = nil, silenceLimit: Duration? = nil
    ) -> AsyncThrowingStream<ServerSentEvent, any Error> {
        events("/rides/\(RidePath.segment(rideIdentifier))/events", lastEventID: lastEventID, silenceLimit: silenceLimit)
    }

    /// `PUT /vehicles/{id}/location`: one vehicle's position. Its own token, or an operator's.
    /// - Parameters:
    ///   - report: the vehicle's identifier and position.
    ///   - timeout: the deadline of the exchange (AsyncHTTPClient retries a refused
    ///     connection until then), default 5 s: the longest interval between two reports.
    public func reportLocation(_ report: PositionReport, timeout: Duration = .seconds(5)) async throws(RideServiceError)
        -> RideServiceResponse
    {
        try await call(
            .PUT, "/vehicles/\(RidePath.segment(report.vehicleID))/location", json: try Self.json(report.body), timeout: timeout)
    }

    /// `POST /vehicles/locations`: several vehicles' positions (1 to 1000, at most 64 KiB of JSON:
    /// about 400). An operator token, or a vehicle's own for its own positions.
    public func reportLocations(_ reports: some Collection<PositionReport>) async throws(RideServiceError) -> RideServiceResponse
    {
        // Written by the batch's own writer: the same text as `JSONEncoder`'s, at a fifth of the
        // cost (9,500 instructions a position instead of 51,000; a fleet's gateway sends
        // thousands a second).
        try await call(.POST, "/vehicles/locations", json: PositionReport.batch(reports).jsonBytes)
    }

    /// The JSON of one of RideAPI's bodies.
    /// - Throws: ``RideServiceError/badRequest(_:)`` for a body JSON cannot hold (a number that is
    ///   not finite).
    static func json(_ body: some Encodable) throws(RideServiceError) -> [UInt8] {
        do {
            return Array(try APICoding.encode(body))
        } catch {
            throw .badRequest("the request cannot be written as JSON: \(error)")
        }
    }
}
