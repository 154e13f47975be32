import Foundation
import GNSS
import LodestarInternals
import NMEA

/// Lodestar's epochs of a gpsd log next to gpsd's TPV for each, field by field.
///
/// For every Lodestar epoch, gpsd's TPV is the last one gpsd emitted after a sentence of that
/// epoch's cycle (from its first line up to the next epoch's first line). When gpsd emitted it
/// before the cycle's last sentence (gpsd does so while it learns which sentence ends a cycle),
/// it is compared with Lodestar's epoch as it stood after that same sentence, so that both sides
/// have seen the same input. Tolerances: position 1e-9°, altitudes 1 mm, speed 1e-3 m/s, course
/// 1e-3°, time 0.5 ms.
struct GPSDComparison {
    /// One field that differs, with what is needed to explain it.
    struct Difference: CustomStringConvertible {
        var log: String
        var field: String
        var lodestar: Double?
        var gpsd: Double?
        var lodestarText: String
        var gpsdText: String
        var epoch: NMEAEpoch
        var gpsdMode: Int
        var facts: CycleFacts
        /// The last date Lodestar knew came from an RMC with status V.
        var dateFromInvalidRMC: Bool
        /// The time of the previous Lodestar epoch that had one.
        var previousTime: Date?
        var reportLine: Int
        /// Why Lodestar rejected the sentence gpsd reported after, if it did (bad field).
        var reportSentenceBadField: String?

        var description: String {
            "\(log) lines \(epoch.firstLine)-\(epoch.lastLine) (gpsd after \(reportLine)) \(field): lodestar \(lodestarText), gpsd \(gpsdText)"
        }
    }

    /// 1024 GPS weeks, in seconds: gpsd 3.22 adds it to any time before 2017-01-01.
    static let weekRollover: TimeInterval = 1024 * 7 * 86_400
    static let rolloverGuard = Date(timeIntervalSince1970: 1_483_228_800)  // 2017-01-01

    let check: GPSDCheckFile
    let lines: [[UInt8]]
    private(set) var epochs: [NMEAEpoch] = []
    private(set) var compared = 0
    private(set) var differences: [Difference] = []
    private var dateFromInvalidRMC: [Bool] = []
    private var reportLine = 0
    private var previousTime: Date?
    /// Epochs whose time, shifted by 1024 weeks, equals gpsd's (the named rollover difference).
    private(set) var rolloverShifted = 0

