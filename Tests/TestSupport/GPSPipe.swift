import Foundation

/// gpsd's own client, `gpspipe -w`, watching the same gpsd for a fixed time: the reference for
/// what gpsd sent in a run.
public final class GPSPipe: Sendable {
    public static let gpspipe = "/usr/bin/gpspipe"
    public let process: ChildProcess
    public let output: String

    /// Starts `gpspipe -w -o FILE localhost:PORT`. gpspipe writes FILE line by line, so what it
    /// received is there even when it is stopped by a signal.
    public init(sandbox: Sandbox, port: UInt16? = nil, name: String = "gpspipe") throws {
        output = sandbox.path("\(name).json")
        process = try sandbox.start(GPSPipe.gpspipe, ["-w", "-o", output, "localhost:\(port ?? sandbox.port)"], name: name)
    }

    /// Starts gpspipe and waits (up to `timeout`) until it receives reports from the device, so
    /// that a client started afterwards joins a running stream of which gpspipe sees every
    /// report. Stops it and throws if no report comes.
    public static func receiving(sandbox: Sandbox, upTo timeout: Duration = .seconds(5)) async throws -> GPSPipe {
        let pipe = try GPSPipe(sandbox: sandbox)
        guard await waitUntil(upTo: timeout, { pipe.isReceivingReports }) else {
            pipe.process.stop()
            throw SpawnError(command: pipe.process.command, reason: "no report from gpsd in \(timeout)")
        }
        return pipe
    }

    /// The lines written so far.
    public var lines: [String] {
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        return text.split(whereSeparator: \.isNewline).map(String.init)
    }

    /// Whether gpspipe has received a report from the device (a TPV, SKY or ATT): gpsd has
    /// answered its watch, opened the device and is reading it, so from then on gpspipe receives
    /// every report gpsd sends, and another client joins a running stream.
    public var isReceivingReports: Bool {
        lines.contains { line in ["TPV", "SKY", "ATT"].contains { line.hasPrefix(#"{"class":""# + $0 + "\"") } }
    }

    /// The TPV reports written so far, in order.
    public var tpvLines: [String] { lines.filter { $0.hasPrefix(#"{"class":"TPV""#) } }

    /// Gives gpspipe `grace` to take in what gpsd already sent (or to end on its own when gpsd
    /// has gone), then stops it.
    public func finish(grace: Duration = .milliseconds(300)) {
        _ = process.waitForExit(timeout: grace)
        process.stop()
    }

    /// A gpsd TPV or ATT line without the members a Lodestar `Fix` does not keep (device, ept,
    /// epc, sep, depth, DGPS station and age, NED velocities, wind, leap seconds) and without
    /// `magtrack`, which Lodestar writes as course − variation where gpsd 3.22 adds the variation.
    /// A line Lodestar encoded (with or without its newline) goes through the same filter.
    public static func withoutUncarriedMembers<S: StringProtocol>(_ line: S) -> String {
        let dropped = [
            "device", "ept", "magtrack", "epc", "sep", "depth", "dgpsAge", "dgpsSta", "velN", "velE", "velD",
            "wanglem", "wangler", "wanglet", "wspeedr", "wspeedt", "leapseconds",
        ]
        var result = line.hasSuffix("\n") ? String(line.dropLast()) : String(line)
        for key in dropped {
            while let member = result.range(of: ",\"\(key)\":") {
                let end = result[member.upperBound...].firstIndex { $0 == "," || $0 == "}" } ?? result.endIndex
                result.removeSubrange(member.lowerBound..<end)
            }
        }
        return result
    }

    /// The number written for `key` in a flat gpsd JSON line, or nil.
    public static func number(_ key: String, in line: String) -> Double? {
        guard let member = line.range(of: "\"\(key)\":") else { return nil }
        let rest = line[member.upperBound...]
        return Double(rest[..<(rest.firstIndex { $0 == "," || $0 == "}" } ?? rest.endIndex)])
    }
}

/// Whether `part` appears in `whole` as one contiguous run: nothing missing, nothing added,
/// nothing repeated. The index where it starts, or nil.
public func contiguousRun<T: Equatable>(_ part: [T], in whole: [T]) -> Int? {
    guard !part.isEmpty, part.count <= whole.count else { return nil }
    return (0...(whole.count - part.count)).first { Array(whole[$0..<($0 + part.count)]) == part }
}
