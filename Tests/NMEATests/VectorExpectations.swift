import GNSS
import NMEA

/// Compares a parsed sentence with the `expect` object of a shared vector, key by key, with the
/// tolerances of shared/nmea-vectors/README.md. Returns one line per mismatch.
struct VectorExpectations {
    let sentence: NMEASentence
    /// Raw fields and TAG block of the line, for the keys of types Lodestar does not decode.
    let rawFields: [String]
    let tagBlock: TagBlock?
    var mismatches: [String] = []

    /// Keys that describe content Lodestar does not decode (ROT, TXT, GBS...), checked against the
    /// raw fields instead: see ``checkUndecoded(_:_:)``.
    static let undecodedKeys: Set<String> = ["rot_deg_per_min", "text", "fields"]

    mutating func check(_ expect: [String: JSON]) {
        for (key, value) in expect.sorted(by: { $0.key < $1.key }) {
            switch key {
            case "type": expectEqual(key, typeName, value.string)
            case "talker": expectEqual(key, sentence.talker?.description, value.string)
            case "manufacturer":
                if case .proprietary(let m) = sentence {
                    expectEqual(key, m.description, value.string)
                } else {
                    fail(key, "not proprietary")
                }
            case "tag_source": expectEqual(key, tagBlock?.source, value.string)
            case "tag_time": expectNumber(key, tagBlock?.unixTime.map(Double.init), value)
            case "fix_valid": break  // compared by the caller, with the policy differences named there
            case _ where VectorExpectations.undecodedKeys.contains(key): checkUndecoded(key, value)
            default: checkDecoded(key, value)
            }
        }
    }

    var typeName: String {
        if case .proprietary = sentence { return "PROPRIETARY" }
        return sentence.type?.description ?? "?"
    }

    mutating func fail(_ key: String, _ message: String) { mismatches.append("\(key): \(message)") }

    mutating func expectEqual<T: Equatable>(_ key: String, _ actual: T?, _ expected: T?) {
        if actual != expected {
            fail(key, "got \(actual.map { "\($0)" } ?? "nil"), expected \(expected.map { "\($0)" } ?? "null")")
        }
    }

    /// Numbers: degree coordinates ±1e-9°, other floats ±1e-9 relative; null = nil.
    mutating func expectNumber(_ key: String, _ actual: Double?, _ expected: JSON) {
        guard let e = expected.number else {
            if actual != nil { fail(key, "got \(actual ?? 0), expected null") }
            return
        }
        guard let a = actual else { return fail(key, "got nil, expected \(e)") }
        let tolerance = key.hasSuffix("_deg") && (key.hasPrefix("lat") || key.hasPrefix("lon")) ? 1e-9 : 1e-9 * max(1, abs(e))
        if abs(a - e) > tolerance { fail(key, "got \(a), expected \(e)") }
    }

    mutating func expectInt(_ key: String, _ actual: Int?, _ expected: JSON) {
        expectNumber(key, actual.map(Double.init), expected)
    }

    mutating func expectLetter(_ key: String, _ actual: Character?, _ expected: JSON) {
        expectEqual(key, actual.map(String.init), expected.string)
    }

    /// `HH:MM:SS[.f]` compared as seconds of day within 1 ms.
    mutating func expectTime(_ key: String, _ actual: TimeOfDay?, _ expected: JSON) {
        guard let text = expected.string else {
            if actual != nil { fail(key, "got \(actual.map { "\($0)" } ?? ""), expected null") }
            return
        }
        let parts = text.split(separator: ":")
        guard parts.count == 3, let h = Double(parts[0]), let m = Double(parts[1]), let s = Double(parts[2]) else {
            return fail(key, "unreadable expectation \(text)")
        }
        guard let a = actual else { return fail(key, "got nil, expected \(text)") }
        if abs(a.secondsOfDay - (h * 3600 + m * 60 + s)) > 0.001 { fail(key, "got \(a), expected \(text)") }
    }

