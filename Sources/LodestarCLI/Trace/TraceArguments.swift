import ArgumentParser
import Foundation
import Geodesy
import Lodestar
import TraceSynthesis

/// Parsing of `lodestar trace synthesize`'s compound arguments; each failure is a one-line error.
enum TraceArguments {
    /// "lat,lon;lat,lon".
    static func waypoints(_ text: String) throws -> [Coordinate] {
        let points = text.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !points.isEmpty else { throw ValidationError("--route needs at least one 'lat,lon'") }
        return try points.map { point in
            let parts = point.split(separator: ",")
            guard parts.count == 2, let lat = Double(parts[0]), let lon = Double(parts[1]) else {
                throw ValidationError("--route: '\(point)' is not 'lat,lon'")
            }
            do {
                return try Coordinate(latitude: lat, longitude: lon)
            } catch {
                throw ValidationError("--route: \(error)")
            }
        }
    }

    /// "1.4" or "10,12,8".
    static func numbers(_ text: String, what: String) throws -> [Double] {
        let values = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard !values.isEmpty, values.allSatisfy({ $0 != nil }) else {
            throw ValidationError("\(what) '\(text)' is not a number or a comma-separated list of numbers")
        }
        return values.compactMap { $0 }
    }

    /// "GGA,RMC,GST".
    static func sentences(_ text: String) throws -> Set<ReceiverProfile.Sentence> {
        Set(
            try text.split(separator: ",").map { name in
                guard let s = ReceiverProfile.Sentence(rawValue: name.uppercased()) else {
                    throw ValidationError("--sentences: unknown sentence '\(name)'; use GGA, GSA, GST, RMC, VTG, ZDA")
                }
                return s
            })
    }

    /// One number of a compound option: its name in the option's value, its range and unit.
    struct Part {
        var name: String
        var range: ClosedRange<Double>
        var unit: String
        init(_ name: String, _ range: ClosedRange<Double>, _ unit: String) {
            self.name = name
            self.range = range
            self.unit = unit
        }
    }

    /// Two numbers "A<separator>B", each checked against its part's range.
    private static func pair(_ text: String, separator: Character, option: String, _ a: Part, _ b: Part) throws -> (
        Double, Double
    ) {
        let parts = text.split(separator: separator, omittingEmptySubsequences: false)
        guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]) else {
            throw ValidationError("\(option) '\(text)' is not \(a.name)\(separator)\(b.name) (two numbers)")
        }
        try check(x, option, part: a.name, a.range, a.unit)
        try check(y, option, part: b.name, b.range, b.unit)
        return (x, y)
    }

    static let seconds = Part("", TraceLimits.time, "seconds")

    static func named(_ part: Part, _ name: String) -> Part { Part(name, part.range, part.unit) }

    /// "SECONDS:SIGMA".
    static func noisePhase(_ text: String) throws -> TraceSpecification.NoisePhase {
        let (from, sigma) = try pair(
            text, separator: ":", option: "--noise-from",
            named(seconds, "SECONDS"), Part("SIGMA", TraceLimits.sigma, "metres"))
        return .init(from: from, sigma: sigma)
    }

    /// "START+DURATION".
    static func outage(_ text: String) throws -> TraceSpecification.Outage {
        let (start, duration) = try pair(
            text, separator: "+", option: "--outage", named(seconds, "START"), named(seconds, "DURATION"))
        return .init(start: start, duration: duration)
    }

    /// "AT:AGE", AGE at most AT.
    static func replay(_ text: String) throws -> TraceSpecification.Replay {
        let (at, age) = try pair(text, separator: ":", option: "--repeat-epoch", named(seconds, "AT"), named(seconds, "AGE"))
        try check(age, "--repeat-epoch", part: "AGE", 0...at, "seconds (at most AT)")
        return .init(at: at, age: age)
    }

    /// "SIGMA:TAU": the Gauss–Markov σ (metres) and correlation time (seconds).
    static func correlated(_ text: String) throws -> (sigma: Double, tau: Double) {
        try pair(
            text, separator: ":", option: "--correlated",
            Part("SIGMA", TraceLimits.sigma, "metres"), Part("TAU", TraceLimits.correlationTime, "seconds"))
    }

    /// "AT:DURATION".
    static func stop(_ text: String) throws -> TraceSpecification.Stop {
        let (at, duration) = try pair(text, separator: ":", option: "--stop", named(seconds, "AT"), named(seconds, "DURATION"))
        return .init(start: at, duration: duration)
    }

    /// "AT:DURATION:METRES[:AZIMUTH]".
    static func multipath(_ text: String) throws -> TraceSpecification.Multipath {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        let values = parts.map { Double($0) }
        guard parts.count == 3 || parts.count == 4, values.allSatisfy({ $0 != nil }) else {
            throw ValidationError("--multipath '\(text)' is not AT:DURATION:METRES[:AZIMUTH] (numbers)")
        }
        let numbers = values.compactMap { $0 }
        try check(numbers[0], "--multipath", part: "AT", TraceLimits.time, "seconds")
        try check(numbers[1], "--multipath", part: "DURATION", TraceLimits.multipathDuration, "seconds")
        try check(numbers[2], "--multipath", part: "METRES", TraceLimits.multipathOffset, "metres")
        if numbers.count == 4 { try check(numbers[3], "--multipath", part: "AZIMUTH", TraceLimits.azimuth, "degrees") }
        return .init(at: numbers[0], duration: numbers[1], metres: numbers[2], azimuth: numbers.count == 4 ? numbers[3] : nil)
    }

    /// Checks a number against its range: "--hold-start 1e+308 is out of range: give 0…604800 seconds".
    static func check(_ value: Double, _ option: String, part: String? = nil, _ range: ClosedRange<Double>, _ unit: String) throws
    {
        guard range.contains(value) else {
            let name = part.map { "\(option) \($0)" } ?? option
            throw ValidationError("\(name) \(value) is out of range: give \(TraceLimits.text(range)) \(unit)")
        }
    }
}
