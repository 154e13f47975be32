import Foundation
import Hummingbird
import LodestarInternals
import Logging
import RideBooking
import ServiceLifecycle
import Synchronization

/// `GET /rides/{id}/events`: the ride's status as Server-Sent Events.
///
/// The current status goes out at once; then the store is polled every ``pollInterval`` and an
/// event goes out on every phase change and, without one, every ``heartbeatInterval`` (a
/// heartbeat repeating the status). Polling the store, not this process's memory, is what lets
/// a stream on one server show a phase that another server wrote. The stream ends after the
/// completed status, when the client goes away, or when the server shuts down gracefully.
struct RideEventStream: Sendable {
    let backend: RideServerBackend
    let metrics: ServerMetrics
    /// How often the store is read, 0.05...5 s.
    let pollInterval: Duration
    /// The longest silence between two events, at most 20 s.
    let heartbeatInterval: Duration

    /// The response for a ride the token may see, in its current status; `ticket`, its place in
    /// the ``EventStreamQuota``, is given back when the stream ends (or the body never runs).
    func response(for first: RideStatus, ticket: EventStreamQuota.Ticket, logger: Logger) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            metrics.streamOpened()
            defer {
                metrics.streamClosed()
                ticket.release()
            }
            var sequence = 1
            try await writer.write(Self.event(first, id: sequence))
            var last = first
            var lastSent = ContinuousClock.now
            let stopping = ShutdownFlag()
            do {
                try await withGracefulShutdownHandler {
                    while last.phase != .completed, !stopping.isSet {
                        try await Task.sleep(for: pollInterval)
                        guard !stopping.isSet, let current = try await backend.ride(first.rideIdentifier)?.status else { break }
                        let changed = current.phase != last.phase
                        guard changed || ContinuousClock.now - lastSent >= heartbeatInterval else { continue }
                        sequence += 1
                        try await writer.write(Self.event(current, id: sequence))
                        last = current
                        lastSent = ContinuousClock.now
                    }
                } onGracefulShutdown: {
                    stopping.set()
                }
            } catch is CancellationError {
                // The request's task was cancelled: end the stream.
            } catch {
                logger.warning("event stream ended", metadata: ["ride": "\(first.rideIdentifier)", "error": "\(error)"])
            }
            try await writer.finish(nil)
        })
    }

    /// One event: `id: N`, `event: status`, `data: {RideStatus}`, blank line.
    static func event(_ status: RideStatus, id: Int) -> ByteBuffer {
        ByteBuffer(string: "id: \(id)\nevent: status\ndata: \(ResponseJSON.rideStatus(status).json)\n\n")
    }
}

/// Set once, when the server begins its graceful shutdown.
final class ShutdownFlag: Sendable {
    private let flag = Mutex(false)

    var isSet: Bool { flag.withLock { $0 } }

    func set() { flag.withLock { $0 = true } }
}
