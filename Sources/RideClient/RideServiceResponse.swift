import Foundation
import RideAPI

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

    /// The body decoded as `T`, one of RideAPI's bodies (`RideAPI.APICoding`).
    /// - Throws: ``RideServiceError/badResponse(_:)`` naming what did not decode.
    public func decode<T: Decodable>(_ type: T.Type) throws(RideServiceError) -> T {
        do {
            return try APICoding.decode(T.self, from: body)
        } catch {
            throw .badResponse("status \(status): \(error)")
        }
    }

    /// The problem document's `detail` (RFC 9457), else its `title`, else the first 200 bytes.
    var problemDetail: String {
        if let problem = try? decode(ProblemBody.self) { return problem.detail ?? problem.title }
        return String(decoding: body.prefix(200), as: UTF8.self)
    }
}
