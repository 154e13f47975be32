import Foundation
import LodestarInternals
import NMEA

extension TraceSynthesizer {
    /// The sentences of one epoch, in the profile's order, heading last, each written by the NMEA
    /// module's writer for its type.
    func sentences(for epoch: TraceEpoch, talker: Talker, headingTalker: Talker) -> String {
        let profile = specification.receiver
        let fields = UTCCalendar.fields(epoch.time, fractionDigits: 2)
        let time = fields.flatMap {
            TimeOfDay(hour: $0.hour, minute: $0.minute, second: $0.second, nanosecond: $0.fraction * 10_000_000)
        }
        let date = fields.flatMap { CalendarDate(year: $0.year, month: $0.month, day: $0.day) }
        let fix = epoch.hasFix
        let (hdop, vdop, pdop) = dilutions(sigma: epoch.sigma)
        let knots = epoch.reportedSpeed.map { $0 / Self.knot }
        var out = ""
        for sentence in profile.sentences.sorted() {
            switch sentence {
            case .gga:
                var gga = GGA(talker: talker)
                gga.time = time
                gga.latitude = epoch.reported?.latitude
                gga.longitude = epoch.reported?.longitude
                gga.quality = fix ? .gps : .invalid
                gga.satellitesUsed = fix ? 10 : 0
                if fix {
                    gga.hdop = hdop
                    gga.altitudeMSL = epoch.reportedAltitude ?? specification.altitude
                    gga.geoidSeparation = specification.geoidSeparation
                }
                out += gga.text
            case .gsa:
                var gsa = GSA(talker: talker)
                gsa.selectionMode = .automatic
                gsa.fixType = fix ? 3 : 1
                if fix {
                    for id: UInt16 in [2, 5, 7, 9, 13, 15, 18, 20, 26, 29] { gsa.satelliteIDs.append(id) }
                    gsa.pdop = pdop
                    gsa.hdop = hdop
                    gsa.vdop = vdop
                }
                if profile.version == .v41 { gsa.systemID = 1 }
                out += gsa.text
            case .gst:
                guard fix else { continue }
                var gst = GST(talker: talker)
                gst.time = time
                gst.rms = epoch.sigma
                gst.semiMajorSigma = epoch.sigma
                gst.semiMinorSigma = epoch.sigma
                gst.orientation = 0
                gst.latitudeSigma = epoch.sigma
                gst.longitudeSigma = epoch.sigma
                gst.altitudeSigma = epoch.sigma * 1.5
                out += gst.text
            case .rmc:
                var rmc = RMC(talker: talker)
                rmc.time = time
                rmc.status = fix ? .valid : .invalid
                rmc.latitude = epoch.reported?.latitude
                rmc.longitude = epoch.reported?.longitude
                rmc.speedKnots = knots
                rmc.course = epoch.reportedCourse
                rmc.date = date
                rmc.magneticVariation = profile.rmcVariation ? epoch.reportedVariation : nil
                if profile.version != .v21 { rmc.mode = fix ? .autonomous : .notValid }
                if profile.version == .v41 { rmc.navigationalStatus = .notValid }
                out += rmc.text
            case .vtg:
                var vtg = VTG(talker: talker)
                vtg.course = epoch.reportedCourse
                vtg.speedKnots = knots
                vtg.speedKmh = epoch.reportedSpeed.map { $0 * 3.6 }
                if profile.version != .v21 { vtg.mode = fix ? .autonomous : .notValid }
                out += vtg.text
            case .zda:
                var zda = ZDA(talker: talker)
                zda.time = time
                zda.date = date
                zda.zoneHours = 0
                zda.zoneMinutes = 0
                out += zda.text
            }
        }
        switch profile.heading {
        case .none:
            break
        case .hdt:
            if let h = epoch.reportedTrueHeading {
                var hdt = HDT(talker: headingTalker)
                hdt.heading = h
                out += hdt.text
            }
        case .hdg:
            if let m = epoch.reportedMagneticHeading {
                var hdg = HDG(talker: headingTalker)
                hdg.heading = m
                hdg.deviation = specification.deviation
                hdg.variation = epoch.reportedVariation
                out += hdg.text
            }
        case .hdm:
            if let m = epoch.reportedMagneticHeading {
                var hdm = HDM(talker: headingTalker)
                hdm.heading = m
                out += hdm.text
            }
        }
        return out
    }

    /// HDOP, VDOP and PDOP written for a per-axis σ. With the error model they are consistent with
    /// the stated σ over σ_UERE = 5 m (HDOP × σ_UERE = √2 σ, the 2D RMS; VDOP × σ_UERE = 1.5 σ, the
    /// vertical σ); without it, the original figures (HDOP = √2 σ / 3, at least 0.5, VDOP = HDOP,
    /// PDOP = 1.4 HDOP), which the bundled traces were made with.
    func dilutions(sigma: Double) -> (hdop: Double, vdop: Double, pdop: Double) {
        guard specification.errorModel != nil else {
            let hdop = max(0.5, sigma * 2.squareRoot() / 3)
            return (hdop, hdop, hdop * 1.4)
        }
        let hdop = max(0.1, sigma * 2.squareRoot() / TraceErrorModel.userRangeError)
        let vdop = max(0.1, sigma * TraceErrorModel.verticalScale / TraceErrorModel.userRangeError)
        return (hdop, vdop, (hdop * hdop + vdop * vdop).squareRoot())
    }
}
