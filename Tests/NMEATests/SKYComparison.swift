import Foundation
import GNSS
import NMEA

/// Lodestar's SKY objects (``SKYEncoder``) for a gpsd log next to gpsd 3.22's SKY objects in its
/// `.chk` file, field by field.
///
/// gpsd writes a SKY after the last GSV of a series; it is compared with Lodestar's epoch as it
/// stood after that same log line (the decoder's cycle so far, finished there), so that both
/// sides have seen the same sentences. Satellites are matched by gpsd's `PRN`, in order.
/// Compared: the list of PRNs, and per satellite `gnssid`, `svid`, `el`, `az`, `ss` and `used`;
/// the DOPs `hdop`, `vdop`, `pdop` (the receiver's, ±0.005) and `xdop`, `ydop`, `tdop`, `gdop`
/// (computed from the geometry, ±0.011 for the rounding of both sides). An empty GSV field,
/// which gpsd 3.22 writes as 0.0 and Lodestar leaves out, counts as agreeing.
struct SKYComparison {
    /// gpsd's SKY objects in the log.
    private(set) var gpsdObjects = 0
    /// Those for which Lodestar wrote a SKY at the same line.
    private(set) var compared = 0
    /// Those that agree in every field compared.
    private(set) var matching = 0
    /// Disagreements by field (`PRNs`, `used`, `el`, `hdop` …), counted once per object.
    private(set) var differing: [String: Int] = [:]
    /// The first disagreement of each field, for a message.
    private(set) var examples: [String: String] = [:]

    static let satelliteFields = ["gnssid", "svid", "el", "az", "ss", "used"]
    static let receiverDOPs = ["hdop", "vdop", "pdop"]
    static let geometryDOPs = ["xdop", "ydop", "tdop", "gdop"]

    init(log name: String) throws {
        let url = SharedData.gpsdTraces.appendingPathComponent(name)
        let logLines = GPSDCheckFile.lines(try Data(contentsOf: url))
        let chk = GPSDCheckFile.lines(try Data(contentsOf: url.appendingPathExtension("chk")))
        // gpsd's SKY objects with the log line (1-based) of the sentence after which they came.
        var skies: [(line: Int, object: [String: JSON])] = []
        var cursor = 0
        var lastLine = 0
        for text in chk {
            if text.hasPrefix("{") {
                if let json = try? JSONDecoder().decode(JSON.self, from: Data(text.utf8)),
                    json["class"]?.string == "SKY", let object = json.object
                {
                    skies.append((lastLine, object))
                }
            } else if !text.isEmpty {
                var i = cursor
                while i < logLines.count && !(logLines[i] == text || logLines[i].hasSuffix(text)) { i += 1 }
                if i < logLines.count {
                    lastLine = i + 1
                    cursor = i + 1
                }
            }
        }
        gpsdObjects = skies.count
        let wanted = Set(skies.map(\.line))
        var ours: [Int: [String: JSON]] = [:]
        var decoder = NMEADecoder()
        // One memo across the log's epochs, as `replay --json` keeps one: the DOPs and satellites
        // compared are those of the memo path (SKYMemo), each sky after the one before it.
        var memo = SKYMemo()
        let bytes = try Data(contentsOf: url)
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for (i, line) in lines.enumerated() {
            decoder.decode(Array(line) + [0x0A]) { _ in }
            guard wanted.contains(i + 1) else { continue }
            var copy = decoder
            copy.finish { event in
                guard case .epoch(let e) = event else { return }
                var out: [UInt8] = []
                SKYEncoder.append(e.fix, to: &out, memo: &memo)
                let text = String(decoding: out, as: UTF8.self)
                guard !out.isEmpty, let json = try? JSONDecoder().decode(JSON.self, from: Data(text.utf8)), let o = json.object
                else { return }
                ours[i + 1] = o
            }
        }
        for (line, theirs) in skies {
            guard let mine = ours[line] else { continue }
            compared += 1
            let fields = Self.differences(mine, theirs)
            if fields.isEmpty { matching += 1 }
            for (field, example) in fields {
                differing[field, default: 0] += 1
                if examples[field] == nil { examples[field] = "\(name) line \(line): \(example)" }
            }
        }
    }

    /// The fields in which Lodestar's SKY and gpsd's differ, each with an example.
    static func differences(_ mine: [String: JSON], _ theirs: [String: JSON]) -> [String: String] {
        var out: [String: String] = [:]
        for key in receiverDOPs + geometryDOPs {
            let tolerance = receiverDOPs.contains(key) ? 0.005 : 0.011
            let (a, b) = (mine[key]?.number, theirs[key]?.number)
            switch (a, b) {
            case (nil, nil): break
            case (let a?, let b?) where abs(a - b) <= tolerance: break
            default: out[key] = "lodestar \(a.map { "\($0)" } ?? "-"), gpsd \(b.map { "\($0)" } ?? "-")"
            }
        }
        let ourSats = mine["satellites"]?.array?.compactMap(\.object) ?? []
        let gpsdSats = theirs["satellites"]?.array?.compactMap(\.object) ?? []
        let ourPRNs = ourSats.map { Int($0["PRN"]?.number ?? 0) }
        let gpsdPRNs = gpsdSats.map { Int($0["PRN"]?.number ?? 0) }
        guard ourPRNs == gpsdPRNs else {
            out["PRNs"] = "lodestar \(ourPRNs), gpsd \(gpsdPRNs)"
            return out
        }
        for (o, g) in zip(ourSats, gpsdSats) {
            for field in satelliteFields where out[field] == nil {
                let agree: Bool
                if field == "used" {
                    agree = o["used"]?.bool == g["used"]?.bool
                } else {
                    // An empty field: gpsd 3.22 writes 0.0 (atoi), Lodestar leaves it out.
                    agree = (o[field]?.number ?? 0) == (g[field]?.number ?? 0)
                }
                if !agree {
                    out[field] =
                        "PRN \(g["PRN"]?.number ?? 0): lodestar \(o[field].map { "\($0)" } ?? "-"), gpsd \(g[field].map { "\($0)" } ?? "-")"
                }
            }
        }
        return out
    }
}
