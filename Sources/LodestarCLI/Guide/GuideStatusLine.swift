import Foundation
import GNSS
import GeoMagnetism
import Geodesy
import Lodestar
import LodestarInternals

/// The lines `lodestar guide` shows a person, as ``StatusLine``s that fit a terminal's width.
/// Times are the fixes' times of day, distances and speeds in the units of ``format``.
struct GuideStatusLine: Sendable {
    /// The zone of the times and the units of the distances and speeds.
    let format: GuideFormat

    /// `09:30:41  acquiring fix ±35 m (need ±10 m)`.
    func acquiring(_ waiting: WaitingForAccuracy) -> StatusLine {
        StatusLine([.init(.time, time(waiting.time)), .init(.message, waiting.description)])
    }

    /// `09:31:12  ±4 m  312 m to go  bearing 205° SSW  heading 182° ↗ turn right 23°  1.4 m/s  ETA 09:34:55`;
    /// dead-reckoned through an outage, `09:31:40  ±12 m  dead reckoning: no fix for 12 s  280 m to go  ...`;
    /// a compass heading in WMM's caution or blackout zone adds `compass unreliable (WMM caution zone)`.
    /// - Parameters:
    ///   - heading: the heading the guidance uses, for its compass zone; nil when none.
    ///   - loss: how long the fix has been lost, for a dead-reckoned location.
    func guidance(_ g: Guidance, at location: Location, heading: Heading? = nil, loss: FixLoss? = nil) -> StatusLine {
        var fields: [StatusLine.Field] = [
            .init(.time, time(location.timestamp)),
            .init(.accuracy, location.horizontalAccuracy.map { "±\(format.wholeAccuracy($0))" } ?? "± unknown"),
        ]
        // No fix: the position is the fusion filter's, carried on from the last velocity.
        if location.kind == .deadReckoned {
            let lost = Self.duration(loss?.duration ?? 0)
            fields.append(.init(.outage, "dead reckoning: no fix for \(lost)", "DR, no fix \(lost)"))
        }
        fields.append(.init(.distance, "\(distance(g.distance)) to go", distance(g.distance)))
        fields.append(
            .init(.bearing, "bearing \(Self.degrees(g.bearing)) \(g.compassPoint.rawValue)", "bearing \(Self.degrees(g.bearing))")
        )
        if let direction = g.heading, let turn = g.turn {
            fields.append(
                .init(
                    .turn, "heading \(Self.degrees(direction)) \(turn.arrow) \(turn)", "\(turn.arrow) \(turn)",
                    "\(turn.arrow) \(Self.short(turn))"))
        } else {
            fields.append(.init(.turn, "heading unknown", "no heading"))
        }
        if let heading, heading.isCompassUnreliable, let zone = heading.compassZone {
            fields.append(.init(.compass, "compass unreliable (WMM \(zone) zone)", "compass unreliable", "compass?"))
        }
        if let speed = g.speed { fields.append(.init(.speed, format.speed(speed))) }
        fields.append(eta(g))
        return StatusLine(fields)
    }

    /// An epoch without a fix: `06:00:05  location unknown: no fix for 5 s` at a cold start;
    /// `09:32:20  no fix for 40 s  280 m to go at 09:31:40` during an outage (the last guidance).
    func noFix(_ loss: FixLoss, session: GuideSession) -> StatusLine {
        let lost = Self.duration(loss.duration)
        var fields: [StatusLine.Field] = [.init(.time, time(loss.latest))]
        guard let location = session.location, let g = session.guidance else {
            fields.append(
                .init(
                    .outage, loss.duration < 0.5 ? "location unknown: no fix yet" : "location unknown: no fix for \(lost)",
                    loss.duration < 0.5 ? "no fix yet" : "no fix for \(lost)"))
            return StatusLine(fields)
        }
        fields.append(.init(.outage, "no fix for \(lost)", "no fix \(lost)"))
        fields.append(
            .init(
                .lastDistance, "\(distance(g.distance)) to go at \(time(location.timestamp))", "\(distance(g.distance)) to go",
                distance(g.distance)))
        return StatusLine(fields)
    }

    /// A live source that has gone quiet, said by the source's own clock when no fix time can say
    /// it: `no data from the source for 10 s  280 m to go at 09:31:40` (nothing received at all),
    /// or `location unknown: no fix for 10 s` while the receiver's epochs carry no time either.
    /// nil for any other state, or when timed epochs already say how long.
    func silence(_ state: SourceState, session: GuideSession) -> StatusLine? {
        var fields: [StatusLine.Field]
        switch state {
        case .noData(let quiet):
            fields = [
                .init(
                    .outage, "no data from the source for \(Self.duration(quiet.seconds))",
                    "no data \(Self.duration(quiet.seconds))")
            ]
        case .noFix(let quiet) where session.fixLoss == nil:
            let lost = Self.duration(quiet.seconds)
            fields = [
                .init(
                    .outage, session.location == nil ? "location unknown: no fix for \(lost)" : "no fix for \(lost)",
                    "no fix \(lost)")
            ]
        default:
            return nil
        }
        if let location = session.location, let g = session.guidance {
            fields.append(
                .init(
                    .lastDistance, "\(distance(g.distance)) to go at \(time(location.timestamp))",
                    "\(distance(g.distance)) to go", distance(g.distance)))
        }
        return StatusLine(fields)
    }

