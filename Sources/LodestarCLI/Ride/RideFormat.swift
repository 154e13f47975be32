import Foundation
import LodestarInternals
import RideBooking

/// How `lodestar ride` writes statuses, steps and dates as text or JSON.
enum RideFormat {
    /// `2026-11-21T11:52:03Z`.
    static func date(_ date: Date) -> String {
        ISO8601.string(date, fractionDigits: 0, rounding: .down)
    }

    /// `in 2 min`, `in 40 s`, `3 min ago`, `now`, relative to `now`.
    static func relative(_ date: Date, to now: Date) -> String {
        let seconds = date.timeIntervalSince(now)
        let magnitude = abs(seconds)
        let text =
            magnitude < 1 ? nil : magnitude < 90 ? "\(WholeNumber.text(magnitude)) s" : "\(WholeNumber.text(magnitude / 60)) min"
        guard let text else { return "now" }
        return seconds > 0 ? "in \(text)" : "\(text) ago"
    }

    /// `850 m`, `1.2 km`.
    static func distance(_ metres: Double) -> String {
        metres < 1_000 ? "\(WholeNumber.text(metres)) m" : "\((metres / 100).rounded() / 10) km"
    }

    /// `LDN-001 Toyota Prius (LD26 RDE)`.
    static func vehicle(_ v: RideVehicle) -> String {
        let model = [v.manufacturer, v.model].compactMap { $0 }.joined(separator: " ")
        return [v.identifier, model.isEmpty ? nil : model, v.registrationPlate.map { "(\($0))" }].compactMap { $0 }
            .joined(separator: " ")
    }

    /// SiriKit's phase name, with the completion status when completed: `completed (canceledByUser)`.
    static func phase(_ s: RideStatus) -> String {
        s.phase == .completed ? "completed (\(s.completionStatus?.rawValue ?? "completed"))" : "\(s.phase)"
    }

    /// The status as an indented block, first line `ride ID`.
    static func status(_ s: RideStatus, now: Date) -> String {
        var lines = ["ride \(s.rideIdentifier)"]
        func add(_ label: String, _ text: String?) {
            guard let text else { return }
            lines.append("  \(label.padding(toLength: 10, withPad: " ", startingAt: 0)) \(text)")
        }
        add("phase", phase(s))
        if let v = s.vehicle {
            var text = vehicle(v)
            if let d = s.distanceRemaining, s.phase != .completed {
                text += ", \(distance(d)) from the \(s.phase == .ongoing ? "drop-off" : "pickup")"
            }
            if let location = v.location { text += ", at \(Placemark.format(location))" }
            if let course = v.course { text += ", course \(WholeNumber.degrees(course))°" }
            add("vehicle", text)
        }
        add(
            "driver",
            s.driver.map { d in
                [d.name, d.rating.map { "rating \($0)" }, d.phoneNumber].compactMap { $0 }.joined(separator: ", ")
            })
        // A cancelled ride's estimates mean nothing any more.
        let cancelled = s.completionStatus?.isCanceled == true
        func when(_ estimate: Date?) -> String {
            guard let estimate, !cancelled else { return "" }
            return " at \(date(estimate)) (\(relative(estimate, to: now)))"
        }
        add("pickup", s.pickupLocation.map { $0.description + when(s.estimatedPickupDate) })
        add("drop-off", s.dropOffLocation.map { $0.description + when(s.estimatedDropOffDate) } ?? "none")
        add("option", [s.rideOption?.name, s.partySize.map { "party of \($0)" }].compactMap { $0 }.joined(separator: ", "))
        add("scheduled", s.scheduledPickupTime.map(date))
        add("booked", date(s.bookedDate))
        add("as of", date(s.date))
        return lines.joined(separator: "\n")
    }

    /// One line per update for `ride status --watch`.
    static func update(_ s: RideStatus) -> String {
        var parts = [date(s.date), phase(s)]
        if let d = s.distanceRemaining, s.phase != .completed {
            parts.append("\(distance(d)) to the \(s.phase == .ongoing ? "drop-off" : "pickup")")
        }
        if s.phase == .confirmed || s.phase == .approachingPickup, let eta = s.estimatedPickupDate {
            parts.append("at the pickup \(relative(eta, to: s.date))")
        }
        if s.phase == .ongoing, let eta = s.estimatedDropOffDate { parts.append("at the drop-off \(relative(eta, to: s.date))") }
        if let location = s.vehicle?.location { parts.append("vehicle at \(Placemark.format(location))") }
        return parts.joined(separator: "  ")
    }

    /// A compact JSON line, keys sorted, dates in ISO 8601 (``JSONTextEncoder``).
    static func json<T: Encodable>(_ value: T) -> String {
        (try? JSONTextEncoder.text(value)) ?? "{}"
    }
}
