import LodestarInternals

/// One NMEA sentence as a compact JSON object in the field vocabulary of the shared NMEA test
/// vectors (`shared/nmea-vectors/README.md`): what `lodestar nmea decode` prints for each line.
///
/// ```swift
/// let d = try NMEASentenceDescription(line: "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47")
/// print(d.json)
/// // {"type":"GGA","talker":"GP","time":"12:35:19","latitude_deg":48.1173,"longitude_deg":11.516666666666667,
/// //  "fix_quality":1,"satellites":8,"hdop":0.9,"altitude_m":545.4,"geoid_sep_m":46.9,"dgps_age_s":null,"dgps_station":null}
/// ```
///
/// Keys, in this order:
/// 1. `type` (the three-letter formatter, or `PROPRIETARY`), then `talker` — or, for a
///    proprietary `$P...` sentence, `manufacturer` (the three characters after `P`).
/// 2. The sentence's values, in the order of its fields (see the vocabulary table):
///    - GGA `time latitude_deg longitude_deg fix_quality satellites hdop altitude_m geoid_sep_m dgps_age_s dgps_station`
///    - RMC `time status_valid latitude_deg longitude_deg speed_knots course_deg date mag_var_deg faa_mode nav_status`
///    - GLL `latitude_deg longitude_deg time status_valid faa_mode`
///    - GSA `op_mode fix_type sat_ids pdop hdop vdop system_id`
///    - GSV `msg_total msg_num sats_in_view sats signal_id`, each satellite `{prn, elev_deg, azim_deg, snr_db}`
///    - VTG `course_deg course_mag_deg speed_knots speed_kmh faa_mode`
///    - GST `time rms_m err_major_m err_minor_m err_orient_deg lat_err_m lon_err_m alt_err_m`
///    - ZDA `time date tz_hours tz_minutes`; GBS `time` (its error estimates only in `fields`)
///    - GNS `time latitude_deg longitude_deg gns_mode satellites hdop altitude_m geoid_sep_m dgps_age_s dgps_station nav_status`
///    - HDT `heading_true_deg`; HDM `heading_mag_deg`; HDG `heading_mag_deg deviation_deg mag_var_deg`;
///      THS `heading_true_deg ths_mode`
///    - types Lodestar does not decode: `text` for a TXT with its four fields, `rot_deg_per_min`
///      and `status_valid` for ROT when those fields read cleanly (a signed decimal; `A`/`V`).
/// 3. `fields`: the raw fields after the address, as text, for every sentence Lodestar does not
///    decode (unknown types, proprietary, `!` encapsulated) and for GBS.
/// 4. `tag_source` and `tag_time` (UNIX seconds) when a TAG block gives `s:` and `c:`.
///
/// Values: an empty field is `null`. A key is absent when the sentence does not have its field at
/// all — the fields later versions of NMEA 0183 appended: the RMC, GLL and VTG mode indicator
/// (2.3), the RMC and GNS navigational status (4.1), GLL's time and status (2.0), the GSA system
/// id and the GSV signal id (4.1). Degrees are signed decimal degrees (north and east positive),
/// `time` is UTC `HH:MM:SS[.f]` without trailing zeros, `date` is `YYYY-MM-DD`, one-letter
/// indicators are strings (`"A"`), `status_valid` is `true` for `A`. Numbers are written in the
/// shortest form that reads back to the parsed `Double`; counts and ids are integers. There is no
/// `fix_valid` key: that is pynmea2's verdict, not a field of the sentence.
public struct NMEASentenceDescription: Sendable, Equatable {
    /// The parsed sentence.
    public var sentence: NMEASentence
    /// The raw fields after the address (``NMEAParser/fields(_:)``); their count decides which
    /// version-dependent keys are present, and they are written out for undecoded sentences.
    public var fields: [String]
    /// The TAG block before the sentence, if any.
    public var tagBlock: TagBlock?

    /// Describes a sentence already parsed, with its raw fields and TAG block.
    public init(sentence: NMEASentence, fields: [String], tagBlock: TagBlock? = nil) {
        self.sentence = sentence
        self.fields = fields
        self.tagBlock = tagBlock
    }

    /// Parses one line (code points U+0000–U+00FF stand for one byte each) and describes it.
    /// - Throws: ``NMEAError`` saying why the line is not an acceptable sentence.
    public init(line: String, parser: NMEAParser = NMEAParser()) throws(NMEAError) {
        sentence = try parser.parse(line)
        fields = try parser.fields(line)
        tagBlock = try parser.tagBlock(line)
    }

    /// The JSON object, on one line, without a line end.
    public var json: String {
        var object = JSONObjectText()
        if case .proprietary(let manufacturer) = sentence {
            object.add("type", "PROPRIETARY")
            object.add("manufacturer", manufacturer.description)
        } else {
            object.add("type", sentence.type?.description)
            object.add("talker", sentence.talker?.description)
        }
        if sentence.isDecoded {
            addDecodedValues(to: &object)
        } else {
            addUndecodedValues(to: &object)
        }
        if let tagBlock {
            if let source = tagBlock.source { object.add("tag_source", source) }
            if let time = tagBlock.unixTime { object.add("tag_time", time) }
        }
        return object.json
    }

    /// The JSON line for one input line: the sentence's description, or, when the parser rejects
    /// the line, ``NMEAError/json(line:)`` with `number` (1-based).
    public static func json(line: String, number: Int, parser: NMEAParser = NMEAParser()) -> String {
        do {
            return try NMEASentenceDescription(line: line, parser: parser).json
        } catch {
            return error.json(line: number)
        }
    }

    /// ``json(line:number:parser:)`` for a line given as bytes (any byte values, line end
    /// optional).
    public static func json(lineBytes: some Sequence<UInt8>, number: Int, parser: NMEAParser = NMEAParser()) -> String {
        json(line: Latin1.string(lineBytes), number: number, parser: parser)
    }
}