    init(_ check: GPSDCheckFile) {
        self.check = check
        lines = check.logBytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            Array($0.last == 0x0D ? $0.dropLast() : $0[...])
        }
        var reportAt = Set<Int>()
        for r in check.reports { reportAt.insert(r.line) }
        var decoder = NMEADecoder()
        var epochs: [NMEAEpoch] = []
        var snapshots: [Int: NMEAEpoch] = [:]
        let collect: (NMEADecoder.Event) -> Void = { if case .epoch(let e) = $0 { epochs.append(e) } }
        for (i, line) in lines.enumerated() {
            decoder.decode(line + [0x0A], collect)
            if reportAt.contains(i + 1) {
                var copy = decoder
                copy.finish { if case .epoch(let e) = $0 { snapshots[i + 1] = e } }
            }
        }
        decoder.finish(collect)
        self.epochs = epochs
        dateFromInvalidRMC = GPSDComparison.dateSources(lines)
        compare(snapshots)
    }

    /// For each line, whether the last date-bearing sentence up to it was an RMC with status V.
    static func dateSources(_ lines: [[UInt8]]) -> [Bool] {
        let parser = NMEAParser()
        var invalid = false
        return lines.map { line in
            switch try? parser.parse(line) {
            case .rmc(let r) where r.date != nil: invalid = r.status != .valid
            case .zda(let z) where z.date != nil: invalid = false
            default: break
            }
            return invalid
        }
    }

    mutating func compare(_ snapshots: [Int: NMEAEpoch]) {
        var r = 0
        for (i, epoch) in epochs.enumerated() {
            let end = i + 1 < epochs.count ? epochs[i + 1].firstLine : Int.max
            var last: GPSDCheckFile.Report? = nil
            while r < check.reports.count && check.reports[r].line < end {
                if check.reports[r].line >= epoch.firstLine { last = check.reports[r] }
                r += 1
            }
            if let report = last {
                compared += 1
                reportLine = report.line
                if report.line < epoch.lastLine, let partial = snapshots[report.line] {
                    compare(partial, report.tpv, upTo: report.line)
                } else {
                    compare(epoch, report.tpv, upTo: epoch.lastLine)
                }
            }
            if let t = epoch.fix.time { previousTime = t }
        }
    }

    mutating func compare(_ epoch: NMEAEpoch, _ tpv: [String: JSON], upTo lastLine: Int) {
        let facts = CycleFacts(lines: lines, range: epoch.firstLine...max(epoch.firstLine, lastLine, reportLine))
        let fix = epoch.fix
        let gpsdMode = Int(tpv["mode"]?.number ?? 0)
        func differ(_ field: String, _ l: Double?, _ g: Double?, _ lt: String? = nil, _ gt: String? = nil) {
            differences.append(
                Difference(
                    log: check.name, field: field, lodestar: l, gpsd: g,
                    lodestarText: lt ?? l.map { "\($0)" } ?? "nil", gpsdText: gt ?? g.map { "\($0)" } ?? "nil",
                    epoch: epoch, gpsdMode: gpsdMode, facts: facts,
                    dateFromInvalidRMC: dateFromInvalidRMC[max(0, min(lastLine, dateFromInvalidRMC.count) - 1)],
                    previousTime: previousTime, reportLine: reportLine,
                    reportSentenceBadField: badField(at: reportLine)))
        }
        func number(_ field: String, _ l: Double?, _ g: Double?, _ tolerance: Double) {
            switch (l, g) {
            case (nil, nil): return
            case (let l?, let g?) where abs(l - g) <= tolerance * 1.000001: return
            default: differ(field, l, g)
            }
        }
        if fix.mode.rawValue != gpsdMode { differ("mode", Double(fix.mode.rawValue), Double(gpsdMode)) }
        number("lat", fix.coordinate?.latitude, tpv["lat"]?.number, 1e-9)
        number("lon", fix.coordinate?.longitude, tpv["lon"]?.number, 1e-9)
        number("altMSL", fix.altitudeMSL, tpv["altMSL"]?.number, 1e-3)
        number("altHAE", fix.altitudeHAE, tpv["altHAE"]?.number, 1e-3)
        number("speed", fix.speed, tpv["speed"]?.number, 1e-3)
        number("track", fix.course, tpv["track"]?.number, 1e-3)
        let gpsdTime = tpv["time"]?.string.flatMap(GPSDComparison.parseTime)
        switch (fix.time, gpsdTime) {
        case (nil, nil): break
        case (let l?, let g?) where abs(l.timeIntervalSince(g)) < 0.0005: break
        case (let l?, let g?)
        where l < GPSDComparison.rolloverGuard
            && abs(l.addingTimeInterval(GPSDComparison.weekRollover).timeIntervalSince(g)) < 0.0005:
            rolloverShifted += 1
        default:
            differ(
                "time", fix.time?.timeIntervalSince1970, gpsdTime?.timeIntervalSince1970,
                fix.time.map { ISO8601.string($0, fractionDigits: 3) }, tpv["time"]?.string)
        }
        // magtrack: Lodestar's TPV writes course − variation (east positive).
        let lodestarMagtrack =
            TPVEncoder.string(fix).contains("\"magtrack\"")
            ? fix.course.flatMap { c in fix.magneticVariation.map { Angle360.normalized(c - $0) } } : nil
        if let g = tpv["magtrack"]?.number {
            if let l = lodestarMagtrack, abs(Angle360.difference(l, g)) <= 1e-3 { return }
            differ("magtrack", lodestarMagtrack, g)
        }
    }

    /// The bad-field rejection of line `n` (1-based), if Lodestar rejects it for that.
    func badField(at n: Int) -> String? {
        guard n >= 1 && n <= lines.count else { return nil }
        do {
            _ = try NMEAParser().parse(lines[n - 1])
            return nil
        } catch {
            return error.reason == .badField ? error.detail : nil
        }
    }

    /// `2034-11-01T17:19:26.000Z` → Date.
    static func parseTime(_ text: String) -> Date? {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return f.date(from: text)
    }
}

/// Angle helpers for the magnetic-track comparison.
enum Angle360 {
    static func normalized(_ d: Double) -> Double {
        let r = d.truncatingRemainder(dividingBy: 360)
        return r < 0 ? r + 360 : r
    }

    static func difference(_ a: Double, _ b: Double) -> Double {
        let d = normalized(a - b)
        return d > 180 ? d - 360 : d
    }
}
