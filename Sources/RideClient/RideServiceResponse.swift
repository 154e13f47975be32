import Foundation

/// One answer of the ride service: its status and its body (at most
/// ``RideServiceClient/maximumBodyBytes``).
public struct RideServiceResponse: Sendable {
    /// The HTTP status code.
    public let status: Int
    /// The body as received.
    public let body: [UInt8]

    public init(status: Int, body: [UInt8]) {
        self.status = status
        self.body = body
    }

    /// The body as text (UTF-8; invalid bytes replaced).
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The body as a JSON object.
    /// - Throws: ``RideServiceError/badResponse(_:)`` when it is not one.
    public func object() throws(RideServiceError) -> [String: Any] {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] else {
            throw .badResponse("status \(status): not a JSON object")
        }
        return object
    }

    /// The body decoded as `T`.
    /// - Throws: ``RideServiceError/badResponse(_:)`` naming what did not decode.
    public func decode<T: Decodable>(_ type: T.Type) throws(RideServiceError) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: Data(body))
        } catch {
            throw .badResponse("status \(status): \(error)")
        }
    }

    /// The problem document's `detail` (RFC 9457), else its `title`, else the first 200 bytes.
    var problemDetail: String {
        if let object = try? object() {
            if let detail = object["detail"] as? String { return detail }
            if let title = object["title"] as? String { return title }
        }
        return String(decoding: body.prefix(200), as: UTF8.self)
    }
}
