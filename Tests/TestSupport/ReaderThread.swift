import Foundation

/// The reader thread of a `GPSDSource` in this process, found by its name in /proc.
public struct ReaderThread {
    /// /proc/self/task/TID.
    public let directory: String

    /// The first thread named "lodestar gpsd", if any.
    public static func find() -> ReaderThread? {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.map { "/proc/self/task/\($0)" }.first {
            ((try? String(contentsOfFile: "\($0)/comm", encoding: .utf8)) ?? "").hasPrefix("lodestar gpsd")
        }.map(ReaderThread.init(directory:))
    }

    /// Time on CPU, nanoseconds (first field of schedstat).
    public var cpuNanoseconds: Int? {
        (try? String(contentsOfFile: "\(directory)/schedstat", encoding: .utf8))?.split(separator: " ").first.flatMap { Int($0) }
    }

    /// utime + stime in clock ticks (fields 14 and 15 of stat).
    public var cpuTicks: Int? { ReaderThread.cpuTicks("\(directory)/stat") }

    /// Voluntary context switches (each wake-up from a wait ends in one).
    public var voluntarySwitches: Int? {
        let status = (try? String(contentsOfFile: "\(directory)/status", encoding: .utf8)) ?? ""
        return status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
            .flatMap { Int($0.split(separator: "\t").last ?? "") }
    }

    /// utime + stime (fields 14 and 15) of a /proc stat file, in clock ticks.
    public static func cpuTicks(_ path: String) -> Int? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8), let close = text.lastIndex(of: ")") else {
            return nil
        }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // After "(comm)" field 3 (state) comes first, so utime (14) and stime (15) are at 11 and 12.
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }
}
