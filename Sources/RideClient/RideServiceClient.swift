import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// An HTTP client of one ride service (`lodestar serve`), over AsyncHTTPClient.
///
/// Every request carries the endpoint's bearer token and a deadline; every answer is read to at
/// most ``maximumBodyBytes``. Errors are typed: no answer at all is
/// ``RideServiceError/unreachable(_:)``, an error status is ``RideServiceError/status(_:detail:)``
/// with the problem document's detail. The client is `Sendable`; one may be shared by any number
/// of tasks (the connection pool is the `HTTPClient`'s).
public final class RideServiceClient: Sendable {
    /// The largest body read from an ordinary answer: 1 MiB.
    public static let maximumBodyBytes = 1 << 20

    /// Where the service is, and the token.
    public let endpoint: RideServiceEndpoint
    private let http: HTTPClient

    /// - Parameters:
    ///   - endpoint: the service and the token.
    ///   - httpClient: the connection pool; default the process-wide shared one.
    public init(endpoint: RideServiceEndpoint, httpClient: HTTPClient = .shared) {
        self.endpoint = endpoint
        self.http = httpClient
    }

    /// Sends one request and reads its whole answer, whatever its status.
    ///
    /// - Parameters:
    ///   - method: GET, POST, PUT, DELETE...
    ///   - path: the path below the endpoint's base URL, starting with `/` (`/rides/ID`).
    ///   - body: a JSON body, sent with `Content-Type: application/json`; nil sends none.
    ///   - timeout: the deadline for the whole exchange (> 0).
    ///   - idempotencyKey: sent as `Idempotency-Key` (a booking or a cancel that may be retried).
    /// - Throws: ``RideServiceError/unreachable(_:)`` when no answer came in time,
    ///   ``RideServiceError/badResponse(_:)`` when the body is larger than ``maximumBodyBytes``.
    public func send(
        _ method: HTTPMethod, _ path: String, json body: [UInt8]? = nil, timeout: Duration = .seconds(10),
        idempotencyKey: String? = nil
    ) async throws(RideServiceError) -> RideServiceResponse {
        var request = makeRequest(method, path, json: body)
        if let idempotencyKey { request.headers.add(name: "Idempotency-Key", value: "\"\(idempotencyKey)\"") }
        do {
            let response = try await http.execute(request, timeout: Self.timeAmount(timeout))
            let buffer = try await response.body.collect(upTo: Self.maximumBodyBytes)
            return RideServiceResponse(status: Int(response.status.code), body: Array(buffer.readableBytesView))
        } catch let error as NIOTooManyBytesError {
            throw .badResponse("body over \(Self.maximumBodyBytes) bytes (\(error))")
        } catch {
            throw .unreachable(Self.reason(error))
        }
    }

    /// Sends one request and returns its answer when its status is one of `expected`.
    /// - Throws: ``RideServiceError/status(_:detail:)`` for any other status, and what
    ///   ``send(_:_:json:timeout:idempotencyKey:)`` throws.
    public func call(
        _ method: HTTPMethod, _ path: String, json body: [UInt8]? = nil, expecting expected: Set<Int> = [200],
        timeout: Duration = .seconds(10), idempotencyKey: String? = nil
    ) async throws(RideServiceError) -> RideServiceResponse {
        let response = try await send(method, path, json: body, timeout: timeout, idempotencyKey: idempotencyKey)
        guard expected.contains(response.status) else {
            throw .status(response.status, detail: response.problemDetail)
        }
        return response
    }

    /// The Server-Sent Events of `path` (`/rides/ID/events`), as they arrive, until the service
    /// closes the stream, the connection fails (the stream then throws
    /// ``RideServiceError/unreachable(_:)``) or the iterating task is cancelled. A status other
    /// than 200 throws ``RideServiceError/status(_:detail:)``. An event or a line over
    /// ``ServerSentEventParser/maximumLineBytes`` throws ``RideServiceError/badResponse(_:)``.
    ///
    /// - Parameters:
    ///   - path: the stream's path on the service, such as `/rides/ID/events`.
    ///   - lastEventID: sent as `Last-Event-ID`, when resuming a stream after the event of that
    ///     identifier (the WHATWG standard's reconnection).
    ///   - silenceLimit: when nothing at all (no event, no heartbeat, no comment) arrives for this
    ///     long, from the request on, the stream throws ``RideServiceError/silent(_:)`` and the
    ///     connection is dropped; nil waits as long as the connection lasts (> 0).
    public func events(
        _ path: String, lastEventID: String? = nil, silenceLimit: Duration? = nil
    ) -> AsyncThrowingStream<ServerSentEvent, any Error> {
        var streamRequest = makeRequest(.GET, path, json: nil)
        streamRequest.headers.replaceOrAdd(name: "Accept", value: "text/event-stream")
        if let lastEventID { streamRequest.headers.replaceOrAdd(name: "Last-Event-ID", value: lastEventID) }
        let request = streamRequest
        let http = self.http
        return AsyncThrowingStream { continuation in
            let heard = SilenceClock()
            let task = Task {
                do {
                    // An event stream has no end but the service's or the reader's: a day's deadline.
                    let response = try await http.execute(request, timeout: .hours(24))
                    heard.touch()
                    guard response.status == .ok else {
                        let buffer = try await response.body.collect(upTo: Self.maximumBodyBytes)
                        let answer = RideServiceResponse(status: Int(response.status.code), body: Array(buffer.readableBytesView))
                        throw RideServiceError.status(answer.status, detail: answer.problemDetail)
                    }
                    var parser = ServerSentEventParser()
                    for try await chunk in response.body {
                        heard.touch()
                        for event in try parser.feed(chunk.readableBytesView) {
                            continuation.yield(event)
                        }
                    }
                    continuation.finish()
                } catch let error as RideServiceError {
                    continuation.finish(throwing: error)
                } catch {
                    continuation.finish(
                        throwing: Task.isCancelled ? CancellationError() : RideServiceError.unreachable(Self.reason(error)))
                }
            }
            // Watches the silence: checked a few times per limit, it ends the stream at most a
            // quarter of the limit late.
            let watchdog = silenceLimit.map { limit in
                Task {
                    while !Task.isCancelled {
                        guard (try? await Task.sleep(for: limit / 4)) != nil else { return }
                        if heard.silence() >= limit {
                            continuation.finish(throwing: RideServiceError.silent(limit))
                            task.cancel()
                            return
                        }
                    }
                }
            }
            continuation.onTermination = { _ in
                task.cancel()
                watchdog?.cancel()
            }
        }
    }

    private func makeRequest(_ method: HTTPMethod, _ path: String, json body: [UInt8]?) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: endpoint.baseURL + path)
        request.method = method
        if let token = endpoint.token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(body)
        }
        return request
    }

    /// A `Duration` as NIO's `TimeAmount`, in whole milliseconds, at least 1 ms and at most a day.
    static func timeAmount(_ duration: Duration) -> TimeAmount {
        let milliseconds = duration.components.seconds.multipliedReportingOverflow(by: 1000)
        guard !milliseconds.overflow else { return .hours(24) }
        let total = milliseconds.partialValue + duration.components.attoseconds / 1_000_000_000_000_000
        return .milliseconds(min(max(total, 1), 86_400_000))
    }

    /// A one-line reason for a transport error.
    static func reason(_ error: any Error) -> String {
        if let error = error as? HTTPClientError { return "\(error)" }
        let text = "\(error)"
        return text.count > 300 ? String(text.prefix(300)) : text
    }
}
