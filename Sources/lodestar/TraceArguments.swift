import Foundation
import ArgumentParser
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
        Set(try text.split(separator: ",").map { name in
            guard let s = ReceiverProfile.Sentence(rawValue: name.uppercased()) else {
                throw ValidationError("--sentences: unknown sentence '\(name)'; use GGA, GSA, GST, RMC, VTG, ZDA")
            }
            return s
        })
    }

    private static func pair(_ text: String, separator: Character, what: String) throws -> (Double, Double) {
        let parts = text.split(separator: separator)
        guard parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), a >= 0, b >= 0 else {
            throw ValidationError("\(what) '\(text)' is not two non-negative numbers separated by '\(separator)'")
        }
        return (a, b)
    }

    /// "SECONDS:SIGMA".
    static func noisePhase(_ text: String) throws -> TraceSpecification.NoisePhase {
        let (from, sigma) = try pair(text, separator: ":", what: "--noise-from")
        try check(from, "--noise-from", part: "SECONDS", TraceLimits.time, "seconds")
        try check(sigma, "--noise-from", part: "SIGMA", TraceLimits.sigma, "metres")
        return .init(from: from, sigma: sigma)
    }

    /// "START+DURATION".
    static func outage(_ text: String) throws -> TraceSpecification.Outage {
        let (start, duration) = try pair(text, separator: "+", what: "--outage")
        try check(start, "--outage", part: "START", TraceLimits.time, "seconds")
        try check(duration, "--outage", part: "DURATION", TraceLimits.time, "seconds")
        return .init(start: start, duration: duration)
    }

    /// "AT:AGE".
    static func replay(_ text: String) throws -> TraceSpecification.Replay {
        let (at, age) = try pair(text, separator: ":", what: "--repeat-epoch")
        try check(at, "--repeat-epoch", part: "AT", TraceLimits.time, "seconds")
        try check(age, "--repeat-epoch", part: "AGE", 0...at, "seconds (at most AT)")
        return .init(at: at, age: age)
    }

    /// "SIGMA:TAU": the Gauss–Markov σ (metres) and correlation time (seconds).
    static func correlated(_ text: String) throws -> (sigma: Double, tau: Double) {
        let (sigma, tau) = try pair(text, separator: ":", what: "--correlated")
        try check(sigma, "--correlated", part: "SIGMA", TraceLimits.sigma, "metres")
        try check(tau, "--correlated", part: "TAU", TraceLimits.correlationTime, "seconds")
        return (sigma, tau)
    }

    /// "AT:DURATION".
    static func stop(_ text: String) throws -> TraceSpecification.Stop {
        let (at, duration) = try pair(text, separator: ":", what: "--stop")
        try check(at, "--stop", part: "AT", TraceLimits.time, "seconds")
        try check(duration, "--stop", part: "DURATION", TraceLimits.time, "seconds")
        return .init(at: at, duration: duration)
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
    static func check(_ value: Double, _ option: String, part: String? = nil, _ range: ClosedRange<Double>, _ unit: String) throws {
        guard range.contains(value) else {
            let name = part.map { "\(option) \($0)" } ?? option
            throw ValidationError("\(name) \(value) is out of range: give \(TraceLimits.text(range)) \(unit)")
        }
    }
}
