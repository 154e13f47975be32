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
        o.inPlace(room: 16) { c in c.add("class", string: "REGION") }
        if let vehicleIdentifier { o.add("vehicleIdentifier", vehicleIdentifier) }
        o.add("region", region)
        o.add("event", kind.rawValue)
        o.add("initial", initial)
        o.add("interpolated", interpolated)
        o.add("time", time: time, fractionDigits: 2)
        if let coordinate {
            o.add("lat", fixed: coordinate.latitude, decimals: 7)
            o.add("lon", fixed: coordinate.longitude, decimals: 7)
        }
        o.add("accuracy", fixed: accuracy, decimals: 1)
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
