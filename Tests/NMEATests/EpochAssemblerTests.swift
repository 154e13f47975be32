import Foundation
import GNSS
import NMEA
import Testing

/// Receiver quirks the assembler handles, each on a real log where one shows it, or on a few
/// sentences whose expected result follows from the calendar.
@Suite("NMEA epoch assembly")
struct EpochAssemblerTests {
    static let utc: Calendar = {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(identifier: "UTC") ?? c.timeZone
        return c
    }()

    static func date(_ y: Int, _ m: Int, _ d: Int, _ h: Int, _ mi: Int, _ s: Int) -> Date? {
        utc.date(from: DateComponents(year: y, month: m, day: d, hour: h, minute: mi, second: s))
    }

    @Test("a GGA-only cycle after midnight gets the next day's date (Foundation's calendar as reference)")
    func midnightRollover() {
        let bytes = TraceSupport.bytes([
            TraceSupport.sentence("GPRMC,235959,A,4807.038,N,01131.000,E,0.0,0.0,311219,,,A"),
            TraceSupport.sentence("GPGGA,235959,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"),
            TraceSupport.sentence("GPGGA,000000,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"),
            TraceSupport.sentence("GPGGA,000001,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"),
        ])
        let epochs = TraceSupport.epochs(bytes)
        #expect(epochs.count == 3)
        let last = Self.date(2019, 12, 31, 23, 59, 59)
        #expect(epochs.map(\.fix.time) == [last, last.map { $0 + 1 }, last.map { $0 + 2 }])
        #expect(
            epochs.map(\.fix.time) == [
                Self.date(2019, 12, 31, 23, 59, 59), Self.date(2020, 1, 1, 0, 0, 0), Self.date(2020, 1, 1, 0, 0, 1),
            ])
    }

    @Test("a GGA before any date has a time of day but no time")
    func noDateYet() {
        let epochs = TraceSupport.epochs(
            TraceSupport.bytes([
                TraceSupport.sentence("GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
            ]))
        #expect(epochs.count == 1)
        #expect(epochs.first?.fix.time == nil)
        #expect(epochs.first?.timeOfDay?.description == "12:35:19")
        #expect(epochs.first?.fix.mode == .threeD)
    }

    @Test(
        "two-digit RMC years pivot at 69: 80 is 1980 (GPS epoch era), 68 is 2068",
        arguments: [("050180", 1980), ("010168", 2068), ("220899", 1999), ("130694", 1994)])
    func twoDigitYears(_ ddmmyy: String, _ year: Int) {
        let epochs = TraceSupport.epochs(
            TraceSupport.bytes([
                TraceSupport.sentence("GPRMC,120000,A,4807.038,N,01131.000,E,0.0,0.0,\(ddmmyy),,,A")
            ]))
        let components = epochs.first?.fix.time.map { Self.utc.component(.year, from: $0) }
        #expect(components == year)
    }

    @Test("u-blox sends NMEA 4.1 navigational status V with valid fixes: it does not make them invalid")
    func ubloxNavigationalStatus() throws {
        let bytes = try TraceSupport.log("ublox-neo-m9n-nmea.log")
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(",A,3806.62964,N,12237.61382,W,0.040,,110720,,,D,V*0E"))
        let epochs = TraceSupport.epochs(bytes)
        #expect(epochs.count == 61)
        #expect(epochs.allSatisfy { $0.fix.mode == .threeD && $0.fix.quality == .dgps })
    }

    @Test("GGA quality 0 with coordinates is no fix (tr737A+ line 13), although gpsd reports one")
    func qualityZero() throws {
        let epochs = TraceSupport.epochs(try TraceSupport.log("tr737A+.log"))
        let epoch = try #require(epochs.first { $0.firstLine <= 13 && $0.lastLine >= 13 })
        #expect(epoch.fix.mode == .noFix)
        #expect(epoch.fix.coordinate == nil)
        #expect(epoch.fix.quality == .invalid)
    }

    @Test("GSA says 2D: the fix is 2D even with a GGA altitude (ublox-lea-4h, 3 satellites)")
    func gsaTwoD() throws {
        let epochs = TraceSupport.epochs(try TraceSupport.log("ublox-lea-4h.log"))
        let epoch = try #require(epochs.first { $0.timeOfDay?.description == "03:08:58" })
        #expect(epoch.fix.mode == .twoD)
        #expect(epoch.fix.altitudeMSL == 516.7)
    }

    @Test("one GSA per constellation: the best fix type counts, satellites add up (NEO-M9N, NMEA 4.1 system ids)")
    func gsaPerConstellation() throws {
        let epochs = TraceSupport.epochs(try TraceSupport.log("ublox-neo-m9n-nmea.log"))
        let first = try #require(epochs.first)
        #expect(first.fix.pdop == 0.99)
        #expect(first.fix.hdop == 0.54)
        #expect(first.fix.vdop == 0.83)
    }

    @Test("GSV: satellites of all constellations, with their systems (NEO-M9N)")
    func satellitesInView() throws {
        let epochs = TraceSupport.epochs(try TraceSupport.log("ublox-neo-m9n-nmea.log"))
        let sats = try #require(epochs.first?.fix.satellitesInView)
        let systems = Set(sats.compactMap(\.system))
        #expect(systems.isSuperset(of: [.gps, .glonass, .galileo, .beidou]))
        #expect(sats.allSatisfy { ($0.elevation ?? 0) >= -90 && ($0.elevation ?? 0) <= 90 })
    }

    @Test("error estimates come from GST when the cycle has one (one sigma, metres)")
    func gstErrors() throws {
        let epochs = TraceSupport.epochs(try TraceSupport.log("ublox-neo-m9n-nmea.log"))
        // $GNGST,223745.00,228650,2.5,2.4,126,0.98,1.0,3.1*41
        let epoch = try #require(epochs.first { $0.timeOfDay?.description == "22:37:45" })
        let e = epoch.fix.errors
        #expect(e.latitude == Uncertainty(0.98, .oneSigma))
        #expect(e.longitude == Uncertainty(1.0, .oneSigma))
        #expect(e.vertical == Uncertainty(3.1, .oneSigma))
        #expect(e.horizontalAccuracy == (0.98 * 0.98 + 1.0).squareRoot())
        #expect(e.verticalAccuracy == 3.1)
    }

    @Test("without GST, error estimates are DOP × the stated user range error")
    func dopErrors() throws {
        let epochs = TraceSupport.epochs(try TraceSupport.log("neo-m8n.log"))
        let epoch = try #require(epochs.first { $0.fix.mode == .threeD })
        let uere = UserRangeError().autonomous
        #expect(epoch.fix.errors.horizontal == Uncertainty(0.91 * uere, .oneSigma))
        #expect(epoch.fix.errors.vertical == Uncertainty(1.27 * uere, .oneSigma))
        #expect(epoch.fix.errors.horizontalAccuracy == 0.91 * uere)
    }

    @Test("HDT gives the true heading (Hemisphere), HDG the magnetic heading with its variation (B&G Zeus)")
    func headings() throws {
        let hemi = TraceSupport.epochs(try TraceSupport.log("hemi.log"))
        #expect(hemi.contains { $0.fix.heading?.trueHeading == 274.07 })
        let zeus = TraceSupport.epochs(try TraceSupport.log("bundg_zeus_9.log"))
        let reading = try #require(zeus.first { $0.fix.heading?.magneticHeading != nil }?.fix.heading)
        #expect(reading.variation == 1.3)
        #expect(reading.trueHeading == nil)
    }

    @Test("a magnetic variation of 0.0 is 'not computed': the fix leaves it unknown (Telit SL869 sends 0.0,W in Sydney)")
    func zeroVariation() throws {
        let epochs = TraceSupport.epochs(try TraceSupport.log("sl869.log"))
        #expect(epochs.contains { $0.fix.hasPosition })
        #expect(epochs.allSatisfy { $0.fix.magneticVariation == nil })
    }

    @Test("empty time fields before the first fix: one epoch per cycle, by repetition (ublox-lea-5q)")
    func timelessCycles() throws {
        let epochs = TraceSupport.epochs(try TraceSupport.log("ublox-lea-5q.log"))
        #expect(epochs.count == 10)
        #expect(epochs.allSatisfy { $0.fix.mode == .noFix && $0.fix.coordinate == nil })
    }

    @Test("a no-fix cycle keeps its time but has no position, speed or error estimate")
    func noFixDropsMeasurements() throws {
        let epochs = TraceSupport.epochs(try TraceSupport.log("magellan-ec10.log"))
        let noFix = epochs.filter { $0.fix.mode == .noFix }
        #expect(!noFix.isEmpty)
        #expect(noFix.allSatisfy { $0.fix.coordinate == nil && $0.fix.speed == nil && $0.fix.errors == ErrorEstimates() })
        #expect(noFix.contains { $0.fix.time != nil })
    }

    @Test("streaming: each epoch is emitted when the next one starts, the last one by finish()")
    func emission() {
        var assembler = EpochAssembler()
        let parser = NMEAParser()
        let lines = [
            "$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6A",
            "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47",
            "$GPGGA,123520,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*4D",
        ]
        var emitted: [NMEAEpoch] = []
        for (i, line) in lines.enumerated() {
            if let s = try? parser.parse(line), let e = assembler.add(s, line: i + 1) { emitted.append(e) }
        }
        #expect(emitted.count == 1)
        #expect(emitted.first?.firstLine == 1 && emitted.first?.lastLine == 2)
        let knot: Double = 1852.0 / 3600.0
        let speed: Double = emitted.first?.fix.speed ?? 0
        #expect(abs(speed - 22.4 * knot) < 1e-12)
        #expect(emitted.first?.fix.magneticVariation == -3.1)
        #expect(assembler.finish()?.firstLine == 3)
        #expect(assembler.finish() == nil)
    }
}
