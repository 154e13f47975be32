import GNSS
import Geodesy
import LodestarInternals

extension EpochBuilder {
    /// The fix mode the cycle's sentences support (see the rules on ``EpochBuilder``).
    var mode: FixMode {
        if saysInvalid || (sawGSA && bestGSAFix == 1) { return .noFix }
        if bestGSAFix >= 2 { return bestGSAFix == 3 ? .threeD : .twoD }
        if latitude != nil {
            let enoughSatellites = (satellitesUsed ?? 4) >= 4
            return altitudeMSL != nil && enoughSatellites ? .threeD : .twoD
        }
        return saysValid ? .noFix : .unknown
    }

    /// Resolves the cycle into an epoch: its fix (see ``fix(date:uere:)``) and where it lies in
    /// the stream.
    mutating func epoch(date: CalendarDate?, uere: UserRangeError) -> NMEAEpoch {
        markUsedSatellites()
        var epoch = NMEAEpoch(
            fix: Fix(), timeOfDay: timeOfDay, firstLine: firstLine,
            lastLine: lastLine, sentenceCount: sentenceCount)
        resolve(into: &epoch.fix, date: date, uere: uere)
        return epoch
    }

    /// Resolves the cycle into `fix`, which is empty. `date` is the cycle's own date or the one
    /// carried over from earlier cycles; `uere` is the error model used when the receiver sends
    /// no GST. (In place: a fix is large, and this runs once per epoch.)
    func resolve(into fix: inout Fix, date: CalendarDate?, uere: UserRangeError) {
        if let date, let t = timeOfDay {
            // A leap second is held at the day's last millisecond (see ``EpochAssembler``).
            let nanoseconds = t.isLeapSecond ? TimeOfDay.leapSecondHold : t.nanosecondsOfDay
            fix.time = UTCCalendar.date(
                year: date.year, month: date.month, day: date.day,
                nanosecondsOfDay: nanoseconds)
        }
        let mode = mode
        fix.mode = mode
        fix.hdop = hdop
        fix.vdop = vdop
        fix.pdop = pdop
        fix.satellitesUsed = satellitesUsed ?? (sawGSA ? gsaSatellites : nil)
        if sawGSV { fix.satellitesInView = satellites }
        if hasHeading { fix.heading = heading }
        fix.magneticVariation = magneticVariation ?? heading.variation

        guard mode >= .twoD else {
            if saysInvalid { fix.quality = .invalid }
            return
        }
        fix.quality = ggaQuality ?? modeQuality ?? .gps
        if let latitude, let longitude {
            fix.coordinate = Coordinate(uncheckedLatitude: latitude, longitude: longitude)
        }
        fix.altitudeMSL = altitudeMSL
        fix.geoidSeparation = geoidSeparation
        if let a = altitudeMSL, let n = geoidSeparation { fix.altitudeHAE = a + n }
        fix.speed = speed
        fix.course = course.map(Angle.normalizedBearing)
        fix.errors = errors(uere: uere, quality: fix.quality)
    }

    /// Marks the cycle's satellites used where a GSA of the cycle names them and they have a
    /// signal (SNR above 0), as gpsd marks them. In place, before the array is shared with the fix.
    mutating func markUsedSatellites() {
        usedPRNs.endCycle()
        if sawGSV { usedPRNs.mark(&satellites) }
    }

    /// GST's one-sigma statistics when the cycle has them; otherwise DOP × UERE.
    func errors(uere: UserRangeError, quality: FixQuality?) -> ErrorEstimates {
        if let gst, gst.latitudeSigma != nil || gst.longitudeSigma != nil || gst.altitudeSigma != nil {
            var e = ErrorEstimates()
            e.latitude = gst.latitudeSigma.map { Uncertainty($0, .oneSigma) }
            e.longitude = gst.longitudeSigma.map { Uncertainty($0, .oneSigma) }
            e.vertical = gst.altitudeSigma.map { Uncertainty($0, .oneSigma) }
            if e.latitude == nil || e.longitude == nil {
                e.horizontal = uere.estimates(hdop: hdop, vdop: nil, quality: quality).horizontal
            }
            if e.vertical == nil { e.vertical = uere.estimates(hdop: nil, vdop: vdop, quality: quality).vertical }
            return e
        }
        return uere.estimates(hdop: hdop, vdop: vdop, quality: quality)
    }
}
