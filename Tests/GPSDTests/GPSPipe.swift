import Foundation

/// gpsd's own client, `gpspipe -w`, watching the same gpsd for a fixed time: the reference for
/// what gpsd sent in a run.
final class GPSPipe: Sendable {
    static let gpspipe = "/usr/bin/gpspipe"
    let process: ChildProcess
    let output: String

    /// Starts `gpspipe -w -x SECONDS -o FILE localhost:PORT`; it exits (flushing FILE) after `seconds`.
    init(sandbox: Sandbox, port: UInt16? = nil, seconds: Int, name: String = "gpspipe") throws {
        output = sandbox.path("\(name).json")
        process = try ChildProcess(
            GPSPipe.gpspipe, ["-w", "-x", String(seconds), "-o", output, "localhost:\(port ?? sandbox.port)"],
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

    /// Waits for gpspipe to exit on its own (its -x time), then makes sure it is gone.
    func finish(timeout: Duration) {
        _ = process.waitForExit(timeout: timeout)
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
