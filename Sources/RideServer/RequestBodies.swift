import Foundation
import Geodesy
import Lodestar
import LodestarInternals
import RideBooking

/// The request bodies of the API, read strictly from ``JSONMembers`` as the OpenAPI document's
/// schemas describe them (RideRequest, ResolveRequest, CurrentLocation, VehicleLocation,
/// VehicleLocationBatch).
enum RequestBodies {
    /// A party is 1...100 riders; 0 or less is a bad request, above the largest vehicle is the
    /// resolution's `unsupported`.
    static let partySizes = 1...100
    /// A reported or current location's accuracy, metres.
    static let accuracies = 0.0...100_000
    /// A reported speed, metres per second.
    static let speeds = 0.0...200
    /// How far a vehicle's report may be timed ahead of the server's clock, seconds: clocks
    /// disagree by that much at most when both follow NTP or GNSS time; a later report is a 400.
    static let maximumReportLead: TimeInterval = 30

    /// `RideRequest`.
    static func rideRequest(_ m: JSONMembers, now: Date) -> RideRequest? {
        m.allow(["pickupLocation", "dropOffLocation", "rideOptionName", "partySize", "paymentMethod", "scheduledPickupTime"])
        let before = m.input.errors.count
        let request = RideRequest(
            pickupLocation: m.object("pickupLocation").flatMap(placemark),
            dropOffLocation: m.object("dropOffLocation").flatMap(placemark),
            rideOptionName: m.string("rideOptionName", maxLength: 100),
            partySize: m.integer("partySize", in: partySizes),
            paymentMethod: m.object("paymentMethod").flatMap(paymentMethod),
            // Any time: one that has passed is resolved as unsupported (and refused by confirm and
            // handle), one beyond the booking horizon is refused with ...RideScheduledTooFar.
            scheduledPickupTime: m.date("scheduledPickupTime", latest: nil))
        return m.input.errors.count == before ? request : nil
    }

    /// `Placemark`: a name, a coordinate, or both (and an address).
    static func placemark(_ m: JSONMembers) -> Placemark? {
        m.allow(["name", "coordinate", "address"])
        let placemark = Placemark(
            name: m.string("name"), coordinate: m.coordinate("coordinate"), address: m.string("address", minLength: 0))
        if placemark.name == nil, placemark.coordinate == nil { m.input.fail(m.path, "a place needs a name or a coordinate") }
        return placemark
    }

    /// `PaymentMethod`.
    static func paymentMethod(_ m: JSONMembers) -> PaymentMethod? {
        m.allow(["kind", "name"])
        let name = m.string("name", minLength: 0, maxLength: 100)
        guard let kindText = m.string("kind", maxLength: 16) else {
            m.missing("kind")
            return nil
        }
        guard let kind = PaymentMethod.Kind(rawValue: kindText) else {
            m.fail("kind", "must be one of credit, debit, cash, account")
            return nil
        }
        return PaymentMethod(kind: kind, name: name)
    }

    /// `ResolveRequest`: the request, and the rider's current location for the pickup.
    static func resolveRequest(_ m: JSONMembers, now: Date) -> (RideRequest, CurrentLocation)? {
        m.allow(["request", "currentLocation"])
        guard let requestMembers = m.object("request") else {
            m.missing("request")
            return nil
        }
        let request = rideRequest(requestMembers, now: now)
        var current = CurrentLocation.unknown(at: now)
        if let c = m.object("currentLocation") {
            c.allow(["coordinate", "horizontalAccuracy", "timestamp"])
            let coordinate = c.coordinate("coordinate")
            let accuracy = c.number("horizontalAccuracy", in: accuracies)
            // Any time: an old location is stale, and one from the future (beyond a minute of clock
            // difference) is not used at all.
            let timestamp = c.date("timestamp", latest: nil)
            if coordinate == nil { c.missing("coordinate") }
            if timestamp == nil { c.missing("timestamp") }
            if let coordinate, let timestamp, timestamp.timeIntervalSince(now) <= 60 {
                current = CurrentLocation(
                    location: Location(
                        coordinate: coordinate, horizontalAccuracy: accuracy, timestamp: timestamp, sourceName: "rider",
                        provenance: .live),
                    referenceDate: now)
            }
        }
        guard let request else { return nil }
        return (request, current)
    }

    /// `VehicleLocation` (or a batch entry, which adds `vehicleIdentifier`).
    static func vehicleLocation(_ m: JSONMembers, vehicle: String, now: Date) -> ReportedPosition? {
        let coordinate = m.coordinate("coordinate")
        if coordinate == nil, m.object("coordinate") == nil { m.missing("coordinate") }
        var timestamp = m.date("timestamp", latest: .distantFuture)
        if let time = timestamp, time.timeIntervalSince(now) > maximumReportLead {
            // One report from a clock that runs ahead would hold the vehicle's position there
            // (older reports are ignored) until the clock caught up.
            let ahead = DecimalText.string(time.timeIntervalSince(now), decimals: 0)
            m.fail(
                "timestamp",
                "is \(ahead) s ahead of the server's clock; a report may be at most \(Int(maximumReportLead)) s ahead (check the vehicle's clock)")
            timestamp = nil
        }
        let accuracy = m.number("horizontalAccuracy", in: accuracies)
        let speed = m.number("speed", in: speeds)
        let course = m.number("course", in: 0...360)
        if let course, course >= 360 { m.fail("course", "must be less than 360") }
        guard let coordinate else { return nil }
        return ReportedPosition(
            vehicleIdentifier: vehicle, coordinate: coordinate, timestamp: timestamp ?? now, horizontalAccuracy: accuracy,
            speed: speed, course: course.flatMap { $0 < 360 ? $0 : nil })
    }

    /// `VehicleLocation` for `PUT /vehicles/{id}/location`.
    static func singleLocation(_ m: JSONMembers, vehicle: String, now: Date) -> ReportedPosition? {
        m.allow(["coordinate", "timestamp", "horizontalAccuracy", "speed", "course"])
        return vehicleLocation(m, vehicle: vehicle, now: now)
    }

    /// `VehicleLocationBatch`.
    static func batch(_ m: JSONMembers, now: Date) -> [ReportedPosition]? {
        m.allow(["locations"])
        guard let entries = m.objects("locations", count: 1...1000) else {
            if m.input.errors.isEmpty { m.missing("locations") }
            return nil
        }
        var positions: [ReportedPosition] = []
        for entry in entries {
            entry.allow(["vehicleIdentifier", "coordinate", "timestamp", "horizontalAccuracy", "speed", "course"])
            guard let identifier = entry.string("vehicleIdentifier", maxLength: 64) else {
                entry.missing("vehicleIdentifier")
                continue
            }
            guard VehicleIdentifier.isValid(identifier) else {
                entry.fail("vehicleIdentifier", "must be 1 to 64 letters, digits, '.', '_' or '-'")
                continue
            }
            if let position = vehicleLocation(entry, vehicle: identifier, now: now) { positions.append(position) }
        }
        return positions
    }
}

/// The form of a vehicle identifier in a path, a body or a token: 1...64 of `A-Z a-z 0-9 . _ -`.
public enum VehicleIdentifier {
    public static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return (1...64).contains(bytes.count) && bytes.allSatisfy { b in
            (48...57).contains(b) || (65...90).contains(b) || (97...122).contains(b) || b == 46 || b == 95 || b == 45
        }
    }
}

/// The form of a ride identifier in a path: a UUID.
enum RideIdentifier {
    static func isValid(_ text: String) -> Bool {
        text.utf8.count == 36 && UUID(uuidString: text) != nil
    }
}
