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
        return .init(from: from, sigma: sigma)
    }

    /// "START+DURATION".
    static func outage(_ text: String) throws -> TraceSpecification.Outage {
        let (start, duration) = try pair(text, separator: "+", what: "--outage")
        return .init(start: start, duration: duration)
    }

    /// "AT:AGE".
    static func replay(_ text: String) throws -> TraceSpecification.Replay {
        let (at, age) = try pair(text, separator: ":", what: "--repeat-epoch")
        return .init(at: at, age: age)
    }
}
