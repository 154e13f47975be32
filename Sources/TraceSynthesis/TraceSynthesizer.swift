import Foundation
import GeoMagnetism
import Geodesy
import LodestarInternals
import NMEA

/// Makes NMEA 0183 traces with correct checksums, and their ground truth, from a
/// ``TraceSpecification``: the receiver moves along the route's geodesics at the speed profile,
/// and reports positions with seeded Gaussian noise (white, or the Gauss–Markov model of
/// ``TraceErrorModel``), multipath jumps, stops, outages and its profile's sentences.
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
        /// Whether the truth has ``TraceEpoch/extendedCSVColumns``.
        public var extendedTruth: Bool

        /// The ground truth as CSV, with ``TraceEpoch/csvHeader(extended:)``.
        public var truthCSV: String {
            var text = TraceEpoch.csvHeader(extended: extendedTruth) + "\n"
            for epoch in epochs { text += epoch.csvRow(extended: extendedTruth) + "\n" }
            return text
        }
    }

    /// What a streamed synthesis wrote.
    public struct Summary: Sendable, Equatable {
        /// Epochs written, repeats included.
        public var epochs: Int
        /// Epochs written with a fix.
        public var fixes: Int
    }

    public init(_ specification: TraceSpecification) {
        self.specification = specification
    }

    /// The ground truth's CSV header (with the extended columns when the specification has them).
    public var truthHeader: String { TraceEpoch.csvHeader(extended: specification.hasExtendedTruth) }

    /// One epoch's ground-truth CSV row, matching ``truthHeader``.
    public func truthRow(_ epoch: TraceEpoch) -> String { epoch.csvRow(extended: specification.hasExtendedTruth) }

    /// Synthesizes the whole trace in memory (for tests and short traces; ``synthesize(_:)`` streams).
    /// - Throws: ``TraceSpecificationError`` for a specification outside ``TraceLimits``;
    ///   `MagneticModelError` when a magnetic output is asked for outside the WMM's validity.
    public func synthesize() throws -> Trace {
        var nmea = ""
        var epochs: [TraceEpoch] = []
        _ = try synthesize { epoch, block in
            epochs.append(epoch)
            nmea += block
        }
        return Trace(nmea: nmea, epochs: epochs, extendedTruth: specification.hasExtendedTruth)
    }

    /// Synthesizes the trace epoch by epoch, in the order written, handing each epoch and its NMEA
    /// text (CR LF line ends) to `emit`; memory does not grow with the trace's length.
    /// - Throws: ``TraceSpecificationError`` for a specification outside ``TraceLimits``; what
    ///   `emit` throws; `MagneticModelError` when a magnetic output is asked for outside the WMM's
    ///   validity.
    public func synthesize(_ emit: (TraceEpoch, String) throws -> Void) throws -> Summary {
        let spec = specification
        let plan = try spec.plan()
        let timeline = plan.timeline
        let rate = Double(spec.rate)
        var rng = SplitMix64(seed: spec.seed)
        // The error model draws from its own generator, so that the white-noise traces keep their bytes.
        var modelRNG = SplitMix64(seed: spec.seed ^ 0xD1B5_4A32_D192_ED03)
        var gm = spec.errorModel.map { model in
            (0..<3).map { axis in
                GaussMarkov(
                    sigma: model.correlatedSigma * (axis == 2 ? TraceErrorModel.verticalScale : 1),
                    tau: model.correlationTime, step: 1 / rate, initial: modelRNG.gaussian(sigma: 1))
            }
        }
        let jumps = multipathOffsets()
        var pending = pendingReplays(rate: rate)
        var kept: [Int: (TraceEpoch, String)] = [:]
        let keep = Set(pending.map(\.index))
        var summary = Summary(epochs: 0, fixes: 0)
        var lastCourse = timeline.legs.first.map { Angle.normalizedBearing($0.azimuth) } ?? 0
        for k in 0..<plan.count {
            let t = Double(k) / rate
            let time = Date(timeIntervalSince1970: ((spec.start.timeIntervalSince1970 + t) * 100).rounded() / 100)
            let state = timeline.state(at: t)
            if let course = state.course { lastCourse = course }
            let sigma = (spec.sigma(at: t) * 10).rounded() / 10
            let hasFix = spec.hasFix(at: t)
            // Draw every deviate on every epoch, so outages do not shift the noise of later epochs.
            let white = spec.errorModel?.whiteSigma ?? sigma
            let north = rng.gaussian(sigma: white)
            let east = rng.gaussian(sigma: white)
            let speedNoise = rng.gaussian(sigma: spec.dopplerSigma)
            let courseNoise = rng.gaussian(sigma: 1)
            let randomCourse = rng.nextUnit() * 360
            let headingNoise = rng.gaussian(sigma: spec.headingNoise)
            var bias = (north: 0.0, east: 0.0, up: 0.0)
            if let model = spec.errorModel, var processes = gm {
                if k > 0 { for axis in 0..<3 { processes[axis].advance(modelRNG.gaussian(sigma: 1)) } }
                let upWhite = modelRNG.gaussian(sigma: model.whiteSigma * TraceErrorModel.verticalScale)
                bias = (processes[0].value, processes[1].value, processes[2].value + upWhite)
                gm = processes
            }
            let jump = jumps.first { t >= $0.at && t < $0.at + $0.duration }

            var epoch = TraceEpoch(
                time: time, offset: t, coordinate: state.coordinate, speed: state.speed, course: state.course,
                heading: nil, hasFix: hasFix, sigma: sigma, reported: nil, reportedSpeed: nil, reportedCourse: nil,
                reportedTrueHeading: nil, reportedMagneticHeading: nil, reportedVariation: nil, isRepeat: false)
            epoch.altitude = spec.altitude
            if hasFix {
                let noisy = Self.offset(
                    state.coordinate, north: bias.north + north + (jump?.north ?? 0), east: bias.east + east + (jump?.east ?? 0))
                epoch.reported = Coordinate(
                    uncheckedLatitude: SentenceWriter.quantized(noisy.latitude),
                    longitude: SentenceWriter.quantized(noisy.longitude))
                epoch.isMultipath = jump != nil
                if spec.errorModel != nil { epoch.reportedAltitude = ((spec.altitude + bias.up) * 10).rounded() / 10 }
                let speed = state.speed
                let knots = (max(0, speed + speedNoise) / Self.knot * 1000).rounded() / 1000
                epoch.reportedSpeed = knots * Self.knot
                // Course noise is the Doppler noise across the velocity: σ_course = σ_speed / speed radians.
                let courseSigma = Angle.degrees(spec.dopplerSigma / speed)
                let reportedCourse =
                    speed > (spec.errorModel == nil ? 0.5 : 0) && courseSigma < 180
                    ? Angle.normalizedBearing((state.course ?? lastCourse) + courseNoise * courseSigma)
                    : randomCourse
                epoch.reportedCourse = Angle.normalizedBearing((reportedCourse * 10).rounded() / 10)
            }
            var declination: Double?
            if let model = plan.model {
                declination = try model.field(at: state.coordinate, date: time).declination
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
            } else if state.course != nil {
                epoch.heading = state.course
            }
            let block = sentences(for: epoch, talker: plan.talker, headingTalker: plan.headingTalker)
            try emit(epoch, block)
            summary.epochs += 1
            if hasFix { summary.fixes += 1 }
            if keep.contains(k) { kept[k] = (epoch, block) }
            while let replay = pending.first, replay.fire == k {
                pending.removeFirst()
                guard let (original, text) = kept[replay.index] else { continue }
                var repeated = original
                repeated.isRepeat = true
                try emit(repeated, text)
                summary.epochs += 1
                if repeated.hasFix { summary.fixes += 1 }
            }
        }
        return summary
    }

    /// The repeated epochs in the order sent: the epoch index after which each is sent, and the
    /// index of the epoch sent again (the first epoch at or after `at`, less `age`).
    private func pendingReplays(rate: Double) -> [(fire: Int, index: Int)] {
        specification.replays.sorted { $0.at < $1.at }.compactMap { replay in
            // The first k with k / rate + 1e-9 ≥ at (the test the original in-memory loop made).
            // at and age lie in 0…604800 s (checked by the plan), so these conversions cannot trap.
            var fire = max(0, Int(((replay.at - 1e-9) * rate).rounded(.up)))
            while fire > 0, Double(fire - 1) / rate + 1e-9 >= replay.at { fire -= 1 }
            while Double(fire) / rate + 1e-9 < replay.at { fire += 1 }
            let index = fire - Int((replay.age * rate).rounded())
            return index >= 0 ? (fire, index) : nil
        }
    }

    /// The multipath jumps as north and east offsets, metres; a jump without an azimuth gets one
    /// drawn from the seed.
    private func multipathOffsets() -> [(at: Double, duration: Double, north: Double, east: Double)] {
        var rng = SplitMix64(seed: specification.seed ^ 0x6A09_E667_F3BC_C909)
        return specification.multipath.map { jump in
            let drawn = rng.nextUnit() * 360
            let azimuth = Angle.radians(jump.azimuth ?? drawn)
            return (jump.at, jump.duration, jump.metres * cos(azimuth), jump.metres * sin(azimuth))
        }
    }

    /// Metres per second in one knot.
    static let knot = 1852.0 / 3600.0

    private static func round1(_ x: Double) -> Double {
        Angle.normalizedBearing((x * 10).rounded() / 10)
    }

    /// A coordinate moved `north` and `east` metres, with the WGS84 radii of curvature.
    static func offset(_ c: Coordinate, north: Double, east: Double) -> Coordinate {
        let phi = Angle.radians(c.latitude)
        let (meridional, primeVertical) = WGS84.radiiOfCurvature(latitude: phi)
        var latitude = c.latitude + Angle.degrees(north / meridional)
        var longitude = c.longitude + Angle.degrees(east / (primeVertical * max(cos(phi), 1e-9)))
        // Across a pole, come down the other side; across the antimeridian, wrap.
        if latitude > 90 {
            latitude = 180 - latitude
            longitude += 180
        } else if latitude < -90 {
            latitude = -180 - latitude
            longitude += 180
        }
        return Coordinate(uncheckedLatitude: latitude, longitude: Angle.normalizedLongitude(longitude))
    }
}
