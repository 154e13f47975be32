import Hummingbird
import LodestarInternals

/// A JSON response from an object written with ``JSONObjectText``.
enum JSONResponse {
    static func make(_ object: JSONObjectText, status: HTTPResponse.Status = .ok, headers extra: HTTPFields = [:]) -> Response {
        make(text: object.json, status: status, headers: extra)
    }

    /// A response whose body is JSON text already written (an answer kept for an idempotency key).
    static func make(text: String, status: HTTPResponse.Status = .ok, headers extra: HTTPFields = [:]) -> Response {
        var headers = extra
        headers[.contentType] = "application/json"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
