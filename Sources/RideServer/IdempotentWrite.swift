import Foundation
import Hummingbird
import RideBooking

/// `Idempotency-Key` on the writes a client retries (booking, cancelling), after the IETF
/// httpapi draft: the first request with a key runs and its response is kept in the store for
/// 24 h; the same key with the same request (method, path and body) gets that response again,
/// on any server sharing the store, also while the first is still running (it waits for it, at
/// most ``inFlightWait``, then 409); the same key with another request is 422. A request
/// without the header runs as always. A response that is a store failure (503) is not kept: a
/// retry runs again.
struct IdempotentWrite: Sendable {
    let store: any RideBackend
    let now: @Sendable () -> Date

    /// The longest a request waits for the first request with its key: 10 s.
    static let inFlightWait: Duration = .seconds(10)

    /// What a handler answers, in the form that is kept: status, JSON body, `Location`.
    struct Answer: Sendable {
        var status: HTTPResponse.Status
        var body: String
        var location: String?

        var response: Response {
            var headers = HTTPFields()
            if let location { headers[.location] = location }
            return JSONResponse.make(bytes: body.utf8, status: status, headers: headers)
        }

        /// `LOCATION` (or nothing), a line feed, the body.
        var stored: String { (location ?? "") + "\n" + body }

        init(status: HTTPResponse.Status, body: String, location: String? = nil) {
            self.status = status
            self.body = body
            self.location = location
        }

        /// An answer whose body is one of RideAPI's bodies.
        init(status: HTTPResponse.Status, encoding body: some Encodable, location: String? = nil) throws(ProblemDocument) {
            self.init(status: status, body: String(decoding: try JSONResponse.encode(body), as: UTF8.self), location: location)
        }

        init(status: Int, stored: String) {
            let (head, tail) =
                stored.firstIndex(of: "\n").map { (stored[..<$0], stored[stored.index(after: $0)...]) } ?? ("", stored[...])
            self.init(status: HTTPResponse.Status(code: status), body: String(tail), location: head.isEmpty ? nil : String(head))
        }
    }

    /// The answer to a write of `principal` with `bytes` as its body: `run`'s, or the one kept
    /// for its `Idempotency-Key`.
    func respond(
        _ request: Request, principal: RidePrincipal, bytes: [UInt8], _ run: () async throws -> Answer
    ) async throws -> Response {
        guard let header = request.headers.first(where: { $0.name.canonicalName == "idempotency-key" })?.value else {
            return try await run().response
        }
        guard let text = Self.key(header) else {
            throw ProblemDocument.badRequest(
                "Idempotency-Key must be 1 to 255 visible ASCII characters, bare or as a quoted string (got \(header.utf8.count) bytes)"
            )
        }
        var identity = Array("\(request.method.rawValue) \(request.uri.path)\n".utf8)
        identity += bytes
        let key = IdempotencyKey(
            principal: principal.description, key: text, fingerprint: RideToken.hash(String(decoding: identity, as: UTF8.self)))
        let deadline = ContinuousClock.now + Self.inFlightWait
        while true {
            let claim = try await IntentRoutes.store { try await store.claimIdempotencyKey(key, at: now()) }
            switch claim {
            case .claimed:
                let answer: Answer
                do {
                    answer = try await run()
                } catch {
                    try? await store.releaseIdempotencyKey(key)
                    throw error
                }
                try? await store.completeIdempotencyKey(key, status: Int(answer.status.code), response: answer.stored)
                return answer.response
            case .completed(let status, let stored):
                return Answer(status: status, stored: stored).response
            case .mismatch:
                throw ProblemDocument.idempotencyKeyReused
            case .inFlight:
                guard ContinuousClock.now < deadline else {
                    throw ProblemDocument.idempotencyKeyInFlight(waited: Int(Self.inFlightWait.components.seconds))
                }
                try await Task.sleep(for: .milliseconds(50))
            }
        }
    }

    /// The key of the header's value: a Structured Field string (`"…"`, RFC 8941) or, as many
    /// clients send it, the bare text; 1 to 255 visible ASCII characters. Nil otherwise.
    static func key(_ value: String) -> String? {
        var bytes = Array(value.utf8)
        if bytes.count >= 2, bytes.first == 0x22, bytes.last == 0x22 {
            bytes = Array(bytes.dropFirst().dropLast())
            guard !bytes.contains(0x22), !bytes.contains(0x5C) else { return nil }
        }
        guard (1...255).contains(bytes.count), bytes.allSatisfy({ (0x21...0x7E).contains($0) }) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
