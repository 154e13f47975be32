import Foundation
import Geodesy
import LodestarInternals

/// The body of `POST /rides/confirm` and `POST /rides` (the API's `RideRequest`): every parameter
/// optional, as in SiriKit; a place is a coordinate, a name to look up, or both.
public struct RideRequestBody: Sendable, Equatable {
    /// Where to be picked up (the API's `pickupLocation.coordinate`); nil when the pickup is given
    /// by name only, or not given.
    public var pickup: Coordinate?
    /// The pickup's name (`pickupLocation.name`): looked up in the service's gazetteer when there
    /// is no coordinate.
    public var pickupName: String?
    /// Where to go (`dropOffLocation.coordinate`); nil when given by name only, or not given.
    public var dropOff: Coordinate?
    /// The drop-off's name (`dropOffLocation.name`), as ``pickupName``.
    public var dropOffName: String?
    /// Number of riders, 1...100 (the service refuses others with a 400).
    public var partySize: Int?
    /// The ride option by name, such as "Standard" or "XL"; nil lets the service choose.
    public var rideOptionName: String?
    /// When to be picked up; nil for now. The service refuses a time beyond its booking horizon.
    public var scheduledPickupTime: Date?

    /// A request; every parameter is optional, as in SiriKit.
    public init(
        pickup: Coordinate? = nil, pickupName: String? = nil, dropOff: Coordinate? = nil, dropOffName: String? = nil,
        partySize: Int? = nil, rideOptionName: String? = nil, scheduledPickupTime: Date? = nil
    ) {
        self.pickup = pickup
        self.pickupName = pickupName
        self.dropOff = dropOff
        self.dropOffName = dropOffName
        self.partySize = partySize
        self.rideOptionName = rideOptionName
        self.scheduledPickupTime = scheduledPickupTime
    }

    /// `{"pickupLocation":{"coordinate":{...}},"partySize":2,...}`; absent parameters left out.
    public var json: String {
        var members: [String] = []
        if let place = Self.placemark(pickup, pickupName) { members.append("\"pickupLocation\":" + place) }
        if let place = Self.placemark(dropOff, dropOffName) { members.append("\"dropOffLocation\":" + place) }
        var rest = JSONObjectText()
        if let rideOptionName { rest.add("rideOptionName", rideOptionName) }
        if let partySize { rest.add("partySize", partySize) }
        if let scheduledPickupTime { rest.add("scheduledPickupTime", time: scheduledPickupTime, fractionDigits: 0) }
        let tail = rest.json.dropFirst().dropLast()
        if !tail.isEmpty { members.append(String(tail)) }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// A `Placemark`: `{"name":"...","coordinate":{"latitude":..,"longitude":..}}`, nil when neither is given.
    static func placemark(_ coordinate: Coordinate?, _ name: String?) -> String? {
        guard coordinate != nil || name != nil else { return nil }
        var head = JSONObjectText()
        if let name { head.add("name", name) }
        guard let coordinate else { return head.json }
        var point = JSONObjectText()
        point.add("latitude", coordinate.latitude)
        point.add("longitude", coordinate.longitude)
        let lead = head.json.dropLast()
        return String(lead) + (lead.count > 1 ? "," : "") + "\"coordinate\":" + point.json + "}"
    }
}
