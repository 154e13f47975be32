import Foundation
import GNSS
import Geodesy
import Lodestar
import LodestarInternals

/// The lines `lodestar guide` shows a person. Times are the fixes' UTC times of day.
enum GuideStatusLine {
    /// `09:30:41  acquiring fix ±35 m (need ±10 m)`.
    static func acquiring(_ waiting: WaitingForAccuracy) -> String {
        "\(time(waiting.time))  \(waiting)"
    }

    /// `09:31:12  ±4 m  312 m to go  bearing 205° SSW  heading 182° ↗ turn right 23°  1.4 m/s  ETA 09:34:55`;
    /// during an outage `09:31:40  ±12 m  dead reckoning  280 m to go  ...`.
    static func guidance(_ g: Guidance, at location: Location) -> String {
        var parts = [time(location.timestamp)]
        parts.append(location.horizontalAccuracy.map { "±\(WholeNumber.text($0)) m" } ?? "± unknown")
        // No fix: the position is the fusion filter's, carried on from the last velocity.
        if location.kind == .deadReckoned { parts.append("dead reckoning") }
        parts.append("\(distance(g.distance)) to go")
        parts.append("bearing \(degrees(g.bearing)) \(g.compassPoint.rawValue)")
        if let heading = g.heading, let turn = g.turn {
            parts.append("heading \(degrees(heading)) \(turn.arrow) \(turn)")
        } else {
            parts.append("heading unknown")
        }
        if let speed = g.speed { parts.append(String(format: "%.1f m/s", speed)) }
        parts.append(g.estimatedArrival.map { "ETA \(time($0))" } ?? "no ETA (stationary)")
        return parts.joined(separator: "  ")
    }

    /// `Arrived: 12 m from destination at 12:14:51`.
    static func arrived(_ event: ArrivalEvent) -> String {
        "Arrived: \(distance(event.distance)) from destination at \(time(event.location.timestamp))"
    }

    /// `Trace ended before arrival: 85 m from destination at 09:36:12`, or with no location.
    static func notArrived(_ prefix: String, _ session: GuideSession) -> String {
        guard let location = session.location, let g = session.guidance else { return "\(prefix): no location yet" }
        return "\(prefix): \(distance(g.distance)) from destination at \(time(location.timestamp))"
    }

    /// Whole metres below 1 km (`312 m`), else kilometres with two decimals (`1.24 km`).
    static func distance(_ metres: Double) -> String {
        metres < 999.5 ? "\(WholeNumber.text(metres)) m" : String(format: "%.2f km", metres / 1000)
    }

    /// Whole degrees in [0, 360): `205°`.
    static func degrees(_ angle: Double) -> String {
        "\(WholeNumber.degrees(angle))°"
    }

    /// `HH:MM:SS`, UTC.
    static func time(_ date: Date) -> String {
        let since1970 = date.timeIntervalSince1970.rounded(.down)
        // A time from outside that no calendar holds is not worth a trap.
        guard since1970.isFinite, abs(since1970) < 1e15 else { return "--:--:--" }
        let seconds = Int(since1970)
        let ofDay = ((seconds % 86_400) + 86_400) % 86_400
        return String(format: "%02d:%02d:%02d", ofDay / 3600, ofDay / 60 % 60, ofDay % 60)
    }
}
