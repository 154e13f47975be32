import Foundation
import GNSS
import Geodesy
import Lodestar

/// Reads an NMEA 0183 trace file into fixes for `lodestar ride --trace`: GGA (position, quality),
/// GST (per-axis one-sigma errors) and RMC (date, speed, course), grouped into one fix per epoch
/// by their UTC time. Sentences with a bad checksum are skipped and reported as warnings.
///
/// This is the ride command's own small reader, enough for the bundled traces; the NMEA module's
/// parser, when present, handles every sentence and receiver quirk.
enum RideTraceSource {
    /// The trace's fixes as a source the location manager replays.
    static func open(_ path: String) throws(RideExit) -> RecordedFixSource {
        let text: String
        do {
            text = try String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8)
        } catch {
            throw .error("cannot read trace \(path): \((error as NSError).localizedDescription)")
        }
        var events: [FixSourceEvent] = []
        var epoch: (time: String, fix: Fix)?
        var date: DateComponents?
        func flush() {
            guard var fix = epoch?.fix, let time = epoch?.time, let day = date else { return }
            fix.time = Self.date(day, time)
            events.append(.fix(fix))
            epoch = nil
        }
        for (number, raw) in text.split(whereSeparator: \.isNewline).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard line.hasPrefix("$") else { continue }
            guard let fields = Self.fields(line) else {
                events.append(.warning("line \(number + 1): bad checksum: \(line)"))
                continue
            }
            let type = fields[0].suffix(3), time = fields.count > 1 ? fields[1] : ""
            if type == "GGA" || type == "GST" || type == "RMC", epoch?.time != time {
                flush()
                epoch = (time, Fix())
            }
            switch type {
            case "GGA" where fields.count >= 10:
                epoch?.fix.coordinate = Self.coordinate(fields[2], fields[3], fields[4], fields[5])
                let quality = Int(fields[6]) ?? 0
                epoch?.fix.quality = FixQuality(rawValue: quality)
                epoch?.fix.mode = quality == 0 ? .noFix : (Double(fields[9]) == nil ? .twoD : .threeD)
                epoch?.fix.satellitesUsed = Int(fields[7])
                epoch?.fix.hdop = Double(fields[8])
                epoch?.fix.altitudeMSL = Double(fields[9])
            case "GST" where fields.count >= 8:
                if let lat = Double(fields[6]), let lon = Double(fields[7]) {
                    epoch?.fix.errors.latitude = Uncertainty(lat, .oneSigma)
                    epoch?.fix.errors.longitude = Uncertainty(lon, .oneSigma)
                }
            case "RMC" where fields.count >= 10:
                let day = fields[9]
                if day.count == 6, let dd = Int(day.prefix(2)), let mm = Int(day.dropFirst(2).prefix(2)), let yy = Int(day.suffix(2)) {
                    date = DateComponents(year: 2000 + yy, month: mm, day: dd)
                }
                epoch?.fix.speed = Double(fields[7]).map { $0 * 1852 / 3600 }
                epoch?.fix.course = Double(fields[8])
                if fields[2] != "A" { epoch?.fix.mode = .noFix }
            default:
                break
            }
        }
        flush()
        return RecordedFixSource(name: "trace \(URL(fileURLWithPath: path).lastPathComponent)", events: events)
    }

    /// The comma-separated fields of a sentence whose checksum is right (or absent); nil otherwise.
    private static func fields(_ line: String) -> [String]? {
        var body = line.dropFirst()
        if let star = body.lastIndex(of: "*") {
            let given = UInt8(body[body.index(after: star)...], radix: 16)
            body = body[..<star]
            guard given == body.utf8.reduce(0, ^) else { return nil }
        }
        return body.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }

    /// ddmm.mmmm,N,dddmm.mmmm,E as a coordinate.
    private static func coordinate(_ lat: String, _ ns: String, _ lon: String, _ ew: String) -> Coordinate? {
        guard let a = Double(lat), let o = Double(lon) else { return nil }
        let latitude = (a / 100).rounded(.towardZero) + a.truncatingRemainder(dividingBy: 100) / 60
        let longitude = (o / 100).rounded(.towardZero) + o.truncatingRemainder(dividingBy: 100) / 60
        return try? Coordinate(latitude: ns == "S" ? -latitude : latitude, longitude: ew == "W" ? -longitude : longitude)
    }

    /// The UTC instant of a day and an hhmmss.ss time.
    private static func date(_ day: DateComponents, _ time: String) -> Date? {
        guard time.count >= 6, let hh = Int(time.prefix(2)), let mm = Int(time.dropFirst(2).prefix(2)),
            let ss = Double(time.dropFirst(4))
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        var components = day
        components.hour = hh
        components.minute = mm
        return calendar.date(from: components)?.addingTimeInterval(ss)
    }
}