    mutating func checkUndecoded(_ key: String, _ value: JSON) {
        switch key {
        case "fields": expectEqual(key, rawFields, value.array?.compactMap(\.string))
        case "text": expectEqual(key, rawFields.last, value.string)
        case "rot_deg_per_min": expectNumber(key, rawFields.first.flatMap { Double($0) }, value)
        default: fail(key, "unknown key")
        }
    }

    mutating func checkDecoded(_ key: String, _ v: JSON) {
        switch sentence {
        case .gga(let s):
            switch key {
            case "time": expectTime(key, s.time, v)
            case "latitude_deg": expectNumber(key, s.latitude, v)
            case "longitude_deg": expectNumber(key, s.longitude, v)
            case "fix_quality": expectInt(key, s.quality?.rawValue, v)
            case "satellites": expectInt(key, s.satellitesUsed, v)
            case "hdop": expectNumber(key, s.hdop, v)
            case "altitude_m": expectNumber(key, s.altitudeMSL, v)
            case "geoid_sep_m": expectNumber(key, s.geoidSeparation, v)
            case "dgps_age_s": expectNumber(key, s.dgpsAge, v)
            case "dgps_station": expectEqual(key, s.dgpsStation, v.string)
            default: fail(key, "unexpected key for GGA")
            }
        case .gns(let s):
            switch key {
            case "time": expectTime(key, s.time, v)
            case "latitude_deg": expectNumber(key, s.latitude, v)
            case "longitude_deg": expectNumber(key, s.longitude, v)
            case "gns_mode": expectEqual(key, s.modes.description, v.string)
            case "satellites": expectInt(key, s.satellitesUsed, v)
            case "hdop": expectNumber(key, s.hdop, v)
            case "altitude_m": expectNumber(key, s.altitudeMSL, v)
            case "geoid_sep_m": expectNumber(key, s.geoidSeparation, v)
            case "dgps_age_s": expectNumber(key, s.dgpsAge, v)
            case "dgps_station": expectEqual(key, s.dgpsStation, v.string)
            case "nav_status": expectLetter(key, s.navigationalStatus?.character, v)
            default: fail(key, "unexpected key for GNS")
            }
        case .rmc(let s):
            switch key {
            case "time": expectTime(key, s.time, v)
            case "status_valid": expectEqual(key, s.status.map { $0 == .valid }, v.bool)
            case "latitude_deg": expectNumber(key, s.latitude, v)
            case "longitude_deg": expectNumber(key, s.longitude, v)
            case "speed_knots": expectNumber(key, s.speedKnots, v)
            case "course_deg": expectNumber(key, s.course, v)
            case "date": expectEqual(key, s.date?.description, v.string)
            case "mag_var_deg": expectNumber(key, s.magneticVariation, v)
            case "faa_mode": expectLetter(key, s.mode?.character, v)
            case "nav_status": expectLetter(key, s.navigationalStatus?.character, v)
            default: fail(key, "unexpected key for RMC")
            }
        case .gll(let s):
            switch key {
            case "time": expectTime(key, s.time, v)
            case "status_valid": expectEqual(key, s.status.map { $0 == .valid }, v.bool)
            case "latitude_deg": expectNumber(key, s.latitude, v)
            case "longitude_deg": expectNumber(key, s.longitude, v)
            case "faa_mode": expectLetter(key, s.mode?.character, v)
            default: fail(key, "unexpected key for GLL")
            }
        case .gsa(let s):
            switch key {
            case "op_mode": expectLetter(key, s.selectionMode.map { Character(Unicode.Scalar($0.rawValue)) }, v)
            case "fix_type": expectInt(key, s.fixType, v)
            case "sat_ids": expectEqual(key, Array(s.satelliteIDs), v.array?.compactMap { $0.number.map { Int($0) } })
            case "pdop": expectNumber(key, s.pdop, v)
            case "hdop": expectNumber(key, s.hdop, v)
            case "vdop": expectNumber(key, s.vdop, v)
            case "system_id": expectInt(key, s.systemID, v)
            default: fail(key, "unexpected key for GSA")
            }
        case .gsv(let s):
            switch key {
            case "msg_total": expectInt(key, s.totalMessages, v)
            case "msg_num": expectInt(key, s.messageNumber, v)
            case "sats_in_view": expectInt(key, s.satellitesInView, v)
            case "signal_id": expectInt(key, s.signalID, v)
            case "sats":
                let expected = v.array ?? []
                if expected.count != s.satelliteCount {
                    return fail(key, "got \(s.satelliteCount) satellites, expected \(expected.count)")
                }
                for (i, e) in expected.enumerated() {
                    let sat = s.satellite(at: i)
                    expectInt("sats[\(i)].prn", sat.prn, e["prn"] ?? .null)
                    expectNumber("sats[\(i)].elev_deg", sat.elevation, e["elev_deg"] ?? .null)
                    expectNumber("sats[\(i)].azim_deg", sat.azimuth, e["azim_deg"] ?? .null)
                    expectNumber("sats[\(i)].snr_db", sat.snr, e["snr_db"] ?? .null)
                }
            default: fail(key, "unexpected key for GSV")
            }
        case .vtg(let s):
            switch key {
            case "course_deg": expectNumber(key, s.course, v)
            case "course_mag_deg": expectNumber(key, s.magneticCourse, v)
            case "speed_knots": expectNumber(key, s.speedKnots, v)
            case "speed_kmh": expectNumber(key, s.speedKmh, v)
            case "faa_mode": expectLetter(key, s.mode?.character, v)
            default: fail(key, "unexpected key for VTG")
            }
        case .gst(let s):
            switch key {
            case "time": expectTime(key, s.time, v)
            case "rms_m": expectNumber(key, s.rms, v)
            case "err_major_m": expectNumber(key, s.semiMajorSigma, v)
            case "err_minor_m": expectNumber(key, s.semiMinorSigma, v)
            case "err_orient_deg": expectNumber(key, s.orientation, v)
            case "lat_err_m": expectNumber(key, s.latitudeSigma, v)
            case "lon_err_m": expectNumber(key, s.longitudeSigma, v)
            case "alt_err_m": expectNumber(key, s.altitudeSigma, v)
            default: fail(key, "unexpected key for GST")
            }
        case .zda(let s):
            switch key {
            case "time": expectTime(key, s.time, v)
            case "date": expectEqual(key, s.date?.description, v.string)
            case "tz_hours": expectInt(key, s.zoneHours, v)
            case "tz_minutes": expectInt(key, s.zoneMinutes, v)
            default: fail(key, "unexpected key for ZDA")
            }
        case .gbs(let s):
            if key == "time" { expectTime(key, s.time, v) } else { fail(key, "unexpected key for GBS") }
        case .hdt(let s):
            if key == "heading_true_deg" { expectNumber(key, s.heading, v) } else { fail(key, "unexpected key for HDT") }
        case .hdm(let s):
            if key == "heading_mag_deg" { expectNumber(key, s.heading, v) } else { fail(key, "unexpected key for HDM") }
        case .ths(let s):
            switch key {
            case "heading_true_deg": expectNumber(key, s.heading, v)
            case "ths_mode": expectLetter(key, s.mode?.character, v)
            default: fail(key, "unexpected key for THS")
            }
        case .hdg(let s):
            switch key {
            case "heading_mag_deg": expectNumber(key, s.heading, v)
            case "deviation_deg": expectNumber(key, s.deviation, v)
            case "mag_var_deg": expectNumber(key, s.variation, v)
            default: fail(key, "unexpected key for HDG")
            }
        case .unsupported, .proprietary, .encapsulated:
            // Types Lodestar recognises but does not decode: only their framing keys and raw
            // fields are checked. The one such decoded-looking key in the vectors is ROT's status.
            if key == "status_valid" {
                expectEqual(key, rawFields.count > 1 ? rawFields[1] == "A" : nil, v.bool)
            } else {
                fail(key, "\(typeName) is not decoded by Lodestar")
            }
        }
    }
}
