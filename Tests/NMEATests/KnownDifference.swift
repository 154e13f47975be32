/// A way in which gpsd 3.22's output knowingly differs from Lodestar's, with the reason.
///
/// Each rule states which field it covers and checks, from the cycle's own sentences, that the
/// reason really holds for that cycle; a difference no rule explains fails the test.
struct KnownDifference: Sendable {
    let name: String
    let reason: String
    let fields: Set<String>
    let applies: @Sendable (GPSDComparison.Difference) -> Bool

    static let positionFields: Set<String> = ["mode", "lat", "lon", "altMSL", "altHAE", "speed", "track", "magtrack"]

    /// The first rule that explains `d`, if any.
    static func explaining(_ d: GPSDComparison.Difference) -> KnownDifference? {
        all.first { $0.fields.contains(d.field) && $0.applies(d) }
    }

    static let all: [KnownDifference] = [
        KnownDifference(
            name: "sentence rejected for an out-of-range field",
            reason: """
                Lodestar rejects a whole sentence with an out-of-range field (the Telit HE910's RMC \
                year "-1" after the 2019 week rollover); gpsd drops only the bad field and uses the \
                rest of the sentence.
                """,
            fields: positionFields,
            applies: { d in d.reportSentenceBadField != nil && (d.lodestar == nil || d.field == "mode") }),
        KnownDifference(
            name: "gpsd reports a fix the cycle calls invalid",
            reason: """
                gpsd reports a 2D/3D fix (position, altitude, speed) from a cycle in which a \
                sentence says there is none: GGA quality 0 with coordinates, RMC or GLL status V, \
                mode indicator N, GGA with 0 satellites used. Lodestar trusts the invalid flag.
                """,
            fields: positionFields,
            applies: { d in
                d.epoch.fix.mode <= .noFix && d.gpsdMode >= 2 && !d.facts.invalidIndicators.isEmpty
                    && (d.field == "mode" || d.lodestar == nil)
            }),
        KnownDifference(
            name: "gpsd keeps 3D without 3D evidence",
            reason: """
                gpsd reports 3D (kept from an earlier cycle, or from a proprietary Garmin PGRMZ \
                altitude) for a cycle whose own sentences support only 2D: no altitude, a GSA \
                saying 2D, or fewer than four satellites used. Lodestar reports 2D.
                """,
            fields: ["mode"],
            applies: { d in d.lodestar == 2 && d.gpsd == 3 && d.facts.lacks3DEvidence }),
        KnownDifference(
            name: "gpsd takes the altitude from Garmin PGRMZ",
            reason: """
                gpsd reads the altitude of Garmin's proprietary PGRMZ (in feet); Lodestar does not \
                decode proprietary sentences and reports GGA's altitude.
                """,
            fields: ["altMSL", "altHAE"],
            applies: { d in d.facts.proprietary.contains("GRMZ") }),
        KnownDifference(
            name: "gpsd fills the geoid separation from its own model",
            reason: """
                When GGA gives no geoid separation, gpsd computes one from its built-in geoid model \
                and reports altHAE; Lodestar leaves the ellipsoid height unknown.
                """,
            fields: ["altHAE"],
            applies: { d in d.lodestar == nil && !d.facts.hasGeoidSeparation && d.epoch.fix.altitudeMSL != nil }),
        KnownDifference(
            name: "gpsd derives speed and track from successive positions",
            reason: """
                When a cycle reports no speed or course, gpsd computes them from the distance to \
                the previous fix; Lodestar reports only what the receiver measured.
                """,
            fields: ["speed", "track"],
            applies: { d in
                d.lodestar == nil && (d.field == "speed" ? !d.facts.hasSpeed : !d.facts.hasCourse)
            }),
        KnownDifference(
            name: "gpsd gives no time without a fix",
            reason: "gpsd leaves out the time of a cycle without a fix; Lodestar reports the receiver's time.",
            fields: ["time"],
            applies: { d in d.gpsd == nil && d.lodestar != nil && d.epoch.fix.mode <= .noFix }),
        KnownDifference(
            name: "gpsd takes no date from an RMC with status V",
            reason: """
                gpsd ignores the date of an RMC whose status is V (some MediaTek receivers send \
                bogus dates then), so it has no time until a valid RMC or ZDA; Lodestar uses the \
                date as sent.
                """,
            fields: ["time"],
            applies: { d in d.gpsd == nil && d.lodestar != nil && d.dateFromInvalidRMC }),
        KnownDifference(
            name: "gpsd repeats the previous cycle's time",
            reason: """
                For a cycle whose sentences carry no time (Hemisphere's GGA without time between \
                ZDAs), gpsd reports the time of the previous cycle; Lodestar leaves the time unknown.
                """,
            fields: ["time"],
            applies: { d in
                guard d.lodestar == nil, let g = d.gpsd, let p = d.previousTime else { return false }
                return abs(p.timeIntervalSince1970 - g) < 0.0005
            }),
        KnownDifference(
            name: "gpsd routes HDG into the magnetic track",
            reason: """
                gpsd 3.22 puts the heading of an HDG sentence (a compass: where the bow points) \
                into the TPV's magtrack (the direction of motion) and misreads HDG's deviation and \
                variation fields. Lodestar keeps HDG as a heading reading and writes magtrack = \
                course − variation.
                """,
            fields: ["magtrack"],
            applies: { d in d.facts.hasHDG }),
        KnownDifference(
            name: "gpsd adds the magnetic variation to the track",
            reason: """
                gpsd 3.22 computes magtrack = track + magvar (east positive), the wrong sign: a \
                course of 230.5° true with 1.4° E variation is 229.1° magnetic. Lodestar writes \
                course − variation.
                """,
            fields: ["magtrack"],
            applies: { d in
                guard let l = d.lodestar, let g = d.gpsd, let c = d.epoch.fix.course,
                    let v = d.epoch.fix.magneticVariation
                else { return false }
                return abs(Angle360.difference(l, c - v)) < 1e-6 && abs(Angle360.difference(g, c + v)) < 1e-3
            }),
        KnownDifference(
            name: "gpsd takes magtrack from VTG's magnetic course",
            reason: """
                gpsd writes VTG's magnetic course field as magtrack (Garmin 17N: 222, an integer); \
                Lodestar computes it from the true course and RMC's variation (226 − 4.2 = 221.8).
                """,
            fields: ["magtrack"],
            applies: { d in
                guard let g = d.gpsd, let m = d.facts.vtgMagneticCourse else { return false }
                return abs(Angle360.difference(g, m)) < 1e-3
            }),
        KnownDifference(
            name: "gpsd reads an empty GGA quality as no fix",
            reason: """
                A GGA whose quality field is empty (Myguide 3100) is a no-fix for gpsd; for \
                Lodestar an empty field is unknown, so the cycle's other sentences decide (here \
                only the GGA had been seen when gpsd reported).
                """,
            fields: positionFields,
            applies: { d in d.facts.ggaQualityEmpty && d.gpsdMode == 1 && (d.field == "mode" || d.gpsd == nil) }),
        KnownDifference(
            name: "gpsd's magnetic track from its own variation model",
            reason: """
                When the receiver gives no magnetic variation (or 0.0, which receivers without a \
                magnetic model send), gpsd takes one from its own model and reports magtrack (with \
                the sign error above); Lodestar writes no magtrack without a variation from the \
                receiver (the World Magnetic Model belongs to the heading logic, not the decoder).
                """,
            fields: ["magtrack"],
            applies: { d in d.lodestar == nil && !d.facts.hasVariation }),
    ]
}
