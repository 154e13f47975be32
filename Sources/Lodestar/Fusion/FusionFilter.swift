import Foundation
import GNSS
import Geodesy
import LodestarInternals

/// The fusion filter: fixes in, fused or dead-reckoned estimates out. Pure, synchronous and
/// deterministic; the same fixes give the same estimates.
///
/// Three ``AxisFilter``s (east, north, up) in a local tangent frame whose origin is the first fix
/// (moved when the receiver is more than 5 km from it). Each fix enters with its own stated
/// accuracy (GST's per-axis sigmas, else HDOP × σ_UERE, as docs/nmea-error-model.md states), of
/// which ``correlatedFraction`` of the variance is taken as the Gauss–Markov error with time
/// constant ``timeConstant``; Doppler speed and course enter as a velocity measurement; altitude
/// with its vertical accuracy. On top of the filter:
/// - stationary: a Doppler speed below the profile's threshold (or below the fixes' own stated
///   sigma, when they are more precise) for ``stillEpochs`` epochs holds the velocity at zero (a
///   zero-velocity update each epoch, no acceleration noise); one epoch well above it, two above
///   it, or a rejected fix within the distance the recent Doppler speed covered leave the stop;
/// - adaptive noise: the stated variances are scaled by a λ learnt from the innovations, one λ
///   for each kind of fix (RTK fixed, RTK float, differential, autonomous);
/// - outliers: a fix whose innovation's Mahalanobis distance exceeds the 99.9% point of χ² with
///   two degrees of freedom is rejected (between the 95% and 99.9% points it is down-weighted); a
///   position that stays outside for ``outlierPatience`` is taken as a real jump and the filter
///   restarts there;
/// - outages: a fix without a position is dead-reckoned from the last velocity for at most the
///   maximum dead-reckoning time, with the covariance growing as the model says; after an outage
///   of ``reacquireAfter`` or more the filter starts again at the first fix when it lies within
///   the dead-reckoned circle, or else at the ``reacquireRun``-th of a run of fixes that agree
///   with each other and with their Doppler velocities.
/// See docs/fusion.md.
package struct FusionFilter: Sendable {
    /// The Gauss–Markov time constant of the receiver's correlated error, seconds.
    package static let timeConstant = 30.0
    /// The fraction of a fix's stated variance that is correlated over ``timeConstant``.
    package static let correlatedFraction = 0.9
    /// Epochs below the stationary speed before the receiver is taken to be still.
    package static let stillEpochs = 3
    /// How long a position may stay outside the gate before the filter believes it, seconds, when
    /// the filter had no Doppler velocity to coast on.
    package static let outlierPatience = 8.0
    /// The same while coasting on a Doppler velocity: longer than the 20 s a reflection may last.
    package static let reflectionPatience = 25.0
    /// An outage at least this long (seconds) ends with the filter started again at the first fix.
    package static let reacquireAfter = 3.0
    /// Fixes outside the gate after such an outage that, agreeing with each other and with their
    /// Doppler velocities, are believed (the filter starts again at the last of them).
    package static let reacquireRun = 3
    /// The span of the running mean that scales the receiver's stated variances, seconds.
    package static let adaptationWindow = 60.0
    /// The lowest stationary speed the fixes' own precision sets, m/s: below it a receiver's
    /// Doppler speed at rest is its noise (a few centimetres a second for a good receiver).
    static let visibleMotionFloor = 0.05
    /// The gates: χ²₂ at 95% (down-weight beyond) and 99.9% (reject beyond).
    static let softGate = 5.991, hardGate = 13.816
    /// Doppler speed noise assumed when the fix states none (NMEA never does), m/s (one sigma):
    /// what current receivers' data sheets give for their velocity accuracy.
    static let defaultSpeedSigma = 0.05
    /// Horizontal accuracy assumed when a fix states none, metres (68% radius).
    static let defaultHorizontalAccuracy = 10.0

    let profile: ActivityProfile
    let maximumDeadReckoning: Double

    private var origin: Origin?
    private var east = AxisFilter(position: 0, variance: 1, correlated: Self.correlatedFraction, velocity: 0, velocityVariance: 1)
    private var north = AxisFilter(
        position: 0, variance: 1, correlated: Self.correlatedFraction, velocity: 0, velocityVariance: 1)
    private var up: AxisFilter?
    private var lastTime: Date?
    private var lastMeasurement: Date?
    private var correlatedVariance = (east: 1.0, north: 1.0, up: 1.0)
    private(set) var isStationary = false
    private var slow = 0, fast = 0
    private var outsideSince: Date?
    /// Whether an epoch of the current run of rejected fixes had no Doppler velocity to coast on.
    private var outsideWithoutDoppler = false
    /// A run of fixes outside the gate that began with the first fix after an outage of
    /// ``reacquireAfter`` or more: how many agree with each other and with their Doppler
    /// velocities, and the last of them (local position, velocity, time).
    private var reacquiring: (count: Int, east: Double, north: Double, velocity: (east: Double, north: Double), time: Date)?
    /// λ: the scale of the receiver's stated variances learnt from the innovations (1: as stated).
    private var noiseScale = 1.0
    /// λ of each kind of fix (``NoiseClass``): an RTK receiver overstates its float solution's
    /// error and understates its fixed one's, and switches between them every few seconds.
    private var noiseScales = (rtkFixed: 1.0, rtkFloat: 1.0, differential: 1.0, autonomous: 1.0)
    /// The kind of fix whose λ ``noiseScale`` holds.
    private var noiseClass = NoiseClass.autonomous
    /// k: the share of the stated variance that is the slowly varying (Gauss–Markov) error, learnt
    /// from how much consecutive fixes scatter about the Doppler displacement (``learnWhiteNoise``).
    private var correlated = Self.correlatedFraction
    /// The running mean of the white noise variance per axis (m²) and the weight behind it.
    private var whiteNoise = (variance: 0.0, weight: 0.0)
    /// The last fix used for it: local position (m), Doppler velocity (m/s) and time.
    private var previousFix: (east: Double, north: Double, ve: Double, vn: Double, time: Date)?
    /// The distance the Doppler speed covered in each of the last three epochs (metres, newest
    /// last): what a receiver held still may have moved, to tell it from a reflection.
    private var recentTravel = (0.0, 0.0, 0.0)
    /// Every epoch's prior and posterior, when recording for ``TrackSmoother`` (nil: not recording).
    var records: [FusionRecord]?
    /// Set when a measurement update started the filter again (a jump believed): no link back.
    private var restartedInUpdate = false
    /// The origin shift of the current epoch (``recentre()``), east and north, metres.
    private var epochShift = (east: 0.0, north: 0.0)
    /// When the filter last started again at the first fix after an outage (nil otherwise).
    private var reacquiredAt: Date?
    /// Where the location is held while the receiver is still (east, north), metres.
    private var held: (east: Double, north: Double)?

    /// - Parameter fusion: the profile and the dead-reckoning limit (must be enabled).
    package init(_ fusion: Fusion) {
        profile = fusion.activity.profile
        maximumDeadReckoning = fusion.maximumDeadReckoning.seconds
    }

    /// The local frame: an origin on the ellipsoid and its metres per radian.
    private struct Origin: Sendable {
        var latitude: Double, longitude: Double  // radians
        var metresPerRadianNorth: Double, metresPerRadianEast: Double

        init(_ c: Coordinate) {
            latitude = c.latitude * .pi / 180
            longitude = c.longitude * .pi / 180
            let (m, n) = WGS84.radiiOfCurvature(latitude: latitude)
            metresPerRadianNorth = m
            metresPerRadianEast = n * cos(latitude)
        }

        func local(_ c: Coordinate) -> (east: Double, north: Double) {
            var dLon = c.longitude * .pi / 180 - longitude
            if dLon > .pi { dLon -= 2 * .pi } else if dLon < -.pi { dLon += 2 * .pi }
            return (dLon * metresPerRadianEast, (c.latitude * .pi / 180 - latitude) * metresPerRadianNorth)
        }

        func coordinate(east: Double, north: Double) -> Coordinate {
            Coordinate(
                uncheckedLatitude: (latitude + north / metresPerRadianNorth) * 180 / .pi,
                longitude: (longitude + east / max(metresPerRadianEast, 1)) * 180 / .pi)
        }
    }

    /// The state in one line (local position and velocity, correlated error, k, λ, stillness),
    /// for the ensemble's `--trace`.
    package var stateDescription: String {
        String(
            format: "p %.2f %.2f v %.2f %.2f b %.2f %.2f k %.2f λ %.2f still %d", east.p, north.p, east.v, north.v, east.b,
            north.b, correlated, noiseScale, isStationary ? 1 : 0)
    }

    /// Appends this epoch's record (``records``).
    private mutating func record(
        time: Date, prior: (east: AxisSnapshot, north: AxisSnapshot)?, dt: Double, shift: (east: Double, north: Double),
        deadReckoned: Bool
    ) {
        guard let origin else { return }
        records?.append(
            FusionRecord(
                time: time, prior: prior, posterior: (east.snapshot, north.snapshot), dt: dt,
                phi: exp(-dt / Self.timeConstant), shift: shift,
                origin: (origin.latitude, origin.longitude, origin.metresPerRadianNorth, origin.metresPerRadianEast),
                isDeadReckoned: deadReckoned, isRejected: !deadReckoned && outsideSince != nil, isStationary: isStationary))
    }

    /// The coordinate of a point of a record's frame.
    static func coordinate(
        of origin: (latitude: Double, longitude: Double, north: Double, east: Double), east: Double, north: Double
    ) -> Coordinate {
        Coordinate(
            uncheckedLatitude: (origin.latitude + north / origin.north) * 180 / .pi,
            longitude: Angle.normalizedLongitude((origin.longitude + east / max(origin.east, 1)) * 180 / .pi))
    }

    /// Forgets everything: the next fix starts the filter again.
    package mutating func reset() {
        self = FusionFilter(profile: profile, maximumDeadReckoning: maximumDeadReckoning)
    }

    private init(profile: ActivityProfile, maximumDeadReckoning: Double) {
        self.profile = profile
        self.maximumDeadReckoning = maximumDeadReckoning
    }

    /// Fuses a fix that has a position (`location`, the raw location of `fix`) at `time`.
    package mutating func fuse(_ fix: UnsafePointer<Fix>, raw location: Location, time: Date) -> FusedEstimate {
        let stated = Self.horizontalSigmas(fix.pointee.errors, location.horizontalAccuracy)
        selectNoiseScale(NoiseClass(fix.pointee.quality))
        let scale = noiseScale.squareRoot()
        let hSigma = (east: stated.east * scale, north: stated.north * scale)
        let velocity = Self.velocity(fix)
        // After an outage the dead-reckoned position has grown far less certain than a fix: the
        // first fix is believed outright (with its Doppler velocity), which is what the Kalman
        // update would nearly do, without leaving the error to the correlated-error state.
        if let origin, let last = lastTime, let measured = lastMeasurement,
            time.timeIntervalSince(measured) <= maximumDeadReckoning,
            time.timeIntervalSince(measured) < Self.reacquireAfter
                || !agreesWithDeadReckoning(origin.local(location.coordinate), sigmas: hSigma, dt: time.timeIntervalSince(last))
        {
            let dt = time.timeIntervalSince(last)
            var z = origin.local(location.coordinate)
            updateStillness(speed: velocity?.speed, stated: stated)
            // The Doppler velocity of this epoch says how much the velocity changed over the
            // interval (a turn, a stop, a start): that change is the interval's acceleration
            // (see ``AxisFilter/predict``), so the velocity update below moves the position with
            // the mean of the two epochs' velocities. When the change was abrupt, it happened at
            // an unknown instant within the interval: uniform over it, that leaves the position off
            // by |Δv| Δt (u − ½), of variance (Δv Δt)² / 12, added after the velocity update.
            // A change within the noise of the two velocities compared (the filter's and the
            // Doppler's, χ²₂ below its 95% point) is no evidence of an acceleration: it is left
            // to the Kalman update. With a Doppler velocity vector measured, the interval's
            // acceleration is that change, and no white acceleration is added on top of it.
            var change = (east: 0.0, north: 0.0)
            let doppler = velocity.map { $0.course != nil } ?? false
            if dt > 0, let velocity, !isStationary {
                let (ve, vn) = velocity.components
                change = (ve - east.v, vn - north.v)
                let d2 =
                    change.east * change.east / (east.vv + velocity.variance)
                    + change.north * change.north / (north.vv + velocity.variance)
                if d2 < Self.softGate { change = (0, 0) }
            }
            if dt > 0 { predict(dt, change: change, measured: doppler, blind: velocity == nil) }
            var prior = records == nil ? nil : (east: east.snapshot, north: north.snapshot)
            // The abrupt change's (Δv Δt)² / 12, added to the filter after the velocity update
            // below, is process noise that the transition does not carry: the smoother's prior
            // includes it. Without it the backward pass takes the track between two turns as
            // exactly the integral of the velocity, and a long trace's positions drift into the
            // correlated-error state (the committed city drive smoothed to 8.1 m RMS, 2 × raw).
            if dt > 0, prior != nil {
                prior?.east.covariance.m00 += change.east * change.east * dt * dt / 12
                prior?.north.covariance.m00 += change.north * change.north * dt * dt / 12
            }
            epochShift = (0, 0)
            restartedInUpdate = false
            setCorrelated(hSigma, vertical: location.verticalAccuracy)
            applyVelocity(velocity)
            if dt > 0 {
                let k = dt * dt / 12
                east.inflatePosition(by: change.east * change.east * k)
                north.inflatePosition(by: change.north * change.north * k)
            }
            if abs(east.p) > 5_000 || abs(north.p) > 5_000 {
                recentre()
                z = self.origin.map { $0.local(location.coordinate) } ?? z
                previousFix = nil
                reacquiring = nil
            }
            learnWhiteNoise(z, velocity: velocity, time: time, stated: stated)
            recentTravel = (recentTravel.1, recentTravel.2, (velocity?.speed ?? 0) * max(dt, 0))
            let afterOutage = time.timeIntervalSince(measured) >= Self.reacquireAfter
            applyPosition(z, sigmas: hSigma, time: time, dt: dt, location: location, velocity: velocity, afterOutage: afterOutage)
            applyAltitude(location.altitude, sigma: location.verticalAccuracy)
            if records != nil {
                record(time: time, prior: restartedInUpdate ? nil : prior, dt: dt, shift: epochShift, deadReckoned: false)
            }
        } else {
            let previous = origin
            let linked = previous != nil && lastMeasurement.map { time.timeIntervalSince($0) <= maximumDeadReckoning } == true
            // The smoother links a re-acquisition to the dead-reckoned prediction before it.
            var prior: (east: AxisSnapshot, north: AxisSnapshot)?
            var dt = 0.0
            if records != nil, linked, let last = lastTime {
                dt = max(time.timeIntervalSince(last), 0)
                let (e, n) = deadReckoned(dt)
                prior = (e.snapshot, n.snapshot)
            }
            start(at: location, sigmas: hSigma, velocity: velocity)
            reacquiredAt = previous != nil ? time : nil
            updateStillness(speed: velocity?.speed, stated: stated)
            if records != nil {
                let shift = previous.map { $0.local(location.coordinate) } ?? (0, 0)
                record(time: time, prior: linked ? prior : nil, dt: dt, shift: shift, deadReckoned: false)
            }
        }
        lastTime = time
        lastMeasurement = time
        return estimate(deadReckoned: false)
    }

    /// Dead-reckons to `time` when a fix has no position; nil once the outage is longer than the
    /// maximum dead-reckoning time, or before any fix.
    package mutating func deadReckon(to time: Date) -> FusedEstimate? {
        guard origin != nil, let last = lastTime, let measured = lastMeasurement else { return nil }
        guard time.timeIntervalSince(measured) <= maximumDeadReckoning else { return nil }
        let dt = time.timeIntervalSince(last)
        // Without a Doppler speed nothing says the receiver is still there: a stop may end in
        // the tunnel. The velocity stays where it was; its uncertainty grows as the activity allows.
        if isStationary {
            isStationary = false
            slow = 0
        }
        if dt > 0 {
            predict(dt, blind: true)
            lastTime = time
        }
        if records != nil {
            let now = (east: east.snapshot, north: north.snapshot)
            record(time: time, prior: now, dt: max(dt, 0), shift: (0, 0), deadReckoned: true)
        }
        return estimate(deadReckoned: true)
    }

    /// Whether a fix at `z` (local metres) after an outage lies within the hard gate of the
    /// position dead-reckoned `dt` seconds further: if not, it is handled as any disagreeing fix
    /// (a reflection at the tunnel's mouth is not believed outright).
    private func agreesWithDeadReckoning(_ z: (east: Double, north: Double), sigmas: (east: Double, north: Double), dt: Double)
        -> Bool
    {
        let (e, n) = deadReckoned(dt)
        let (ye, se) = e.positionInnovation(z.east, whiteVariance: sigmas.east * sigmas.east)
        let (yn, sn) = n.positionInnovation(z.north, whiteVariance: sigmas.north * sigmas.north)
        return ye * ye / se + yn * yn / sn <= Self.hardGate
    }

    /// The horizontal axes dead-reckoned `dt` seconds further (the state is not changed): what an
    /// outage's prediction says at the first fix after it.
    private func deadReckoned(_ dt: Double) -> (east: AxisFilter, north: AxisFilter) {
        var e = east
        var n = north
        if dt > 0 {
            let tau = Self.timeConstant
            let q = profile.manoeuvre
            e.predict(dt: dt, acceleration: q, timeConstant: tau, correlatedVariance: correlatedVariance.east, stationary: false)
            n.predict(dt: dt, acceleration: q, timeConstant: tau, correlatedVariance: correlatedVariance.north, stationary: false)
        }
        return (e, n)
    }

    // MARK: Steps

    private mutating func start(at location: Location, sigmas: (east: Double, north: Double), velocity: Velocity?) {
        let o = Origin(location.coordinate)
        origin = o
        let v = velocity?.components ?? (east: 0, north: 0)
        let vVar = velocity.map { $0.variance } ?? 100
        east = AxisFilter(
            position: 0, variance: sigmas.east * sigmas.east, correlated: correlated,
            velocity: v.east, velocityVariance: vVar)
        north = AxisFilter(
            position: 0, variance: sigmas.north * sigmas.north, correlated: correlated,
            velocity: v.north, velocityVariance: vVar)
        if let altitude = location.altitude {
            let sv = location.verticalAccuracy ?? 2 * sigmas.north
            up = AxisFilter(
                position: altitude, variance: sv * sv, correlated: Self.correlatedFraction,
                velocity: 0, velocityVariance: 1)
        } else {
            up = nil
        }
        setCorrelated(sigmas, vertical: location.verticalAccuracy)
        isStationary = false
        slow = 0
        fast = 0
        outsideSince = nil
    }

    /// Propagates over `dt` seconds; `change` is the change of velocity (east, north, m/s) the
    /// new Doppler measurement shows over the interval, zero when dead-reckoning. `measured`: the
    /// epoch has a Doppler velocity vector, which tells the interval's change of velocity, so the
    /// horizontal axes take no white acceleration (the profile's `q` is for intervals without
    /// one: dead reckoning, a receiver that sends no speed or course, a crawl without a course).
    /// `blind`: no velocity was measured at all (dead reckoning, a receiver that sends no speed):
    /// the velocity may change by what the activity allows (``ActivityProfile/manoeuvre``).
    private mutating func predict(
        _ dt: Double, change: (east: Double, north: Double) = (0, 0), measured: Bool = false, blind: Bool = false
    ) {
        let q = measured ? 0 : blind ? profile.manoeuvre : profile.acceleration
        let tau = Self.timeConstant
        east.predict(
            dt: dt, acceleration: q, intervalAcceleration: change.east * change.east / (dt * dt),
            timeConstant: tau, correlatedVariance: correlatedVariance.east, stationary: isStationary)
        north.predict(
            dt: dt, acceleration: q, intervalAcceleration: change.north * change.north / (dt * dt),
            timeConstant: tau, correlatedVariance: correlatedVariance.north, stationary: isStationary)
        up?.predict(
            dt: dt, acceleration: profile.acceleration / 4, timeConstant: tau, correlatedVariance: correlatedVariance.up,
            stationary: isStationary)
    }

    private mutating func setCorrelated(_ sigmas: (east: Double, north: Double), vertical: Double?) {
        let f = correlated
        correlatedVariance.east = f * sigmas.east * sigmas.east
        correlatedVariance.north = f * sigmas.north * sigmas.north
        east.limitCorrelated(to: correlatedVariance.east)
        north.limitCorrelated(to: correlatedVariance.north)
        if let vertical {
            correlatedVariance.up = Self.correlatedFraction * vertical * vertical
            up?.limitCorrelated(to: correlatedVariance.up)
        }
    }

    /// Counts the epochs below the stationary speed: the profile's, or what the fixes themselves
    /// would show moving in a second when they are more precise than that (their stated one-sigma
    /// per axis, `stated`, metres, at least ``visibleMotionFloor``): an RTK receiver creeping at
    /// 0.2 m/s to a stop is moving, however slowly, and a held location would be left behind.
    private mutating func updateStillness(speed: Double?, stated: (east: Double, north: Double)) {
        guard let speed else { return }
        let threshold = min(profile.stationarySpeed, max(min(stated.east, stated.north), Self.visibleMotionFloor))
        if speed < threshold {
            slow += 1
            fast = 0
            if slow >= Self.stillEpochs { isStationary = true }
        } else {
            slow = 0
            fast += 1
            if isStationary, speed > 2 * threshold || fast >= 2 { isStationary = false }
        }
    }

    private mutating func applyVelocity(_ velocity: Velocity?) {
        if isStationary {
            let zupt = 0.02 * 0.02
            east.updateVelocity(0, variance: zupt)
            north.updateVelocity(0, variance: zupt)
            up?.updateVelocity(0, variance: zupt)
            return
        }
        guard let velocity else { return }
        let (ve, vn) = velocity.components
        east.updateVelocity(ve, variance: velocity.variance)
        north.updateVelocity(vn, variance: velocity.variance)
    }

    private mutating func applyPosition(
        _ z: (east: Double, north: Double), sigmas: (east: Double, north: Double), time: Date, dt: Double,
        location: Location, velocity: Velocity?, afterOutage: Bool
    ) {
        let white = 1 - correlated
        let re = white * sigmas.east * sigmas.east
        let rn = white * sigmas.north * sigmas.north
        let (ye, se) = east.positionInnovation(z.east, whiteVariance: re)
        let (yn, sn) = north.positionInnovation(z.north, whiteVariance: rn)
        let d2 = ye * ye / se + yn * yn / sn
        adaptNoiseScale(d2, dt: dt)
        if d2 > Self.hardGate {
            // Held still, a fix outside the gate by no more than the Doppler speed of the last
            // epochs has covered, when that distance is itself beyond the fix's noise, is no
            // reflection: the receiver moved while the stop held it (an RTK receiver's lurch of a
            // few decimetres at a light). The stop ends and the filter starts again at the fix,
            // rather than rejecting the truth for a reflection's patience.
            if isStationary, movedAsDopplerSays(y: (ye * ye + yn * yn).squareRoot(), s: (se + sn) / 2) {
                start(at: location, sigmas: sigmas, velocity: velocity)
                restartedInUpdate = true
                return
            }
            // After an outage nothing measured where the receiver went: the dead-reckoned
            // position may be far off (a bend, a stop in the tunnel) and a fix that disagrees
            // with it is no evidence of a reflection. Three fixes in a row that agree with each
            // other and with their Doppler velocities are believed.
            if reacquires(z, sigmas: sigmas, time: time, velocity: velocity, first: afterOutage) {
                start(at: location, sigmas: sigmas, velocity: velocity)
                restartedInUpdate = true
                reacquiredAt = time
                return
            }
            let since = outsideSince ?? time
            outsideSince = since
            // Coasting on a Doppler velocity (or held still by a Doppler speed near zero), the
            // prediction knows where the receiver is: a fix that disagrees is a reflection for as
            // long as reflections last. Without one, a run of disagreeing fixes is sooner taken as
            // the truth.
            let coasting = velocity != nil
            if !coasting { outsideWithoutDoppler = true }
            // A track only just started again after an outage has less history to trust than a
            // reflection's length: it rejects a disagreeing run for no longer than
            // it has existed, so a wrong start is not locked in.
            let history = reacquiredAt.map { since.timeIntervalSince($0) } ?? .infinity
            let patience =
                outsideWithoutDoppler
                ? Self.outlierPatience : min(Self.reflectionPatience, max(Self.outlierPatience, history))
            if time.timeIntervalSince(since) >= patience {
                // Outside for long enough to be real: start again where the receiver says.
                start(at: location, sigmas: sigmas, velocity: velocity)
                restartedInUpdate = true
            }
            return
        }
        outsideSince = nil
        outsideWithoutDoppler = false
        reacquiring = nil
        let inflation = d2 > Self.softGate ? d2 / Self.softGate : 1
        east.updatePosition(y: ye, s: se + (inflation - 1) * re)
        north.updatePosition(y: yn, s: sn + (inflation - 1) * rn)
    }

    /// Whether an innovation of length `y` (metres; innovation variance `s` per axis, m²) is the
    /// receiver's own motion: the Doppler speed of the last three epochs covered a distance D
    /// beyond the noise of the innovation (D > √(5.99 s)), and the fix lies no further than D
    /// plus that noise (|y| ≤ D + √(5.99 s)). A still receiver's Doppler noise covers a few
    /// centimetres, far inside a metre-level fix's noise; a reflection lies further than D.
    private func movedAsDopplerSays(y: Double, s: Double) -> Bool {
        let travel = recentTravel.0 + recentTravel.1 + recentTravel.2
        let noise = (Self.softGate * max(s, 0)).squareRoot()
        return travel > noise && y <= travel + noise
    }

    /// Counts a fix outside the gate into the run that began at the first fix after an outage
    /// (`first`), when it agrees with the run's last fix moved by the mean of their two Doppler
    /// velocities: `δ = z − z₀ − (v₀ + v) Δt / 2` within the hard gate of the two fixes' stated
    /// variances (`2σ²` an axis, a correlated error cancelling or not). A fix that does not
    /// agree ends the run; a fix without a Doppler velocity cannot join one. Returns true at the
    /// run's ``reacquireRun``-th fix: the fixes are believed and the filter starts again there.
    private mutating func reacquires(
        _ z: (east: Double, north: Double), sigmas: (east: Double, north: Double), time: Date, velocity: Velocity?,
        first: Bool
    ) -> Bool {
        // A Doppler speed below half a metre a second comes without a course: (0, 0) then.
        guard let velocity, velocity.course != nil || velocity.speed < 0.5 else {
            reacquiring = nil
            return false
        }
        let v = velocity.components
        if first {
            reacquiring = (1, z.east, z.north, v, time)
            return false
        }
        guard let run = reacquiring else { return false }
        let dt = time.timeIntervalSince(run.time)
        let (de, dn) = Self.dopplerResidual(z, (run.east, run.north), velocity: v, previous: run.velocity, dt: dt)
        let ve = 2 * sigmas.east * sigmas.east + velocity.variance * dt * dt
        let vn = 2 * sigmas.north * sigmas.north + velocity.variance * dt * dt
        guard dt > 0, dt <= Self.reacquireAfter, de * de / ve + dn * dn / vn <= Self.hardGate else {
            reacquiring = nil
            return false
        }
        reacquiring = (run.count + 1, z.east, z.north, v, time)
        guard run.count + 1 >= Self.reacquireRun else { return false }
        reacquiring = nil
        return true
    }

    /// Where a fix `z` lies from the fix before it, `z₀`, moved on by the mean of their Doppler
    /// velocities over `dt` seconds: `δ = z − z₀ − (v₀ + v) Δt / 2`, east and north, metres. It is
    /// the difference of the two fixes' errors, to a manoeuvre's `a Δt² / 8`.
    private static func dopplerResidual(
        _ z: (east: Double, north: Double), _ z0: (east: Double, north: Double), velocity v: (east: Double, north: Double),
        previous v0: (east: Double, north: Double), dt: Double
    ) -> (east: Double, north: Double) {
        (z.east - z0.east - (v0.east + v.east) * dt / 2, z.north - z0.north - (v0.north + v.north) * dt / 2)
    }

    /// The white part of the receiver's error, from consecutive fixes: with Doppler velocities
    /// `v₀`, `v₁` at both, `δ = z₁ − z₀ − (v₀ + v₁) Δt / 2` is the difference of the two fixes'
    /// errors (to a manoeuvre's `a Δt² / 8`), so `E|δ|² = 4 σ_w²` over two axes when the errors are
    /// white, and close to 0 when they are slowly varying. The running mean over about
    /// ``adaptationWindow`` gives σ_w², and the correlated share `k = 1 − σ_w² / (λ σ²)` within
    /// [0.4, 0.8] (0.9 until 10 pairs are seen). White noise is averaged down; a correlated error,
    /// or fixes the receiver has already smoothed, are followed. See docs/fusion.md.
    private mutating func learnWhiteNoise(
        _ z: (east: Double, north: Double), velocity: Velocity?, time: Date, stated: (east: Double, north: Double)
    ) {
        defer {
            if let velocity, velocity.course != nil {
                let (ve, vn) = velocity.components
                previousFix = (z.east, z.north, ve, vn, time)
            } else {
                previousFix = nil
            }
        }
        guard let previous = previousFix, let velocity, velocity.course != nil else { return }
        let dt = time.timeIntervalSince(previous.time)
        guard dt > 0, dt <= 2 else { return }
        let (de, dn) = Self.dopplerResidual(
            z, (previous.east, previous.north), velocity: velocity.components, previous: (previous.ve, previous.vn), dt: dt)
        let variance = noiseScale * (stated.east * stated.east + stated.north * stated.north) / 2
        let sample = (de * de + dn * dn) / 4
        // A reflection's start or end is not white noise.
        guard sample <= 9 * variance else { return }
        let alpha = min(dt / Self.adaptationWindow, 0.2)
        whiteNoise.variance += (sample - whiteNoise.variance) * (whiteNoise.weight == 0 ? 1 : alpha)
        whiteNoise.weight += 1
        guard whiteNoise.weight >= 10, variance > 0 else { return }
        correlated = min(max(1 - whiteNoise.variance / variance, 0.4), 0.8)
    }

    /// Innovation-based covariance matching (Mehra, "Approaches to adaptive filtering", IEEE TAC
    /// 17(5), 1972; Mohamed & Schwarz, "Adaptive Kalman filtering for INS/GPS", J. Geodesy 73, 1999):
    /// the normalised innovation squared `d²` of a consistent filter has mean 2 (two axes), so the
    /// scale λ of the receiver's stated variances follows the running mean of d²/2 over about
    /// ``adaptationWindow`` seconds: λ ← λ (1 + α (d²/2 − 1)), α = Δt / window, λ within [1/9, 9]
    /// (a receiver that states a third to three times its error). A rejected fix counts as the
    /// 95% point (5.99, not its own d²): a receiver that understates its noise has fixes rejected that must raise λ
    /// (else the filter, still and sure of itself, rejects the truth), while a reflection raises it
    /// by a bounded amount. See
    /// docs/fusion.md, "An accuracy that holds whatever the receiver claims".
    private mutating func adaptNoiseScale(_ d2: Double, dt: Double) {
        guard dt > 0, d2.isFinite else { return }
        let alpha = min(dt / Self.adaptationWindow, 0.2)
        let nis = (d2 > Self.hardGate ? Self.softGate : d2) / 2
        noiseScale = min(max(noiseScale * (1 + alpha * (nis - 1)), 1.0 / 9), 9)
    }

    /// The kinds of fix that keep a λ of their own: their stated errors come from different
    /// models (docs/nmea-error-model.md), so one scale cannot fit them all.
    enum NoiseClass {
        case rtkFixed, rtkFloat, differential, autonomous

        init(_ quality: FixQuality?) {
            switch quality {
            case .rtkFixed: self = .rtkFixed
            case .rtkFloat: self = .rtkFloat
            case .dgps, .pps: self = .differential
            default: self = .autonomous
            }
        }
    }

    /// Keeps the current kind's λ and takes up `kind`'s.
    private mutating func selectNoiseScale(_ kind: NoiseClass) {
        guard kind != noiseClass else { return }
        switch noiseClass {
        case .rtkFixed: noiseScales.rtkFixed = noiseScale
        case .rtkFloat: noiseScales.rtkFloat = noiseScale
        case .differential: noiseScales.differential = noiseScale
        case .autonomous: noiseScales.autonomous = noiseScale
        }
        noiseClass = kind
        switch kind {
        case .rtkFixed: noiseScale = noiseScales.rtkFixed
        case .rtkFloat: noiseScale = noiseScales.rtkFloat
        case .differential: noiseScale = noiseScales.differential
        case .autonomous: noiseScale = noiseScales.autonomous
        }
    }

    private mutating func applyAltitude(_ altitude: Double?, sigma: Double?) {
        guard let altitude else { return }
        guard var axis = up else {
            let sv = sigma ?? 10
            up = AxisFilter(
                position: altitude, variance: sv * sv, correlated: Self.correlatedFraction,
                velocity: 0, velocityVariance: 1)
            return
        }
        let sv = sigma ?? 10
        let r = (1 - Self.correlatedFraction) * sv * sv
        let (y, s) = axis.positionInnovation(altitude, whiteVariance: r)
        if y * y / s <= 10.83 {  // χ²₁ at 99.9%
            axis.updatePosition(y: y, s: s)
        }
        up = axis
    }

    /// Moves the origin to the current estimate, so the flat frame stays within a few kilometres.
    private mutating func recentre() {
        guard let origin else { return }
        let here = origin.coordinate(east: east.p, north: north.p)
        let shift = (east: east.p, north: north.p)
        epochShift = shift
        self.origin = Origin(here)
        east.shiftOrigin(by: shift.east)
        north.shiftOrigin(by: shift.north)
        held = held.map { ($0.east - shift.east, $0.north - shift.north) }
    }

    // MARK: Output

    /// While the receiver is still, the location is held where the stop began, and moves only
    /// when the filter's position has drifted from it by more than twice its own standard
    /// deviation (and at least ``holdBand``): the filter goes on learning, the location does not
    /// wander. The held point's stated accuracy includes its distance from the filter's position.
    private mutating func hold() -> (east: Double, north: Double, offset: Double) {
        guard isStationary else {
            held = nil
            return (east.p, north.p, 0)
        }
        let sigma = (east.pp + north.pp).squareRoot()
        if let h = held {
            let de = east.p - h.east
            let dn = north.p - h.north
            let drift = (de * de + dn * dn).squareRoot()
            if drift <= max(Self.holdBand, 2 * sigma) { return (h.east, h.north, drift) }
        }
        held = (east.p, north.p)
        return (east.p, north.p, 0)
    }

    /// The smallest drift that moves a held location, metres.
    static let holdBand = 1.0

    /// The 68% radius over the 2D RMS radius √(P_ee + P_nn) of a circular Gaussian error:
    /// P(r ≤ ρ σ) = 1 − exp(−ρ²/2) = 0.68 gives ρ = √(−2 ln 0.32) = 1.5096, against √2 for the
    /// 2D RMS circle, which holds only 1 − e⁻¹ = 63.2%. For a held location (an offset δ from the
    /// filter's position) this scaling of √(P + δ²) is within 3% of the exact 68% radius of the
    /// offset error. See docs/fusion.md, "Why the stated accuracy is honest".
    static let radius68 = (-log(0.32)).squareRoot()

    private mutating func estimate(deadReckoned: Bool) -> FusedEstimate {
        let origin = origin ?? Origin(Coordinate(uncheckedLatitude: 0, longitude: 0))
        let position = hold()
        let speed = isStationary ? 0 : (east.v * east.v + north.v * north.v).squareRoot()
        let speedSigma = ((east.vv + north.vv) / 2).squareRoot()
        var course: Double?
        var courseAccuracy: Double?
        if !isStationary, speed > max(0.5, 3 * speedSigma) {
            course = Angle.normalizedBearing(atan2(east.v, north.v) * 180 / .pi)
            courseAccuracy = speedSigma / speed * 180 / .pi
        }
        return FusedEstimate(
            coordinate: origin.coordinate(east: position.east, north: position.north),
            altitude: up?.p,
            horizontalAccuracy: Self.radius68 * (east.pp + north.pp + position.offset * position.offset).squareRoot(),
            verticalAccuracy: up?.positionSigma, speed: speed, speedAccuracy: speedSigma, course: course,
            courseAccuracy: courseAccuracy, isStationary: isStationary, isDeadReckoned: deadReckoned)
    }

    // MARK: Measurements

    /// The fix's one-sigma errors along east and north, metres.
    static func horizontalSigmas(_ errors: ErrorEstimates, _ accuracy: Double?) -> (east: Double, north: Double) {
        if let lat = errors.latitude?.oneSigma, let lon = errors.longitude?.oneSigma, lat > 0, lon > 0 {
            return (lon, lat)
        }
        let h = accuracy.flatMap { $0 > 0 && $0.isFinite ? $0 : nil } ?? defaultHorizontalAccuracy
        return (h / 2.0.squareRoot(), h / 2.0.squareRoot())
    }

    /// A Doppler velocity: speed (m/s), course (degrees) and the variance of each component.
    struct Velocity {
        var speed: Double
        var course: Double?
        var variance: Double

        var components: (east: Double, north: Double) {
            guard let course else { return (0, 0) }
            let c = course * .pi / 180
            return (speed * sin(c), speed * cos(c))
        }
    }

    static func velocity(_ fix: UnsafePointer<Fix>) -> Velocity? {
        guard let speed = fix.pointee.speed, speed.isFinite, speed >= 0 else { return nil }
        // Without a stated speed error, the data-sheet figure holds for a good geometry; the
        // velocity is solved through the same geometry as the position, so it scales with HDOP.
        let sigma = fix.pointee.errors.speed?.oneSigma ?? defaultSpeedSigma * max(1, fix.pointee.hdop ?? 1)
        let course = fix.pointee.course.flatMap { $0.isFinite ? $0 : nil }
        // Below 0.5 m/s a course is noise: the velocity is only known to be about this small.
        if speed < 0.5 || course == nil {
            return Velocity(speed: speed, course: nil, variance: sigma * sigma + speed * speed)
        }
        return Velocity(speed: speed, course: course, variance: sigma * sigma)
    }
}

/// What the fusion filter says of one epoch.
package struct FusedEstimate: Sendable, Equatable {
    package var coordinate: Coordinate
    /// Metres above mean sea level, when the fixes have altitude.
    package var altitude: Double?
    /// Radius of the 68% circle, metres (``FusionFilter/radius68`` × the 2D RMS).
    package var horizontalAccuracy: Double
    /// One sigma, metres.
    package var verticalAccuracy: Double?
    /// Metres per second; 0 while stationary.
    package var speed: Double
    /// One sigma, metres per second.
    package var speedAccuracy: Double
    /// Degrees from true north, when moving clearly.
    package var course: Double?
    /// One sigma, degrees.
    package var courseAccuracy: Double?
    package var isStationary: Bool
    package var isDeadReckoned: Bool
}
