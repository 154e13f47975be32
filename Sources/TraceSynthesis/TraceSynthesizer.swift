import Foundation
import GeoMagnetism
import Geodesy
import LodestarInternals
import NMEA

/// Makes NMEA 0183 traces with correct checksums, and their ground truth, from a
/// ``TraceSpecification``: the receiver moves along the route's geodesics at the speed profile,
/// and reports positions with seeded Gaussian noise, outages and its profile's sentences.
///
/// Deterministic: the same specification (and seed) gives the same bytes on every platform.
/// Magnetic headings use the World Magnetic Model 2025 at the true position and time, so the start
/// time must lie in 2025.0–2030.0 when the profile sends HDG, HDM or RMC variation.
public struct TraceSynthesizer: Sendable {
    /// The specification.
    public let specification: TraceSpecification

    /// A synthesized trace: the NMEA text and its epochs (the ground truth).
    public struct Trace: Sendable {
        /// The NMEA 0183 text, CR LF line ends.
        public var nmea: String
        /// The epochs, in the order written (a repeated epoch appears where it was sent again).
        public var epochs: [TraceEpoch]

        /// The ground truth as CSV, with ``TraceEpoch/csvHeader``.
        public var truthCSV: String {
            var text = TraceEpoch.csvHeader + "\n"
            for epoch in epochs { text += epoch.csvRow + "\n" }
            return text
        }
    }

    private struct Leg {
        var start: Coordinate
        var azimuth: Double
        var length: Double
        var speed: Double
        var startTime: Double
        var duration: Double { length / speed }
    }

    public init(_ specification: TraceSpecification) {
        self.specification = specification
    }

    /// Synthesizes the trace.
    /// - Throws: ``TraceSpecificationError`` for an empty route, bad speeds or rate;
    ///   `MagneticModelError` when a magnetic output is asked for outside the WMM's validity.
    public func synthesize() throws -> Trace {
        let spec = specification
        guard let first = spec.waypoints.first else { throw TraceSpecificationError.noWaypoints }
        guard spec.rate == 1 || spec.rate == 10 else { throw TraceSpecificationError.badRate(spec.rate) }
        let legCount = spec.waypoints.count - 1
        guard spec.speeds.count == 1 || spec.speeds.count == legCount else {
            throw TraceSpecificationError.badSpeeds("give one speed, or one per leg (\(legCount))")
        }
        guard spec.speeds.allSatisfy({ $0 > 0 && $0.isFinite }) else {
            throw TraceSpecificationError.badSpeeds("speeds must be positive metres per second")
        }
        guard spec.noise >= 0, spec.holdStart >= 0, spec.holdEnd >= 0, spec.coldStart >= 0 else {
            throw TraceSpecificationError.badValue("noise and durations must not be negative")
        }
        var legs: [Leg] = []
        var clock = spec.holdStart
        for i in 0..<legCount {
            let inverse = Geodesic.wgs84.inverse(from: spec.waypoints[i], to: spec.waypoints[i + 1])
            let speed = spec.speeds.count == 1 ? spec.speeds[0] : spec.speeds[i]
            let leg = Leg(start: spec.waypoints[i], azimuth: inverse.initialAzimuth, length: inverse.distance,
                          speed: speed, startTime: clock)
            legs.append(leg)
            clock += leg.duration
        }
        let total = clock + spec.holdEnd
        let count = Int((total * Double(spec.rate) + 1e-9).rounded(.down)) + 1
        let needsModel = spec.receiver.heading == .hdg || spec.receiver.heading == .hdm || spec.receiver.rmcVariation
        let model = needsModel ? try WorldMagneticModel.wmm2025 : nil
        guard let talker = Talker(spec.receiver.talker), let headingTalker = Talker(spec.receiver.headingTalker) else {
            throw TraceSpecificationError.badValue("a talker is two characters from A-Z and 0-9")
        }

        var rng = SplitMix64(seed: spec.seed)
        var epochs: [TraceEpoch] = []
        var originals: [TraceEpoch] = []
        var blocks: [String] = []
        epochs.reserveCapacity(count)
        originals.reserveCapacity(count)
        blocks.reserveCapacity(count)
        var nmea = ""
        var lastCourse = legs.first.map { Angle.normalizedBearing($0.azimuth) } ?? 0
        var pendingReplays = spec.replays.sorted { $0.at < $1.at }
        for k in 0..<count {
            let t = Double(k) / Double(spec.rate)
            let time = Date(timeIntervalSince1970: ((spec.start.timeIntervalSince1970 + t) * 100).rounded() / 100)
            let (position, speed, course) = state(at: t, legs: legs, first: first)
            if let course { lastCourse = course }
            let sigma = (spec.sigma(at: t) * 10).rounded() / 10
            let hasFix = spec.hasFix(at: t)
            // Draw every deviate on every epoch, so outages do not shift the noise of later epochs.
            let north = rng.gaussian(sigma: sigma), east = rng.gaussian(sigma: sigma)
            let speedNoise = rng.gaussian(sigma: 0.05)
            let courseNoise = rng.gaussian(sigma: 1), randomCourse = rng.nextUnit() * 360
            let headingNoise = rng.gaussian(sigma: spec.headingNoise)

            var epoch = TraceEpoch(
                time: time, offset: t, coordinate: position, speed: speed, course: course, heading: nil,
                hasFix: hasFix, sigma: sigma, reported: nil, reportedSpeed: nil, reportedCourse: nil,
                reportedTrueHeading: nil, reportedMagneticHeading: nil, reportedVariation: nil, isRepeat: false)
            if hasFix {
                let noisy = Self.offset(position, north: north, east: east)
                epoch.reported = Coordinate(
                    uncheckedLatitude: SentenceWriter.quantized(noisy.latitude),
                    longitude: SentenceWriter.quantized(noisy.longitude))
                let knots = (max(0, speed + speedNoise) / Self.knot * 1000).rounded() / 1000
                epoch.reportedSpeed = knots * Self.knot
                let reportedCourse = speed > 0.5
                    ? Angle.normalizedBearing((course ?? lastCourse) + courseNoise * Angle.degrees(0.05 / speed))
                    : randomCourse
                epoch.reportedCourse = Angle.normalizedBearing((reportedCourse * 10).rounded() / 10)
            }
            var declination: Double?
            if let model {
                declination = try model.field(at: position, date: time).declination
                epoch.reportedVariation = declination.map { ($0 * 10).rounded() / 10 }
            }
            if spec.receiver.heading != .none {
                let heading = Angle.normalizedBearing(lastCourse + spec.headingOffset)
                epoch.heading = heading
                let sensed = Angle.normalizedBearing(heading + headingNoise)
                switch spec.receiver.heading {
                case .hdt:
                    epoch.reportedTrueHeading = Self.round1(sensed)
                case .hdg, .hdm:
                    let magnetic = sensed - (declination ?? 0) - (spec.receiver.heading == .hdg ? spec.deviation ?? 0 : 0)
                    epoch.reportedMagneticHeading = Self.round1(Angle.normalizedBearing(magnetic))
                case .none:
                    break
                }
                // HDM carries no variation; only RMC can have written one.
                if spec.receiver.heading == .hdm, !spec.receiver.rmcVariation { epoch.reportedVariation = nil }
            } else if course != nil {
                epoch.heading = course
            }
            let block = sentences(for: epoch, talker: talker, headingTalker: headingTalker)
            epochs.append(epoch)
            originals.append(epoch)
            blocks.append(block)
            nmea += block
            while let replay = pendingReplays.first, replay.at <= t + 1e-9 {
                pendingReplays.removeFirst()
                let index = k - Int((replay.age * Double(spec.rate)).rounded())
                guard index >= 0 else { continue }
                var repeated = originals[index]
                repeated.isRepeat = true
                epochs.append(repeated)
                nmea += blocks[index]
            }
        }
        return Trace(nmea: nmea, epochs: epochs)
    }

