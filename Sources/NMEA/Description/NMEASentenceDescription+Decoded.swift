import GNSS
import LodestarInternals

/// The keys of the sentence types Lodestar decodes, from their typed values, in field order: each
/// registered type's ``RegisteredSentence/describe(into:_:)``.
extension NMEASentenceDescription {
    /// Whether the sentence has field `number` (1-based, after the address), even empty: the
    /// fields later NMEA versions appended are left out, not null, when a sentence lacks them.
    func has(_ number: Int) -> Bool { fields.count >= number }

    func addDecodedValues(to o: inout JSONObjectText) {
        sentence.registered?.describe(into: &o, self)
    }

    /// The fields GGA and GNS share after their quality or mode: satellites used, HDOP, altitude
    /// above MSL (m), geoid separation (m), age of the differential data (s), station id.
    static func addSolution(
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

extension GGA {
    func describe(into o: inout JSONObjectText, _ d: NMEASentenceDescription) {
        o.add("time", time?.description)
        o.add("latitude_deg", latitude)
        o.add("longitude_deg", longitude)
        o.add("fix_quality", quality?.rawValue)
        NMEASentenceDescription.addSolution(satellitesUsed, hdop, altitudeMSL, geoidSeparation, dgpsAge, dgpsStation, to: &o)
    }
}

extension RMC {
    func describe(into o: inout JSONObjectText, _ d: NMEASentenceDescription) {
        o.add("time", time?.description)
        o.add("status_valid", status.map { $0 == .valid })
        o.add("latitude_deg", latitude)
        o.add("longitude_deg", longitude)
        o.add("speed_knots", speedKnots)
        o.add("course_deg", course)
        o.add("date", date?.description)
        o.add("mag_var_deg", magneticVariation)
        if d.has(12) { o.add("faa_mode", mode?.character) }
        if d.has(13) { o.add("nav_status", navigationalStatus?.character) }
    }
}

extension GLL {
    func describe(into o: inout JSONObjectText, _ d: NMEASentenceDescription) {
        o.add("latitude_deg", latitude)
        o.add("longitude_deg", longitude)
        if d.has(5) { o.add("time", time?.description) }
        if d.has(6) { o.add("status_valid", status.map { $0 == .valid }) }
        if d.has(7) { o.add("faa_mode", mode?.character) }
    }
}

extension GSA {
    func describe(into o: inout JSONObjectText, _ d: NMEASentenceDescription) {
        o.add("op_mode", selectionMode.map { Character(Unicode.Scalar($0.rawValue)) })
        o.add("fix_type", fixType)
        o.add("sat_ids", integers: satelliteIDs)
        o.add("pdop", pdop)
        o.add("hdop", hdop)
        o.add("vdop", vdop)
        // Field 18 is the NMEA 4.1 system id when it is one hex digit (or empty); SiRF's TDOP is not.
        if d.has(18) && d.fields[17].count <= 1 { o.add("system_id", systemID) }
    }
}

extension GSV {
    func describe(into o: inout JSONObjectText, _ d: NMEASentenceDescription) {
        o.add("msg_total", totalMessages)
        o.add("msg_num", messageNumber)
        o.add("sats_in_view", satellitesInView)
        o.add(
            "sats",
            objects: (0..<satelliteCount).map { i in
                let satellite = self.satellite(at: i)
                var entry = JSONObjectText()
                entry.add("prn", satellite.prn)
                entry.add("elev_deg", wholeWhenIntegral: satellite.elevation)
                entry.add("azim_deg", wholeWhenIntegral: satellite.azimuth)
                entry.add("snr_db", wholeWhenIntegral: satellite.snr)
                return entry
            })
        // The NMEA 4.10 signal id is a lone field after the satellite blocks of four.
        if d.fields.count >= 4 && (d.fields.count - 3) % 4 == 1 { o.add("signal_id", signalID) }
    }
}

extension VTG {
    func describe(into o: inout JSONObjectText, _ d: NMEASentenceDescription) {
        o.add("course_deg", course)
        o.add("course_mag_deg", magneticCourse)
        o.add("speed_knots", speedKnots)
        o.add("speed_kmh", speedKmh)
        if d.has(9) { o.add("faa_mode", mode?.character) }
    }
}

extension GST {
    func describe(into o: inout JSONObjectText, _ d: NMEASentenceDescription) {
        o.add("time", time?.description)
        o.add("rms_m", rms)
        o.add("err_major_m", semiMajorSigma)
        o.add("err_minor_m", semiMinorSigma)
        o.add("err_orient_deg", orientation)
        o.add("lat_err_m", latitudeSigma)
        o.add("lon_err_m", longitudeSigma)
        o.add("alt_err_m", altitudeSigma)
    }
}

extension GBS {
    /// Its time; its error estimates only in `fields`.
    func describe(into o: inout JSONObjectText, _ d: NMEASentenceDescription) {
        o.add("time", time?.description)
        o.add("fields", strings: d.fields)
    }
}

extension ZDA {
    func describe(into o: inout JSONObjectText, _ d: NMEASentenceDescription) {
        o.add("time", time?.description)
        o.add("date", date?.description)
        o.add("tz_hours", zoneHours)
        o.add("tz_minutes", zoneMinutes)
    }
}

extension GNS {
    func describe(into o: inout JSONObjectText, _ d: NMEASentenceDescription) {
        o.add("time", time?.description)
        o.add("latitude_deg", latitude)
        o.add("longitude_deg", longitude)
        o.add("gns_mode", modes.isEmpty ? nil : modes.description)
        NMEASentenceDescription.addSolution(satellitesUsed, hdop, altitudeMSL, geoidSeparation, dgpsAge, dgpsStation, to: &o)
        if d.has(13) { o.add("nav_status", navigationalStatus?.character) }
    }
}

extension HDT {
    func describe(into o: inout JSONObjectText, _ d: NMEASentenceDescription) {
        o.add("heading_true_deg", heading)
    }
}

extension HDG {
    func describe(into o: inout JSONObjectText, _ d: NMEASentenceDescription) {
        o.add("heading_mag_deg", heading)
        o.add("deviation_deg", deviation)
        o.add("mag_var_deg", variation)
    }
}

extension HDM {
    func describe(into o: inout JSONObjectText, _ d: NMEASentenceDescription) {
        o.add("heading_mag_deg", heading)
    }
}

extension THS {
    func describe(into o: inout JSONObjectText, _ d: NMEASentenceDescription) {
        o.add("heading_true_deg", heading)
        o.add("ths_mode", mode?.character)
    }
}
