import Foundation
import LodestarInternals

extension RegionEvent {
    /// Appends the event as one JSON object and a newline, as `lodestar monitor --json` prints it
    /// and the ride service's `GET /regions/events` sends it:
    /// `{"class":"REGION","region":"depot-3","event":"enter","initial":false,"interpolated":true,"time":"2026-03-14T09:31:12.40Z","lat":51.5012345,"lon":-0.1234567,"accuracy":4.0}`.
    /// `vehicleIdentifier` (the ride service's) comes after `class` when given; `lat`, `lon`
    /// (degrees, 7 decimals) and `accuracy` (metres, 1 decimal) are left out when unknown; the
    /// time is UTC with hundredths of a second.
    public func appendJSON(to out: inout [UInt8], vehicleIdentifier: String? = nil) {
        var o = JSONObjectText(continuing: &out)
        // Written in place (one pass, no allocation): `lodestar monitor` writes one a region at the
        // start, 200,000 lines for 100,000 regions.
        let room = 192 + JSONObjectText.quotedRoom(region.utf8.count + (vehicleIdentifier?.utf8.count ?? 0))
        o.inPlace(room: room) { c in
            c.add("class", constant: "REGION")
            if let vehicleIdentifier { c.add("vehicleIdentifier", string: vehicleIdentifier) }
            c.add("region", string: region)
            c.add("event", string: kind.rawValue)
            c.add("initial", initial)
            c.add("interpolated", interpolated)
            c.add("time", time: time, fractionDigits: 2)
            if let coordinate {
                c.add("lat", fixed: coordinate.latitude, decimals: 7)
                c.add("lon", fixed: coordinate.longitude, decimals: 7)
            }
            c.add("accuracy", fixed: accuracy, decimals: 1)
        }
        o.finish(into: &out)
        out.append(0x0A)
    }

    /// The JSON object of ``appendJSON(to:vehicleIdentifier:)``, without the newline.
    public func json(vehicleIdentifier: String? = nil) -> String {
        var out: [UInt8] = []
        appendJSON(to: &out, vehicleIdentifier: vehicleIdentifier)
        return String(decoding: out.dropLast(), as: UTF8.self)
    }
}
