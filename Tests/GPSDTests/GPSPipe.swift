import Foundation

/// gpsd's own client, `gpspipe -w`, watching the same gpsd for a fixed time: the reference for
/// what gpsd sent in a run.
final class GPSPipe: Sendable {
    static let gpspipe = "/usr/bin/gpspipe"
    let process: ChildProcess
    let output: String

    /// Starts `gpspipe -w -o FILE localhost:PORT`. gpspipe writes FILE line by line, so what it
    /// received is there even when it is stopped by a signal.
    init(sandbox: Sandbox, port: UInt16? = nil, name: String = "gpspipe") throws {
        output = sandbox.path("\(name).json")
        process = try ChildProcess(
            GPSPipe.gpspipe, ["-w", "-o", output, "localhost:\(port ?? sandbox.port)"],
            environment: sandbox.environment,
            stdout: sandbox.path("\(name).out"), stderr: sandbox.path("\(name).err"))
    }

    /// The lines written so far.
    var lines: [String] {
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        return text.split(whereSeparator: \.isNewline).map(String.init)
    }

    /// The TPV reports written so far, in order.
    var tpvLines: [String] { lines.filter { $0.hasPrefix(#"{"class":"TPV""#) } }

    /// Gives gpspipe `grace` to take in what gpsd already sent (or to end on its own when gpsd
    /// has gone), then stops it.
    func finish(grace: Duration = .milliseconds(300)) {
        _ = process.waitForExit(timeout: grace)
        process.stop()
    }

    /// A gpsd TPV line without the members `Fix` does not keep (device, ept, magtrack, epc, sep,
    /// depth, DGPS station and age, NED velocities, wind, leap seconds).
    static func withoutUncarriedMembers(_ line: String) -> String {
        let dropped = ["device", "ept", "magtrack", "epc", "sep", "depth", "dgpsAge", "dgpsSta", "velN", "velE", "velD",
                       "wanglem", "wangler", "wanglet", "wspeedr", "wspeedt", "leapseconds"]
        var result = line
        for key in dropped {
            while let member = result.range(of: ",\"\(key)\":") {
                let end = result[member.upperBound...].firstIndex { $0 == "," || $0 == "}" } ?? result.endIndex
                result.removeSubrange(member.lowerBound..<end)
            }
        }
        return result
    }
}