    /// `ETA 09:34:55 UTC` (or the local zone's `ETA 10:34:55 CET`; `ETA 09:34:55` on a narrow
    /// terminal); `moving away` (no ETA: the course leads away); `no ETA (stationary)`.
    private func eta(_ g: Guidance) -> StatusLine.Field {
        if let eta = g.estimatedArrival { return .init(.eta, "ETA \(format.markedTime(eta))", "ETA \(time(eta))") }
        if g.isMovingAway { return .init(.eta, "moving away") }
        return .init(.eta, g.speed == nil ? "no ETA (no speed)" : "no ETA (stationary)", "no ETA")
    }

    /// `right 23°` for `turn right 23°`: the narrowest form of a turn.
    private static func short(_ turn: TurnInstruction) -> String {
        switch turn {
        case .left(let d): "left \(d)°"
        case .right(let d): "right \(d)°"
        case .ahead, .turnAround: turn.description
        }
    }

    /// `Arrived: 12 m from destination at 12:14:51`.
    func arrived(_ event: ArrivalEvent) -> String {
        "Arrived: \(distance(event.distance)) from destination at \(time(event.location.timestamp))"
    }

    /// `Departed: 31 m from destination at 09:36:40`.
    func departed(_ event: ArrivalEvent) -> String {
        "Departed: \(distance(event.distance)) from destination at \(time(event.location.timestamp))"
    }

    /// The closing line after `--keep-going`: `Arrived at 09:35:10 (18 m from destination); departed
    /// at 09:36:40 (31 m)`, or `...; still within 30 m at 09:37:00 (12 m)`.
    func ended(_ session: GuideSession, _ arrival: ArrivalEvent) -> String {
        var line = "Arrived at \(time(arrival.location.timestamp)) (\(distance(arrival.distance)) from destination)"
        if let d = session.departure {
            line += "; departed at \(time(d.location.timestamp)) (\(distance(d.distance)))"
        } else if let l = session.location, let g = session.guidance {
            line += "; still within \(distance(session.region.exitRadius)) at \(time(l.timestamp)) (\(distance(g.distance)))"
        }
        return line
    }

    /// `Trace ended before arrival: 85 m from destination at 09:36:12`, or with no location; when
    /// locations came inside the radius but none with an accuracy circle inside it, says so:
    /// `...: 1 m from destination at 09:36:12; the accuracy never got inside the 1 m arrival radius (best ±4 m)`.
    func notArrived(_ prefix: String, _ session: GuideSession) -> String {
        guard let location = session.location, let g = session.guidance else { return "\(prefix): no location yet" }
        var line = "\(prefix): \(distance(g.distance)) from destination at \(time(location.timestamp))"
        let radius = session.region.entryRadius
        if session.insideTooCoarse > 0 || g.distance <= radius, let best = session.bestAccuracy,
            !session.region.admits(accuracy: best)
        {
            line += "; the accuracy never got inside the \(distance(radius)) arrival radius (best ±\(accuracy(best)))"
        } else if let since = session.insideSince, let dwell = session.region.dwell, dwell > .zero {
            // Inside, waiting out the dwell, when the source ended.
            let inside = Self.duration(location.timestamp.timeIntervalSince(since))
            line += "; inside the \(distance(radius)) radius for \(inside) of the \(Self.duration(dwell.seconds)) dwell"
        }
        return line
    }

    /// A distance in the units of ``format``: `312 m`, `1.24 km`.
    func distance(_ metres: Double) -> String { format.distance(metres) }

    /// An accuracy in the units of ``format``: `4 m`, `1.4 m`.
    func accuracy(_ metres: Double) -> String { format.accuracy(metres) }

    /// Whole degrees in [0, 360): `205°`.
    static func degrees(_ angle: Double) -> String {
        "\(WholeNumber.degrees(angle))°"
    }

    /// A time span: `12 s`, `2 min 5 s`, `1 h 3 min` (whole seconds, rounded down).
    static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds < 1e12 else { return "a long time" }
        let s = Int(max(0, seconds).rounded(.down))
        if s < 60 { return "\(s) s" }
        if s < 3600 { return s % 60 == 0 ? "\(s / 60) min" : "\(s / 60) min \(s % 60) s" }
        return "\(s / 3600) h \(s / 60 % 60) min"
    }

    /// `1 guidance point`, `3 guidance points`: a count and its noun, singular for one.
    static func count(_ n: Int, _ singular: String, plural: String? = nil) -> String {
        "\(n) \(n == 1 ? singular : plural ?? singular + "s")"
    }

    /// `HH:MM:SS`, in the zone of ``format``.
    func time(_ date: Date) -> String { format.time(date) }
}
