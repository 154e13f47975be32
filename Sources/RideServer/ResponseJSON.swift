import Foundation
import Geodesy
import LodestarInternals
import RideBooking

/// The response bodies of the API, written with the package's one JSON writer
/// (``JSONObjectText``) in the shapes the OpenAPI document gives: the names are those of
/// `lodestar ride --json` (SiriKit's), absent values are left out, dates are RFC 3339 UTC with
/// milliseconds, and every code and phase carries its raw value and its SiriKit case name.
enum ResponseJSON {
    /// A date: `2026-11-24T12:00:00.250Z`.
    static func add(_ o: inout JSONObjectText, _ key: String, date: Date?) {
        o.add(key, time: date, fractionDigits: 3)
    }

    static func coordinate(_ c: Coordinate) -> JSONObjectText {
        var o = JSONObjectText()
        o.add("latitude", c.latitude)
        o.add("longitude", c.longitude)
        return o
    }

    static func placemark(_ p: Placemark) -> JSONObjectText {
        var o = JSONObjectText()
        if let name = p.name { o.add("name", name) }
        if let c = p.coordinate { o.add("coordinate", object: coordinate(c)) }
        if let address = p.address { o.add("address", address) }
        return o
    }

    static func paymentMethod(_ p: PaymentMethod) -> JSONObjectText {
        var o = JSONObjectText()
        o.add("kind", p.kind.rawValue)
        if let name = p.name { o.add("name", name) }
        return o
    }

    static func priceRange(_ p: PriceRange) -> JSONObjectText {
        var o = JSONObjectText()
        o.add("minimumPrice", NSDecimalNumber(decimal: p.minimumPrice).doubleValue)
        o.add("maximumPrice", NSDecimalNumber(decimal: p.maximumPrice).doubleValue)
        o.add("currencyCode", p.currencyCode)
        return o
    }

    static func rideOption(_ r: RideOption) -> JSONObjectText {
        var o = JSONObjectText()
        o.add("name", r.name)
        add(&o, "estimatedPickupDate", date: r.estimatedPickupDate)
        if let p = r.priceRange { o.add("priceRange", object: priceRange(p)) }
        o.add("availablePartySizeOptions", objects: r.availablePartySizeOptions.map { s in
            var size = JSONObjectText()
            size.add("partySizeRange", integers: [s.partySizeRange.lowerBound, s.partySizeRange.upperBound])
            size.add("sizeDescription", s.sizeDescription)
            if let p = s.priceRange { size.add("priceRange", object: priceRange(p)) }
            return size
        })
        if let d = r.disclaimerMessage { o.add("disclaimerMessage", d) }
        return o
    }

    static func vehicle(_ v: RideVehicle) -> JSONObjectText {
        var o = JSONObjectText()
        o.add("identifier", v.identifier)
        if let c = v.location { o.add("location", object: coordinate(c)) }
        if let course = v.course, course.isFinite { o.add("course", course) }
        if let plate = v.registrationPlate { o.add("registrationPlate", plate) }
        if let maker = v.manufacturer { o.add("manufacturer", maker) }
        if let model = v.model { o.add("model", model) }
        return o
    }

    static func driver(_ d: RideDriver) -> JSONObjectText {
        var o = JSONObjectText()
        o.add("name", d.name)
        if let rating = d.rating { o.add("rating", rating) }
        if let phone = d.phoneNumber { o.add("phoneNumber", phone) }
        return o
    }

    /// SiriKit's case name of a phase.
    static func phaseName(_ phase: RidePhase) -> String { "\(phase)" }

    static func rideStatus(_ s: RideStatus) -> JSONObjectText {
        var o = JSONObjectText()
        o.add("rideIdentifier", s.rideIdentifier)
        o.add("phase", s.phase.rawValue)
        o.add("phaseName", phaseName(s.phase))
        if let c = s.completionStatus { o.add("completionStatus", c.rawValue) }
        if let v = s.vehicle { o.add("vehicle", object: vehicle(v)) }
        if let d = s.driver { o.add("driver", object: driver(d)) }
        // A cancelled ride's estimates mean nothing any more; they are left out as the CLI does.
        let cancelled = s.completionStatus?.isCanceled == true
        if !cancelled {
            add(&o, "estimatedPickupDate", date: s.estimatedPickupDate)
            add(&o, "estimatedDropOffDate", date: s.estimatedDropOffDate)
        }
        if let p = s.pickupLocation { o.add("pickupLocation", object: placemark(p)) }
        if let p = s.dropOffLocation { o.add("dropOffLocation", object: placemark(p)) }
        if let r = s.rideOption { o.add("rideOption", object: rideOption(r)) }
        if let n = s.partySize { o.add("partySize", n) }
        add(&o, "scheduledPickupTime", date: s.scheduledPickupTime)
        add(&o, "bookedDate", date: s.bookedDate)
        add(&o, "date", date: s.date)
        if let d = s.distanceRemaining, d.isFinite { o.add("distanceRemaining", max(0, d)) }
        return o
    }

