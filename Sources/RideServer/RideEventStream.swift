import Foundation
import Hummingbird
import Logging
import RideAPI
import RideBooking
import ServiceLifecycle

/// `GET /rides/{id}/events`: the ride's status as Server-Sent Events, pushed.
///
/// - Each event's `id:` is the number of the ride event it shows (`RideEvent`, increasing across
///   the store): a client that reconnects with `Last-Event-ID: N` first gets every phase the ride
///   reached after N, each dated when it was reached; without it, the current status.
/// - Then an event goes out when the ride changes: the server's ``RideChangeHub`` follows the
///   store (PostgreSQL's `NOTIFY`, written by whichever server changed the ride; SQLite's event
///   log, read once per interval for the whole server) and wakes only the streams of that ride,
///   which read it once. An open stream costs no query while its ride does not change.
/// - Without a change, a heartbeat every ``RideChangeHub``'s interval repeats the last event
///   (same `id:`), without reading the store; a client gone away is noticed at that write.
/// - The stream ends after the completed status, when the client goes away, or when the server
///   shuts down gracefully.
struct RideEventStream: Sendable {
    let backend: RideService
    let metrics: ServerMetrics
    let hub: RideChangeHub

    /// The response for a ride the token may see, in its current status; `ticket`, its place in
    /// the ``EventStreamQuota``, is given back when the stream ends (or the body never runs).
    /// - Parameter lastEventID: the request's `Last-Event-ID`, when it is a number ≥ 0.
    func response(for first: RideStatus, lastEventID: Int64?, ticket: EventStreamQuota.Ticket, logger: Logger) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-store"
        let ride = first.rideIdentifier
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                metrics.streamOpened()
                // Watching before the first read: a change after it wakes the stream.
                let (watch, signals) = hub.watch(ride)
                defer {
                    hub.cancel(ride, id: watch)
                    metrics.streamClosed()
                    ticket.release()
                }
                do {
                    var last: (id: Int64, status: RideStatus)
                    if let lastEventID {
                        let missed = try await backend.eventStatuses(of: ride, after: lastEventID)
                        last = (lastEventID, first)
                        if missed.isEmpty { try await writer.write(Self.event(first, id: lastEventID)) }
                        for event in missed {
                            try await writer.write(Self.event(event.status, id: event.id))
                            last = event
                        }
                    } else {
                        let logged = try await backend.eventStatuses(of: ride, after: nil)
                        last = (logged.last?.id ?? 0, logged.last?.status ?? first)
                        try await writer.write(Self.event(last.status, id: last.id))
                    }
                    try await withGracefulShutdownHandler {
                        // The stream ends as soon as the completed status is written, not at the
                        // next heartbeat or change.
                        guard last.status.phase != .completed else { return }
                        for await signal in signals {
                            switch signal {
                            case .heartbeat:
                                try await writer.write(Self.event(last.status, id: last.id))
                            case .changed:
                                for event in try await backend.eventStatuses(of: ride, after: last.id) {
                                    try await writer.write(Self.event(event.status, id: event.id))
                                    last = event
                                }
                            }
                            if last.status.phase == .completed { break }
                        }
                    } onGracefulShutdown: {
                        hub.cancel(ride, id: watch)
                    }
                } catch is CancellationError {
                    // The request's task was cancelled: end the stream.
                } catch {
                    logger.warning("event stream ended", metadata: ["ride": "\(ride)", "error": "\(error)"])
                }
                try await writer.finish(nil)
            })
    }

    /// One event: `id: N`, `event: status`, `data: {RideStatus}`, blank line.
    static func event(_ status: RideStatus, id: Int64) throws(ProblemDocument) -> ByteBuffer {
        var buffer = ByteBuffer(string: "id: \(id)\nevent: status\ndata: ")
        buffer.writeBytes(try JSONResponse.encode(RideStatusBody(status)))
        buffer.writeString("\n\n")
        return buffer
    }

    /// `Last-Event-ID` as a number of 1 to 18 digits; nil for none or anything else.
    static func lastEventID(_ headers: HTTPFields) -> Int64? {
        guard let value = headers.first(where: { $0.name.canonicalName == "last-event-id" })?.value,
            (1...18).contains(value.utf8.count),
            value.utf8.allSatisfy({ (0x30...0x39).contains($0) })
        else { return nil }
        return Int64(value)
    }
}
