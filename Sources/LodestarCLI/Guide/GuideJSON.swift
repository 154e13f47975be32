import Foundation
import GNSS
import Geodesy
import Lodestar
import LodestarInternals

/// One JSON object per manager event, for `lodestar guide --json`: members in a fixed order, times
/// in ISO 8601 UTC, distances in metres, angles in degrees, unknown values left out.
///
/// `{"event":"location","time":"2026-03-14T09:31:12.000Z","lat":51.511,...,"distance":312.4,...}`
struct GuideJSON {
    private var object = JSONObjectText()

    private init(_ event: String) {
        add("event", string: event)
    }

    /// The object for an event, after `session` has handled it: a location carries the guidance
    /// from it, `"deadReckoned":true` and `"noFixFor"` (seconds) when the fusion filter carries the
    /// position through an outage, and `"compassUnreliable":true` when the heading used is a
    /// compass's in WMM's caution or blackout zone; a heading carries its `compassZone` and
    /// `compassUnreliable`; an epoch withheld for having no position carries `noFixFor`.
    static func object(for event: LocationEvent, session: GuideSession) -> String {
        var o: GuideJSON
        switch event {
        case .location(let l):
            o = GuideJSON("location")
            o.add(l)
            if let g = session.guidance { o.add(g) }
            if l.kind == .deadReckoned {
                o.object.add("deadReckoned", true)
                o.add("noFixFor", session.fixLoss?.duration, decimals: 1)
            }
            if let h = session.heading, h.isCompassUnreliable {
                o.object.add("compassUnreliable", true)
                if let zone = h.compassZone { o.add("compassZone", string: zone.rawValue) }
            }
        case .heading(let h):
            o = GuideJSON("heading")
            o.add("time", time: h.timestamp)
            o.add(
                decimals: 2, ("trueHeading", h.trueHeading), ("magneticHeading", h.magneticHeading),
                ("headingAccuracy", h.headingAccuracy))
            o.add("source", string: h.source.rawValue)
            o.add("declination", h.declination, decimals: 3)
            if let zone = h.compassZone { o.add("compassZone", string: zone.rawValue) }
            o.object.add("compassUnreliable", h.isCompassUnreliable)
        case .waitingForAccuracy(let w):
            o = GuideJSON("waitingForAccuracy")
            o.add("time", time: w.time)
            o.add(decimals: 2, ("accuracy", w.accuracy), ("bestSoFar", w.bestSoFar), ("required", w.required))
            o.add("message", string: w.description)
        case .withheld(let w):
            o = GuideJSON("withheld")
            if let t = w.time { o.add("time", time: t) }
            o.add("reason", string: w.reason.description)
            if w.reason == .noPosition, let loss = session.fixLoss { o.add("noFixFor", loss.duration, decimals: 1) }
        case .error(let e):
            o = GuideJSON("error")
            o.add("message", string: e.description)
        case .sourceState(let s):
            o = GuideJSON("sourceState")
            o.add("state", string: String(describing: s))
        case .warning(let text):
            o = GuideJSON("warning")
            o.add("message", string: text)
        case .arrived(let e):
            o = GuideJSON("arrived")
            o.add(e)
        case .departed(let e):
            o = GuideJSON("departed")
            o.add(e)
        }
        return o.object.json
    }

    private mutating func add(_ l: Location) {
        add("time", time: l.timestamp)
        add("lat", l.coordinate.latitude, decimals: 9)
        add("lon", l.coordinate.longitude, decimals: 9)
        add("accuracy", l.horizontalAccuracy, decimals: 2)
        add("speed", l.speed, decimals: 3)
        add("course", l.course, decimals: 2)
    }

    private mutating func add(_ g: Guidance) {
        add("distance", g.distance, decimals: 2)
        add("bearing", g.bearing, decimals: 2)
        add("compassPoint", string: g.compassPoint.rawValue)
        add("heading", g.heading, decimals: 2)
        add("relativeBearing", g.relativeBearing, decimals: 2)
        if let turn = g.turn { add("turn", string: turn.description) }
        add("closingSpeed", g.closingSpeed, decimals: 3)
        if g.isMovingAway { object.add("movingAway", true) }
        add("timeToGo", g.timeToGo, decimals: 1)
        if let eta = g.estimatedArrival { add("eta", time: eta) }
    }

    private mutating func add(_ e: ArrivalEvent) {
        add("time", time: e.location.timestamp)
        add("lat", e.location.coordinate.latitude, decimals: 9)
        add("lon", e.location.coordinate.longitude, decimals: 9)
        add("accuracy", e.location.horizontalAccuracy, decimals: 2)
        add("distance", e.distance, decimals: 2)
        add("radius", e.region.entryRadius, decimals: 2)
    }

    private mutating func add(_ key: String, _ value: Double?, decimals: Int) {
        object.add(key, fixed: value, decimals: decimals)
    }

    /// Members with the same number of decimals, in order; unknown values left out.
    private mutating func add(decimals: Int, _ members: (String, Double?)...) {
        for (key, value) in members { object.add(key, fixed: value, decimals: decimals) }
    }

    private mutating func add(_ key: String, time: Date) {
        object.add(key, time: time, fractionDigits: 3)
    }

    private mutating func add(_ key: String, string: String) {
        object.add(key, string)
    }
}
