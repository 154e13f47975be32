import GNSS
import LodestarInternals

/// The keys of the sentence types Lodestar decodes, from their typed values, in field order.
extension NMEASentenceDescription {
    /// Whether the sentence has field `number` (1-based, after the address), even empty: the
    /// fields later NMEA versions appended are left out, not null, when a sentence lacks them.
    func has(_ number: Int) -> Bool { fields.count >= number }

    func addDecodedValues(to o: inout JSONObjectText) {
        switch sentence {
        case .gga(let s): add(s, to: &o)
        case .rmc(let s): add(s, to: &o)
        case .gll(let s): add(s, to: &o)
        case .gsa(let s): add(s, to: &o)
        case .gsv(let s): add(s, to: &o)
        case .vtg(let s): add(s, to: &o)
        case .gst(let s): add(s, to: &o)
        case .zda(let s): add(s, to: &o)
        case .gns(let s): add(s, to: &o)
        case .gbs(let s):
            o.add("time", s.time?.description)
            o.add("fields", strings: fields)
        case .hdt(let s): o.add("heading_true_deg", s.heading)
        case .hdm(let s): o.add("heading_mag_deg", s.heading)
        case .hdg(let s):
            o.add("heading_mag_deg", s.heading)
            o.add("deviation_deg", s.deviation)
            o.add("mag_var_deg", s.variation)
        case .ths(let s):
            o.add("heading_true_deg", s.heading)
            o.add("ths_mode", s.mode?.character)
        case .unsupported, .proprietary, .encapsulated:
            break
        }
    }

    private func add(_ s: GGA, to o: inout JSONObjectText) {
        o.add("time", s.time?.description)
        o.add("latitude_deg", s.latitude)
        o.add("longitude_deg", s.longitude)
        o.add("fix_quality", s.quality?.rawValue)
        addSolution(s.satellitesUsed, s.hdop, s.altitudeMSL, s.geoidSeparation, s.dgpsAge, s.dgpsStation, to: &o)
    }

    private func add(_ s: RMC, to o: inout JSONObjectText) {
        o.add("time", s.time?.description)
        o.add("status_valid", s.status.map { $0 == .valid })
        o.add("latitude_deg", s.latitude)
        o.add("longitude_deg", s.longitude)
        o.add("speed_knots", s.speedKnots)
        o.add("course_deg", s.course)
        o.add("date", s.date?.description)
        o.add("mag_var_deg", s.magneticVariation)
        if has(12) { o.add("faa_mode", s.mode?.character) }
        if has(13) { o.add("nav_status", s.navigationalStatus?.character) }
    }

    private func add(_ s: GLL, to o: inout JSONObjectText) {
        o.add("latitude_deg", s.latitude)
        o.add("longitude_deg", s.longitude)
        if has(5) { o.add("time", s.time?.description) }
        if has(6) { o.add("status_valid", s.status.map { $0 == .valid }) }
        if has(7) { o.add("faa_mode", s.mode?.character) }
    }

    private func add(_ s: GSA, to o: inout JSONObjectText) {
        o.add("op_mode", s.selectionMode.map { Character(Unicode.Scalar($0.rawValue)) })
        o.add("fix_type", s.fixType)
        o.add("sat_ids", integers: s.satelliteIDs)
        o.add("pdop", s.pdop)
        o.add("hdop", s.hdop)
        o.add("vdop", s.vdop)
        // Field 18 is the NMEA 4.1 system id when it is one hex digit (or empty); SiRF's TDOP is not.
        if has(18) && fields[17].count <= 1 { o.add("system_id", s.systemID) }
    }

    private func add(_ s: GSV, to o: inout JSONObjectText) {
        o.add("msg_total", s.totalMessages)
        o.add("msg_num", s.messageNumber)
        o.add("sats_in_view", s.satellitesInView)
        o.add("sats", objects: (0..<s.satelliteCount).map { i in
            let satellite = s.satellite(at: i)
            var entry = JSONObjectText()
            entry.add("prn", satellite.prn)
            entry.add("elev_deg", wholeWhenIntegral: satellite.elevation)
            entry.add("azim_deg", wholeWhenIntegral: satellite.azimuth)
            entry.add("snr_db", wholeWhenIntegral: satellite.snr)
            return entry
        })
        // The NMEA 4.10 signal id is a lone field after the satellite blocks of four.
        if fields.count >= 4 && (fields.count - 3) % 4 == 1 { o.add("signal_id", s.signalID) }
    }

    private func add(_ s: VTG, to o: inout JSONObjectText) {
        o.add("course_deg", s.course)
        o.add("course_mag_deg", s.magneticCourse)
        o.add("speed_knots", s.speedKnots)
        o.add("speed_kmh", s.speedKmh)
        if has(9) { o.add("faa_mode", s.mode?.character) }
    }

    private func add(_ s: GST, to o: inout JSONObjectText) {
        o.add("time", s.time?.description)
        o.add("rms_m", s.rms)
        o.add("err_major_m", s.semiMajorSigma)
        o.add("err_minor_m", s.semiMinorSigma)
        o.add("err_orient_deg", s.orientation)
        o.add("lat_err_m", s.latitudeSigma)
        o.add("lon_err_m", s.longitudeSigma)
        o.add("alt_err_m", s.altitudeSigma)
    }

    private func add(_ s: ZDA, to o: inout JSONObjectText) {
        o.add("time", s.time?.description)
        o.add("date", s.date?.description)
        o.add("tz_hours", s.zoneHours)
        o.add("tz_minutes", s.zoneMinutes)
    }

    private func add(_ s: GNS, to o: inout JSONObjectText) {
        o.add("time", s.time?.description)
        o.add("latitude_deg", s.latitude)
        o.add("longitude_deg", s.longitude)
        o.add("gns_mode", s.modes.isEmpty ? nil : s.modes.description)
        addSolution(s.satellitesUsed, s.hdop, s.altitudeMSL, s.geoidSeparation, s.dgpsAge, s.dgpsStation, to: &o)
        if has(13) { o.add("nav_status", s.navigationalStatus?.character) }
    }

    /// The fields GGA and GNS share after their quality or mode: satellites used, HDOP, altitude
    /// above MSL (m), geoid separation (m), age of the differential data (s), station id.
    private func addSolution(
        _ satellites: Int?, _ hdop: Double?, _ altitude: Double?, _ geoidSeparation: Double?,
        _ dgpsAge: Double?, _ dgpsStation: String?, to o: inout JSONObjectText
    ) {
        o.add("satellites", satellites)
        o.add("hdop", hdop)
        o.add("altitude_m", altitude)
        o.add("geoid_sep_m", geoidSeparation)
        o.add("dgps_age_s", dgpsAge)
        o.add("dgps_station", dgpsStation)
    }
}
