import NMEA

/// What the sentences of one cycle of a log say, read independently of the assembler, to decide
/// whether a difference from gpsd is one of the named ones.
struct CycleFacts {
    /// Explicit "no fix" statements: RMC/GLL status V, GGA quality 0 or 0 satellites, mode N,
    /// GSA fix type 1.
    var invalidIndicators: [String] = []
    /// GSA fix types (1, 2, 3).
    var gsaFixTypes: [Int] = []
    /// Satellites used according to GGA.
    var ggaSatellites: Int?
    /// A GGA or GNS gave an altitude.
    var hasAltitude = false
    /// A GGA or GNS gave a geoid separation.
    var hasGeoidSeparation = false
    /// RMC or VTG gave a speed; RMC or VTG gave a course.
    var hasSpeed = false
    var hasCourse = false
    /// RMC gave a magnetic variation.
    var hasVariation = false
    /// Proprietary sentences in the cycle, by manufacturer + type letter (`GRMZ`).
    var proprietary: [String] = []
    /// VTG's magnetic course.
    var vtgMagneticCourse: Double?
    /// A GGA with an empty quality field.
    var ggaQualityEmpty = false
    /// An HDG sentence with a heading.
    var hasHDG = false

    /// Reads lines `range` (1-based, inclusive) of `lines`.
    init(lines: [[UInt8]], range: ClosedRange<Int>) {
        let parser = NMEAParser()
        for n in range where n >= 1 && n <= lines.count {
            let line = lines[n - 1]
            if line.first == UInt8(ascii: "$"), line.count > 5, line[1] == UInt8(ascii: "P") {
                proprietary.append(String(decoding: line[2..<6], as: UTF8.self))
            }
            let sentence: NMEASentence
            do {
                sentence = try parser.parse(line)
            } catch {
                continue
            }
            add(sentence)
        }
    }

    mutating func add(_ sentence: NMEASentence) {
        switch sentence {
        case .rmc(let s):
            if s.status == .invalid { invalidIndicators.append("RMC status V") }
            if s.mode == .notValid { invalidIndicators.append("RMC mode N") }
            if s.speedKnots != nil { hasSpeed = true }
            if s.course != nil { hasCourse = true }
            if let v = s.magneticVariation, v != 0 { hasVariation = true }
        case .gll(let s):
            if s.status == .invalid { invalidIndicators.append("GLL status V") }
            if s.mode == .notValid { invalidIndicators.append("GLL mode N") }
        case .gga(let s):
            if s.quality == .invalid { invalidIndicators.append("GGA quality 0") }
            if s.quality != nil && s.quality != .invalid && s.satellitesUsed == 0 {
                invalidIndicators.append("GGA fix with 0 satellites")
            }
            if s.altitudeMSL != nil { hasAltitude = true }
            if s.geoidSeparation != nil { hasGeoidSeparation = true }
            if let n = s.satellitesUsed { ggaSatellites = n }
            if s.quality == nil { ggaQualityEmpty = true }
        case .gns(let s):
            if s.altitudeMSL != nil { hasAltitude = true }
            if s.geoidSeparation != nil { hasGeoidSeparation = true }
        case .gsa(let s):
            if let t = s.fixType {
                gsaFixTypes.append(t)
                if t == 1 { invalidIndicators.append("GSA no fix") }
            }
        case .vtg(let s):
            if s.mode == .notValid { invalidIndicators.append("VTG mode N") }
            if s.speedKnots != nil || s.speedKmh != nil { hasSpeed = true }
            if s.course != nil { hasCourse = true }
            if let m = s.magneticCourse { vtgMagneticCourse = m }
        case .hdg(let s):
            if s.heading != nil { hasHDG = true }
        default:
            break
        }
    }

    /// Nothing in the cycle supports a 3D fix: no altitude, a GSA saying 2D, or fewer than four
    /// satellites used.
    var lacks3DEvidence: Bool {
        !hasAltitude || gsaFixTypes.contains(2) || (ggaSatellites ?? 4) < 4
    }
}