    /// Metres per second in one knot.
    static let knot = 1852.0 / 3600.0

    private static func round1(_ x: Double) -> Double {
        Angle.normalizedBearing((x * 10).rounded() / 10)
    }

    /// Where the receiver truly is `t` seconds from the start: position, speed, course.
    private func state(at t: Double, legs: [Leg], first: Coordinate) -> (Coordinate, Double, Double?) {
        guard let firstLeg = legs.first, t >= firstLeg.startTime else { return (first, 0, nil) }
        for leg in legs where t < leg.startTime + leg.duration {
            let s = (t - leg.startTime) * leg.speed
            if s == 0 { return (leg.start, leg.speed, Angle.normalizedBearing(leg.azimuth)) }
            if let direct = try? Geodesic.wgs84.direct(from: leg.start, azimuth: leg.azimuth, distance: s) {
                return (direct.coordinate, leg.speed, direct.finalBearing)
            }
        }
        return (specification.waypoints[specification.waypoints.count - 1], 0, nil)
    }

    /// A coordinate moved `north` and `east` metres, with the WGS84 radii of curvature.
    static func offset(_ c: Coordinate, north: Double, east: Double) -> Coordinate {
        let phi = Angle.radians(c.latitude)
        let (meridional, primeVertical) = WGS84.radiiOfCurvature(latitude: phi)
        return Coordinate(
            uncheckedLatitude: c.latitude + Angle.degrees(north / meridional),
            longitude: c.longitude + Angle.degrees(east / (primeVertical * max(cos(phi), 1e-9))))
    }

    /// The sentences of one epoch, in the profile's order, heading last, each written by the NMEA
    /// module's writer for its type.
    private func sentences(for epoch: TraceEpoch, talker: Talker, headingTalker: Talker) -> String {
        let profile = specification.receiver
        let fields = UTCCalendar.fields(epoch.time, fractionDigits: 2)
        let time = fields.flatMap {
            TimeOfDay(hour: $0.hour, minute: $0.minute, second: $0.second, nanosecond: $0.fraction * 10_000_000)
        }
        let date = fields.flatMap { CalendarDate(year: $0.year, month: $0.month, day: $0.day) }
        let fix = epoch.hasFix
        let hdop = max(0.5, epoch.sigma * 2.squareRoot() / 3)
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
                    gga.altitudeMSL = specification.altitude
                    gga.geoidSeparation = specification.geoidSeparation
                }
                out += gga.text
            case .gsa:
                var gsa = GSA(talker: talker)
                gsa.selectionMode = .automatic
                gsa.fixType = fix ? 3 : 1
                if fix {
                    for id: UInt16 in [2, 5, 7, 9, 13, 15, 18, 20, 26, 29] { gsa.satelliteIDs.append(id) }
                    gsa.pdop = hdop * 1.4
                    gsa.hdop = hdop
                    gsa.vdop = hdop
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
}