    static func quote(_ q: RideQuote) -> JSONObjectText {
        var o = JSONObjectText()
        o.add("vehicle", object: vehicle(q.vehicle))
        if let d = q.driver { o.add("driver", object: driver(d)) }
        if let r = q.rideOption { o.add("rideOption", object: rideOption(r)) }
        o.add("distance", q.distance.isFinite ? max(0, q.distance) : 0)
        add(&o, "estimatedPickupDate", date: q.estimatedPickupDate)
        return o
    }

    /// An intent response's members: its code (number and SiriKit name), then the ride's status,
    /// the quote and the failure's reason where present.
    private static func response<Code: RawRepresentable<Int>>(
        _ code: Code, rideStatus: RideStatus? = nil, quote: RideQuote? = nil, failureReason: String? = nil
    ) -> JSONObjectText {
        var o = JSONObjectText()
        o.add("code", code.rawValue)
        o.add("codeName", "\(code)")
        if let rideStatus { o.add("rideStatus", object: Self.rideStatus(rideStatus)) }
        if let quote { o.add("quote", object: Self.quote(quote)) }
        if let failureReason { o.add("failureReason", failureReason) }
        return o
    }

    static func requestRide(_ r: RequestRideIntentResponse) -> JSONObjectText {
        response(r.code, rideStatus: r.rideStatus, quote: r.quote, failureReason: r.failureReason)
    }

    static func rideStatusResponse(_ r: GetRideStatusIntentResponse) -> JSONObjectText {
        response(r.code, rideStatus: r.rideStatus)
    }

    static func cancelRide(_ r: CancelRideIntentResponse) -> JSONObjectText {
        response(r.code, rideStatus: r.rideStatus, failureReason: r.failureReason)
    }

    static func listRideOptions(_ r: ListRideOptionsIntentResponse) -> JSONObjectText {
        var o = response(r.code)
        o.add("rideOptions", objects: r.rideOptions.map(rideOption))
        add(&o, "expirationDate", date: r.expirationDate)
        return o
    }

    static func rideList(_ rides: [RideStatus]) -> JSONObjectText {
        var o = JSONObjectText()
        o.add("rides", objects: rides.map(rideStatus))
        return o
    }

    /// A resolution of one parameter; `value` writes a settled or proposed value as a JSON
    /// member under the given key.
    static func resolution<Value>(
        _ parameter: String, _ r: Resolution<Value>, value: (inout JSONObjectText, String, Value) -> Void,
        values: (inout JSONObjectText, String, [Value]) -> Void
    ) -> JSONObjectText {
        var o = JSONObjectText()
        o.add("parameter", parameter)
        o.add("outcome", r.outcomeName)
        switch r {
        case .success(let v), .confirmationRequired(let v): value(&o, "value", v)
        case .disambiguation(let choices): values(&o, "choices", choices)
        case .needsValue: o.add("reason", "\(parameter) needs a value")
        case .notRequired: break
        case .unsupported(let reason):
            o.add("unsupportedReason", object: unsupported(reason))
            o.add("reason", reason.description)
        }
        return o
    }

    static func unsupported(_ reason: UnsupportedReason) -> JSONObjectText {
        var o = JSONObjectText()
        switch reason {
        case .noPlaceNamed(let name):
            o.add("kind", "noPlaceNamed")
            o.add("name", name)
        case .exceedsCapacity(let size, let capacity):
            o.add("kind", "exceedsCapacity")
            o.add("partySize", size)
            o.add("capacity", capacity)
        case .emptyFleet(let name):
            o.add("kind", "emptyFleet")
            if let name { o.add("rideOptionName", name) }
        case .invalidPartySize(let size):
            o.add("kind", "invalidPartySize")
            o.add("partySize", size)
        case .unknownRideOption(let name):
            o.add("kind", "unknownRideOption")
            o.add("name", name)
        case .scheduledInPast:
            o.add("kind", "scheduledInPast")
        case .unknownPaymentMethod(let name):
            o.add("kind", "unknownPaymentMethod")
            o.add("name", name)
        }
        return o
    }
}
