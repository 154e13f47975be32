import Foundation
import Hummingbird
import RideAPI

/// A JSON response: one of RideAPI's bodies, written by `RideAPI.APICoding`.
enum JSONResponse {
    /// The body as JSON; a body that cannot be written (it never holds a non-finite number) is a
    /// 500 problem document rather than a trap.
    static func make(_ body: some Encodable, status: HTTPResponse.Status = .ok, headers extra: HTTPFields = [:]) throws
        -> Response
    {
        make(bytes: try encode(body), status: status, headers: extra)
    }

    /// The JSON bytes of `body`.
    static func encode(_ body: some Encodable) throws(ProblemDocument) -> Data {
        do {
            return try APICoding.encode(body)
        } catch {
            throw ProblemDocument(.internalServerError, kind: "internal", title: "Internal error", cause: "\(error)")
        }
    }

    /// A response whose body is JSON already written (an answer kept for an idempotency key).
    static func make(bytes: some Sequence<UInt8>, status: HTTPResponse.Status = .ok, headers extra: HTTPFields = [:]) -> Response
    {
        var headers = extra
        headers[.contentType] = "application/json"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
