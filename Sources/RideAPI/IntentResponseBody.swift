import Foundation
import RideBooking

/// The API's intent responses (`RequestRideIntentResponse`, `GetRideStatusIntentResponse`,
/// `CancelRideIntentResponse`, `ListRideOptionsIntentResponse`): the code (raw value and case
/// name), then what the response holds: the ride's status, the quote, the failure's reason, the
/// ride options and their expiry.
public struct IntentResponseBody<Code: IntentResponseCode>: Sendable, Hashable, Codable {
    public var code: Code
    public var rideStatus: RideStatusBody?
    public var quote: RideQuote?
    public var failureReason: String?
    /// The options, for `ListRideOptionsIntentResponse` only (present, possibly empty).
    public var rideOptions: [RideOption]?
    public var expirationDate: Date?

    public init(
        code: Code, rideStatus: RideStatus? = nil, quote: RideQuote? = nil, failureReason: String? = nil,
        rideOptions: [RideOption]? = nil, expirationDate: Date? = nil
    ) {
        self.code = code
        self.rideStatus = rideStatus.map(RideStatusBody.init)
        self.quote = quote.map(Self.finite)
        self.failureReason = failureReason
        self.rideOptions = rideOptions
        self.expirationDate = expirationDate
    }

    private enum CodingKeys: String, CodingKey {
        case code, codeName, rideStatus, quote, failureReason, rideOptions, expirationDate
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        code = try c.decode(Code.self, forKey: .code)
        rideStatus = try c.decodeIfPresent(RideStatusBody.self, forKey: .rideStatus)
        quote = try c.decodeIfPresent(RideQuote.self, forKey: .quote)
        failureReason = try c.decodeIfPresent(String.self, forKey: .failureReason)
        rideOptions = try c.decodeIfPresent([RideOption].self, forKey: .rideOptions)
        expirationDate = try c.decodeIfPresent(Date.self, forKey: .expirationDate)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(code, forKey: .code)
        try c.encode("\(code)", forKey: .codeName)
        try c.encodeIfPresent(rideStatus, forKey: .rideStatus)
        try c.encodeIfPresent(quote, forKey: .quote)
        try c.encodeIfPresent(failureReason, forKey: .failureReason)
        try c.encodeIfPresent(rideOptions, forKey: .rideOptions)
        try c.encodeIfPresent(expirationDate, forKey: .expirationDate)
    }

    /// A quote whose distance is finite and not negative, and whose vehicle's course is finite.
    static func finite(_ quote: RideQuote) -> RideQuote {
        var q = quote
        q.vehicle = RideStatusBody.finite(q.vehicle)
        q.distance = q.distance.isFinite ? max(0, q.distance) : 0
        return q
    }
}

extension IntentResponseBody where Code == RequestRideIntentResponseCode {
    public init(_ r: RequestRideIntentResponse) {
        self.init(code: r.code, rideStatus: r.rideStatus, quote: r.quote, failureReason: r.failureReason)
    }
}

extension IntentResponseBody where Code == GetRideStatusIntentResponseCode {
    public init(_ r: GetRideStatusIntentResponse) { self.init(code: r.code, rideStatus: r.rideStatus) }
}

extension IntentResponseBody where Code == CancelRideIntentResponseCode {
    public init(_ r: CancelRideIntentResponse) {
        self.init(code: r.code, rideStatus: r.rideStatus, failureReason: r.failureReason)
    }
}

extension IntentResponseBody where Code == ListRideOptionsIntentResponseCode {
    public init(_ r: ListRideOptionsIntentResponse) {
        self.init(code: r.code, rideOptions: r.rideOptions, expirationDate: r.expirationDate)
    }
}

/// The answer of `POST /rides/confirm` and `POST /rides`.
public typealias RequestRideBody = IntentResponseBody<RequestRideIntentResponseCode>
/// The answer of `GET /rides/{id}`.
public typealias GetRideStatusBody = IntentResponseBody<GetRideStatusIntentResponseCode>
/// The answer of `POST /rides/{id}/cancel`.
public typealias CancelRideBody = IntentResponseBody<CancelRideIntentResponseCode>
/// The answer of `GET /ride-options`.
public typealias ListRideOptionsBody = IntentResponseBody<ListRideOptionsIntentResponseCode>
