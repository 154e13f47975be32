import Foundation
import GeoMagnetism
import Geodesy
import LodestarInternals
import NMEA

extension TraceSpecification {
    /// What a valid specification makes: its timeline and its number of epochs (repeats excluded).
    struct Plan {
        var timeline: TraceTimeline
        var count: Int
        var talker: Talker
        var headingTalker: Talker
        var model: WorldMagneticModel?
    }

    /// Checks every figure against ``TraceLimits`` and the timeline against the parser's limits,
    /// so that whatever the synthesizer writes replays with nothing skipped.
    /// - Throws: ``TraceSpecificationError`` naming the first problem, in one line.
    public func validate() throws {
        _ = try plan()
    }

    func plan() throws -> Plan {
        guard !waypoints.isEmpty else { throw TraceSpecificationError.noWaypoints }
        guard rate == 1 || rate == 10 else { throw TraceSpecificationError.badRate(rate) }
        let legCount = waypoints.count - 1
        guard speeds.count == 1 || speeds.count == legCount else {
            throw TraceSpecificationError.badSpeeds("give one speed, or one per leg (\(legCount))")
        }
        guard speeds.allSatisfy({ TraceLimits.speed.contains($0) }) else {
            throw TraceSpecificationError.badSpeeds("speeds must be \(TraceLimits.text(TraceLimits.speed)) metres per second")
        }
        try Self.check(noise, TraceLimits.sigma, "noise σ", "metres")
        for (value, name) in [(holdStart, "hold at the start"), (holdEnd, "hold at the end"), (coldStart, "cold start")] {
            try Self.check(value, TraceLimits.time, name, "seconds")
        }
        for phase in noisePhases {
            try Self.check(phase.from, TraceLimits.time, "noise phase start", "seconds")
            try Self.check(phase.sigma, TraceLimits.sigma, "noise phase σ", "metres")
        }
        for outage in outages {
            try Self.check(outage.start, TraceLimits.time, "outage start", "seconds")
            try Self.check(outage.duration, TraceLimits.time, "outage duration", "seconds")
        }
        for replay in replays {
            try Self.check(replay.at, TraceLimits.time, "repeated epoch time", "seconds")
            try Self.check(replay.age, 0...replay.at, "repeated epoch age", "seconds (at most its time)")
        }
        if let errorModel {
            guard noisePhases.isEmpty else {
                throw TraceSpecificationError.badValue("noise phases apply to the white noise model, not to the error model")
            }
            try Self.check(errorModel.correlatedSigma, TraceLimits.sigma, "correlated σ", "metres")
            try Self.check(errorModel.correlationTime, TraceLimits.correlationTime, "correlation time τ", "seconds")
            try Self.check(errorModel.whiteSigma, TraceLimits.sigma, "white noise σ", "metres")
        }
        try Self.check(dopplerSigma, TraceLimits.dopplerSigma, "Doppler speed σ", "metres per second")
        for jump in multipath {
            try Self.check(jump.at, TraceLimits.time, "multipath time", "seconds")
            try Self.check(jump.duration, TraceLimits.multipathDuration, "multipath duration", "seconds")
            try Self.check(jump.metres, TraceLimits.multipathOffset, "multipath offset", "metres")
            if let azimuth = jump.azimuth { try Self.check(azimuth, TraceLimits.azimuth, "multipath azimuth", "degrees") }
        }
        var previousEnd = -Double.infinity
        for stop in stops.sorted(by: { $0.start < $1.start }) {
            try Self.check(stop.start, TraceLimits.time, "stop time", "seconds")
            try Self.check(stop.duration, TraceLimits.time, "stop duration", "seconds")
            guard stop.start >= previousEnd else {
                throw TraceSpecificationError.badValue("the stop at \(stop.start) s begins before the previous one ends")
            }
            previousEnd = stop.start + stop.duration
        }
        try Self.check(headingOffset, TraceLimits.headingOffset, "heading offset", "degrees")
        try Self.check(headingNoise, TraceLimits.headingNoise, "heading noise σ", "degrees")
        if let deviation { try Self.check(deviation, TraceLimits.deviation, "deviation", "degrees") }
        try Self.check(altitude, -1000...100_000, "altitude", "metres")
        try Self.check(geoidSeparation, -200...200, "geoid separation", "metres")
        guard let talker = Talker(receiver.talker), let headingTalker = Talker(receiver.headingTalker) else {
            throw TraceSpecificationError.badValue("a talker is two characters from A-Z and 0-9, such as GP, GN or GL")
        }

        let timeline = TraceTimeline(self)
        let epochs = (timeline.duration * Double(rate) + 1e-9).rounded(.down) + 1
        guard epochs.isFinite, epochs <= Double(TraceLimits.maximumEpochs), let count = Int(exactly: epochs) else {
            throw TraceSpecificationError.tooLong(epochs: epochs)
        }
        for replay in replays where replay.at > timeline.duration {
            throw TraceSpecificationError.badValue(
                "the epoch repeated at \(replay.at) s would be sent after the trace ends (\(timeline.duration) s)")
        }
        for stop in stops where stop.start + stop.duration > timeline.duration {
            throw TraceSpecificationError.badValue(
                "the stop at \(stop.start) s lies after the trace ends (\(timeline.duration) s)")
        }
        let end = start.addingTimeInterval(timeline.duration)
        guard let first = UTCCalendar.fields(start, fractionDigits: 2), let last = UTCCalendar.fields(end, fractionDigits: 2),
            TraceLimits.years.contains(first.year), TraceLimits.years.contains(last.year)
        else {
            throw TraceSpecificationError.badValue(
                "the trace must start on or after 1980-01-01 and end before 2069-01-01 (RMC's two-digit year)")
        }
        let needsModel = receiver.heading == .hdg || receiver.heading == .hdm || receiver.rmcVariation
        let model = needsModel ? try WorldMagneticModel.wmm2025 : nil
        if let model {
            do {
                _ = try model.field(at: waypoints[0], date: start)
                _ = try model.field(at: waypoints[0], date: end)
            } catch {
                throw TraceSpecificationError.badValue("magnetic headings and variation need WMM2025: \(error)")
            }
        }
        return Plan(timeline: timeline, count: count, talker: talker, headingTalker: headingTalker, model: model)
    }

    private static func check(_ value: Double, _ range: ClosedRange<Double>, _ name: String, _ unit: String) throws {
        guard range.contains(value) else {
            throw TraceSpecificationError.badValue("\(name) \(value) is out of range: give \(TraceLimits.text(range)) \(unit)")
        }
    }
}
