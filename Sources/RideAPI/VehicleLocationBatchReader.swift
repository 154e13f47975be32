import Foundation
import Geodesy
import LodestarInternals

/// Reads the batched form of vehicle positions (`POST /vehicles/locations`) straight from its
/// bytes with the package's JSON scanner, when the text is a plain valid batch; otherwise it
/// leaves the text to `JSONDecoder` (``APICoding/decodeBatch(_:)``), which reads it by the
/// Codable definition and names what is wrong.
///
/// "Plain" is what every client writes: the members the API defines, each once, strings without
/// escapes, no `null`. Every check of ``VehicleLocationBody``'s and
/// ``VehicleLocationBatchBody``'s `init(from:)` is made here too, and any failure, of syntax or
/// of range, gives nil: a refusal's text is always `JSONDecoder`'s. The batch read is the one
/// `JSONDecoder` reads (a test compares them on random and on damaged batches).
///
/// Through `JSONDecoder`, each position cost 73,000 instructions, two thirds of the server's
/// share of the ingest, most of it generic code and the strict member check; here 8,500, of
/// which 3,700 are `Coordinate`'s own (callgrind, issue 24's ingest run).
public enum VehicleLocationBatchReader {
    /// The batch `bytes` hold, or nil when they are anything but a plain valid batch.
    public static func read(_ bytes: [UInt8]) -> VehicleLocationBatchBody? {
        JSONScanner.scan(bytes) { scanner -> VehicleLocationBatchBody? in
            do throws(JSONScanner.SyntaxError) {
                return try batch(&scanner)
            } catch {
                return nil
            }
        }
    }

    /// `{"locations":[…]}` and nothing after it.
    private static func batch(_ s: inout JSONScanner) throws(JSONScanner.SyntaxError) -> VehicleLocationBatchBody? {
        guard try s.kind() == .object, try s.enterObject(depth: 1) else { return nil }
        guard s.matches(try s.memberName(), "locations"), try s.kind() == .array, try s.enterArray(depth: 2) else {
            return nil
        }
        var locations: [VehicleLocationBody] = []
        repeat {
            guard locations.count < APIRanges.batchSizes.upperBound, let location = try location(&s) else { return nil }
            locations.append(location)
        } while try s.nextElement()
        guard try !s.nextMember() else { return nil }
        try s.finish()
        return APIRanges.batchSizes.contains(locations.count) ? VehicleLocationBatchBody(locations: locations) : nil
    }

    /// The members a report may have, as bits: each may come once.
    private enum Member: Int {
        case vehicleIdentifier, coordinate, timestamp, horizontalAccuracy, speed, course
        var bit: Int { 1 << rawValue }
    }

    /// One report, with every check of ``VehicleLocationBody/init(from:)``; nil for anything
    /// else, or for a report without a vehicle (the batch requires one).
    private static func location(_ s: inout JSONScanner) throws(JSONScanner.SyntaxError) -> VehicleLocationBody? {
        guard try s.kind() == .object, try s.enterObject(depth: 3) else { return nil }
        var seen = 0
        var identifier: String?
        var coordinate: Coordinate?
        var timestamp: Date?
        var accuracy: Double?
        var speed: Double?
        var course: Double?
        repeat {
            let name = try s.memberName()
            guard !name.escaped, let member = member(s, name), seen & member.bit == 0 else { return nil }
            seen |= member.bit
            switch member {
            case .vehicleIdentifier:
                guard let text = try string(&s), VehicleIdentifier.isValid(text) else { return nil }
                identifier = text
            case .coordinate:
                guard let value = try self.coordinate(&s) else { return nil }
                coordinate = value
            case .timestamp:
                // As `StrictContainer.date`: after 2000-01-01, not after `Date.distantFuture`.
                guard let text = try string(&s), text.utf8.count <= 64, let date = ISO8601.parse(text),
                    date >= APIRanges.earliestDate, date <= .distantFuture
                else { return nil }
                timestamp = date
            case .horizontalAccuracy:
                guard let x = try number(&s, in: APIRanges.accuracies) else { return nil }
                accuracy = x
            case .speed:
                guard let x = try number(&s, in: APIRanges.speeds) else { return nil }
                speed = x
            case .course:
                guard let x = try number(&s, in: APIRanges.courses), x < 360 else { return nil }
                course = x
            }
        } while try s.nextMember()
        guard let identifier, let coordinate else { return nil }
        return VehicleLocationBody(
            vehicleIdentifier: identifier, coordinate: coordinate, timestamp: timestamp, horizontalAccuracy: accuracy,
            speed: speed, course: course)
    }

    /// Which member a name is; nil for a name the API does not define.
    private static func member(_ s: JSONScanner, _ name: JSONScanner.RawString) -> Member? {
        if s.matches(name, "coordinate") { return .coordinate }
        if s.matches(name, "vehicleIdentifier") { return .vehicleIdentifier }
        if s.matches(name, "timestamp") { return .timestamp }
        if s.matches(name, "horizontalAccuracy") { return .horizontalAccuracy }
        if s.matches(name, "speed") { return .speed }
        if s.matches(name, "course") { return .course }
        return nil
    }

    /// `{"latitude": -90...90, "longitude": -180...180}`, each once, nothing else.
    private static func coordinate(_ s: inout JSONScanner) throws(JSONScanner.SyntaxError) -> Coordinate? {
        guard try s.kind() == .object, try s.enterObject(depth: 4) else { return nil }
        var latitude: Double?
        var longitude: Double?
        repeat {
            let name = try s.memberName()
            if s.matches(name, "latitude"), !name.escaped, latitude == nil {
                latitude = try number(&s, in: -90...90)
                if latitude == nil { return nil }
            } else if s.matches(name, "longitude"), !name.escaped, longitude == nil {
                longitude = try number(&s, in: -180...180)
                if longitude == nil { return nil }
            } else {
                return nil
            }
        } while try s.nextMember()
        guard let latitude, let longitude else { return nil }
        return try? Coordinate(latitude: latitude, longitude: longitude)
    }

    /// A string without escapes; nil for another value.
    private static func string(_ s: inout JSONScanner) throws(JSONScanner.SyntaxError) -> String? {
        guard try s.kind() == .string else { return nil }
        let value = try s.value(depth: 4)
        return value.escaped ? nil : s.string(value)
    }

    /// A finite number within `range`; nil for another value.
    private static func number(_ s: inout JSONScanner, in range: ClosedRange<Double>) throws(JSONScanner.SyntaxError) -> Double? {
        guard try s.kind() == .number else { return nil }
        let x = try s.number()
        return x.isFinite && range.contains(x) ? x : nil
    }
}
