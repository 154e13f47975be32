import Foundation
import GNSS
import Geodesy

/// The synchronous core of a ``LocationManager``: the rules, the heading derivation and the arrival
/// monitor applied to one fix at a time, with no I/O, no clock of its own and no allocation per fix.
///
/// Use it directly to apply the manager's rules inside a loop of your own, or through
/// ``LocationManager`` for a source, a replay clock, an event stream and a delegate.
///
/// For each fix, in order:
/// 1. A fix without UTC time is withheld (``WithholdReason/noTimestamp``, or ``WithholdReason/noPosition``
///    when it has no position either). Except a heading reading on its own from a live source
///    (gpsd's ATT, a compass sentence gpsd relays: no time, no position, a monotonic time): it is
///    dated by the monotonic clock from the last fix that had both times (or, before any, by `now`),
///    and only its heading is derived (step 3).
/// 2. `ReceiverClockRule`: a fix whose time disagrees with the source's monotonic clock by more
///    than 300 s (a time 20 h ahead, gpsd's 1024-week rollover) is a receiver clock fault,
///    withheld and reported once (``FixOutcome/clockFault``); the fixes at the true time that
///    follow are used. A faulty time that holds (10 s, 3 fixes; or at once when it agrees with the
///    wall clock and the old time does not) is taken as the receiver's: the time history and the
///    fusion filter start anew. Then `FixTimeRule`: stale and out-of-order fixes are withheld.
/// 3. The heading is derived (`HeadingEstimator`), smoothed (`HeadingSmoother`) and filtered
///    (`HeadingFilter`), even for a fix without position: a compass works without a fix. The
///    sources rank true sensor, then magnetic sensor, then course over ground: for
///    ``sensorHeadingPrecedence`` after a sensor heading, a heading of a lower rank is not
///    delivered (a live source reports the heading sensors and the GNSS fix separately, and the
///    heading would otherwise alternate between them).
/// 4. A fix without position is withheld; the first one after a position (or before any) reports
///    ``LocationError/locationUnknown``.
/// 5. `AccuracyGate`: withheld with ``WaitingForAccuracy`` (best accuracy since the last delivery).
/// 6. ``ArrivalMonitor``, on every location that met the accuracy rule.
/// 7. `DistanceFilter` from the last delivered location; the first qualifying location is always
///    delivered.
public struct LocationEngine: Sendable {
    /// The rules. Changing them keeps the history (last delivered location and heading).
    public var configuration: LocationConfiguration {
        didSet { apply(configuration, previous: oldValue) }
    }
    /// Whether locations are delivered (`startUpdatingLocation`). When false, a fix that meets the
    /// rules is still reported as ``FixOutcome/qualified`` (for `requestLocation()`). Default true.
    public var updatingLocation = true
    /// Whether headings are derived and delivered (`startUpdatingHeading`). Default true.
    public var updatingHeading = true
    /// The name put in each ``Location/sourceName``.
    public var sourceName: String
    /// The provenance put in each location (``Provenance/replayed`` for a trace).
    public var provenance: Provenance

    private var gate: AccuracyGate
    private var distanceFilter: DistanceFilter
    private var headingFilter: HeadingFilter
    private var timeRule: FixTimeRule
    private var clockRule = ReceiverClockRule()
    private var estimator: HeadingEstimator
    private var smoother: HeadingSmoother?
    private var smoothedSource: HeadingSource?
    private var monitor: ArrivalMonitor?
    /// The fusion filter, when ``LocationConfiguration/fusion`` is on.
    private var fusion: FusionFilter?

    /// The last location delivered.
    public private(set) var lastDelivered: Location?
    /// Its coordinate, kept apart for the distance filter's per-fix read.
    private var lastDeliveredCoordinate: Coordinate?
    /// The last heading delivered.
    public private(set) var lastHeading: Heading?
    /// The time of the last fix that passed the time rules.
    public private(set) var lastAcceptedTime: Date?
    /// The newest fix time seen: the replay clock's "now".
    public private(set) var latestTime: Date?
    /// The last position seen in a fix that passed the time rules (delivered or not).
    public private(set) var lastKnownCoordinate: Coordinate?
    /// The best (smallest) accuracy withheld since the last delivery, metres.
    public private(set) var bestAccuracySinceDelivery: Double?
    private var positionUnknownReported = false
    private var headingUnavailableReported = false
    /// The last accepted fix with both a UTC and a monotonic time: maps a live source's monotonic
    /// clock to UTC for heading readings that arrive without a time of their own.
    private var timeAnchor: (time: Date, monotonic: Duration)?
    /// The last accepted fix with a position and both times: what ``ReceiverClockRule`` measures
    /// from (a receiver reports whatever its clock holds before its first fix).
    private var clockAnchor: (time: Date, monotonic: Duration)?
    /// When the last true-sensor heading was derived.
    private var lastTrueSensorHeading: HeadingInstant?
    /// When the last magnetic-sensor heading was derived.
    private var lastMagneticSensorHeading: HeadingInstant?

    /// How long a sensor heading keeps headings of a lower rank (a magnetic sensor's after a true
    /// sensor's; course over ground after either) from being delivered (2 s: a heading
    /// sensor reports at 1 Hz or faster). Measured on the source's monotonic clock when both fixes
    /// have one (a live source, whose readings without a time of their own are dated by
    /// estimate), else between the fixes' UTC times.
    public static let sensorHeadingPrecedence: Duration = .seconds(2)

    /// - Parameters:
    ///   - configuration: the rules.
    ///   - sourceName: the name to stamp on locations.
    ///   - provenance: live, replayed or simulated.
    public init(
        configuration: LocationConfiguration = LocationConfiguration(), sourceName: String = "",
        provenance: Provenance = .live
    ) {
        self.configuration = configuration
        self.sourceName = sourceName
        self.provenance = provenance
        gate = AccuracyGate(desiredAccuracy: configuration.desiredAccuracy)
        distanceFilter = DistanceFilter(distance: configuration.distanceFilter)
        headingFilter = HeadingFilter(degrees: configuration.headingFilter)
        timeRule = FixTimeRule(maximumFixAge: configuration.maximumFixAge)
        estimator = HeadingEstimator(courseThreshold: configuration.courseHeadingThreshold)
        smoother = configuration.headingSmoothing.map { HeadingSmoother(timeConstant: $0.seconds) }
        monitor = configuration.arrivalRegion.map(ArrivalMonitor.init(region:))
        fusion = configuration.fusion.isEnabled ? FusionFilter(configuration.fusion) : nil
    }

    /// Forgets the history of the previous fixes (times, last delivered location and heading,
    /// arrival, best accuracy), keeping the rules, the source's name and what is updated: the next
    /// fixes are judged afresh, as when a stopped manager starts again.
    public mutating func reset() {
        var fresh = LocationEngine(configuration: configuration, sourceName: sourceName, provenance: provenance)
        fresh.updatingLocation = updatingLocation
        fresh.updatingHeading = updatingHeading
        self = fresh
    }

    private mutating func apply(_ new: LocationConfiguration, previous: LocationConfiguration) {
        gate = AccuracyGate(desiredAccuracy: new.desiredAccuracy)
        distanceFilter = DistanceFilter(distance: new.distanceFilter)
        headingFilter = HeadingFilter(degrees: new.headingFilter)
        timeRule = FixTimeRule(maximumFixAge: new.maximumFixAge)
        estimator.courseThreshold = new.courseHeadingThreshold
        if new.headingSmoothing != previous.headingSmoothing {
            smoother = new.headingSmoothing.map { HeadingSmoother(timeConstant: $0.seconds) }
        }
        if new.arrivalRegion != previous.arrivalRegion {
            monitor = new.arrivalRegion.map(ArrivalMonitor.init(region:))
        }
        if new.fusion != previous.fusion {
            fusion = new.fusion.isEnabled ? FusionFilter(new.fusion) : nil
        }
    }

    /// The arrival monitor's phase, when a region is watched.
    public var arrivalPhase: ArrivalMonitor.Phase? { monitor?.phase }

    /// How many times the magnetic model has been evaluated (the rest came from the cache).
    public var magneticModelEvaluations: Int { estimator.modelEvaluations }

    /// Applies the rules to one fix.
    /// - Parameters:
    ///   - fix: the epoch.
    ///   - now: the current time for the staleness rule: the wall clock for a live source; nil for a
    ///     replay, where now is the newest fix time seen (``latestTime``).
    /// - Returns: what the fix produced.
    /// - Complexity: O(1); no allocation beyond copying the source name's reference.
    public mutating func process(_ fix: borrowing Fix, now: Date? = nil) -> FixOutcome {
        withUnsafePointer(to: fix) { process(at: $0, now: now) }
    }

    /// ``process(_:now:)`` on a fix read in place, field by field: the manager's batched path reads
    /// fixes from the source's storage, and a `Fix` passed on by value is copied whole (a few hundred
    /// bytes) at each call.
    mutating func process(at fix: UnsafePointer<Fix>, now: Date?) -> FixOutcome {
        var out = FixOutcome()
        guard let time = fix.pointee.time else {
            if fix.pointee.heading != nil, !fix.pointee.hasPosition, let t = readingTime(of: fix, now: now) {
                if updatingHeading { deriveHeading(at: fix, time: t, into: &out) }
                return out
            }
            out.withheld = Withholding(time: nil, reason: fix.pointee.hasPosition ? .noTimestamp : .noPosition)
            reportPositionUnknownIfNeeded(into: &out)
            return out
        }
        switch clockRule.check(time: time, monotonic: fix.pointee.monotonicTime, anchor: clockAnchor, now: now) {
        case .agrees:
            break
        case .fault(let expected, let first):
            if first { out.clockFault = ReceiverClockFault(time: time, expected: expected, adopted: false) }
            out.withheld = Withholding(time: time, reason: .clockFault(time: time, expected: expected))
            return out
        case .adopted(let expected):
            out.clockFault = ReceiverClockFault(time: time, expected: expected, adopted: true)
            restartTimeHistory()
        }
        if let latest = latestTime { if time > latest { latestTime = time } } else { latestTime = time }
        if let reason = timeRule.check(time: time, now: now ?? latestTime ?? time, lastAccepted: lastAcceptedTime) {
            out.withheld = Withholding(time: time, reason: reason)
            return out
        }
        lastAcceptedTime = time
        if let m = fix.pointee.monotonicTime {
            timeAnchor = (time, m)
            if fix.pointee.hasPosition { clockAnchor = (time, m) }
        }
        if fix.pointee.hasPosition, let c = fix.pointee.coordinate { lastKnownCoordinate = c }
        var location = fix.pointee.hasPosition ? Location(at: fix, sourceName: sourceName, provenance: provenance) : nil
        if fusion != nil { location = fuse(fix, raw: location, time: time) }
        if updatingHeading {
            if let fused = location, fused.kind == .fused {
                // Course over ground from the filtered velocity, without raw course's scatter.
                var steadied = fix.pointee
                steadied.course = fused.course
                steadied.speed = fused.speed
                withUnsafePointer(to: steadied) { deriveHeading(at: $0, time: time, into: &out) }
            } else {
                deriveHeading(at: fix, time: time, into: &out)
            }
        }
        guard let location else {
            out.withheld = Withholding(time: time, reason: .noPosition)
            reportPositionUnknownIfNeeded(into: &out)
            return out
        }
        positionUnknownReported = false
        if let reason = gate.check(horizontalAccuracy: location.horizontalAccuracy) {
            if let a = location.horizontalAccuracy, a < (bestAccuracySinceDelivery ?? .infinity) {
                bestAccuracySinceDelivery = a
            }
            if case .insufficientAccuracy(let accuracy, let required) = reason {
                out.waiting = WaitingForAccuracy(
                    accuracy: accuracy, bestSoFar: bestAccuracySinceDelivery, required: required, time: time)
            }
            return out
        }
        out.qualified = location
        guard updatingLocation else { return out }
        if let region = monitor?.region {
            let inverse = Geodesic.wgs84.inverse(from: location.coordinate, to: region.destination)
            out.toDestination = inverse
            out.arrival = monitor?.update(location, distance: inverse.distance)
        }
        if let reason = distanceFilter.check(location.coordinate, lastDelivered: lastDeliveredCoordinate) {
            out.withheld = Withholding(time: time, reason: reason)
            return out
        }
        lastDeliveredCoordinate = location.coordinate
        lastDelivered = location
        bestAccuracySinceDelivery = nil
        out.isDelivered = true
        return out
    }

    /// Forgets what was learnt on the receiver's old time, when its new time is adopted: the last
    /// accepted and newest times, the monotonic anchors, the sensor headings' instants, the heading
    /// smoother and the fusion filter (its history is on the old time). The last
    /// delivered location and heading stay, for the distance and heading filters.
    private mutating func restartTimeHistory() {
        lastAcceptedTime = nil
        latestTime = nil
        timeAnchor = nil
        clockAnchor = nil
        lastTrueSensorHeading = nil
        lastMagneticSensorHeading = nil
        smoother?.reset()
        fusion?.reset()
    }

    /// The fused location of a fix with a position (`raw`), or the dead-reckoned one of a fix
    /// without (nil once the outage outlasts the maximum dead-reckoning time).
    private mutating func fuse(_ fix: UnsafePointer<Fix>, raw: Location?, time: Date) -> Location? {
        guard fusion != nil else { return raw }
        if let raw {
            // In place (optional chaining), not a copy of the filter in and out per fix.
            guard let e = fusion?.fuse(fix, raw: raw, time: time) else { return raw }
            var fused = raw
            fused.raw = raw
            fused.kind = .fused
            fused.isStationary = e.isStationary
            fused.coordinate = e.coordinate
            if let altitude = e.altitude, let rawAltitude = raw.altitude {
                fused.altitude = altitude
                fused.ellipsoidalAltitude = raw.ellipsoidalAltitude.map { $0 + altitude - rawAltitude }
                fused.verticalAccuracy = e.verticalAccuracy
            }
            fused.horizontalAccuracy = e.horizontalAccuracy
            fused.speed = e.speed
            fused.speedAccuracy = e.speedAccuracy
            fused.course = e.course
            fused.courseAccuracy = e.courseAccuracy
            return fused
        }
        guard let e = fusion?.deadReckon(to: time) else { return nil }
        var reckoned = Location(
            coordinate: e.coordinate, altitude: e.altitude, horizontalAccuracy: e.horizontalAccuracy,
            verticalAccuracy: e.verticalAccuracy, speed: e.speed, speedAccuracy: e.speedAccuracy, course: e.course,
            courseAccuracy: e.courseAccuracy, timestamp: time, monotonicTime: fix.pointee.monotonicTime,
            sourceName: sourceName, provenance: provenance)
        reckoned.kind = .deadReckoned
        reckoned.isStationary = e.isStationary
        return reckoned
    }

    /// The UTC time of a heading reading that came without one: the anchor's time plus the
    /// monotonic time elapsed since it, else `now` (a live source before its first timed fix).
    /// nil for a replay, where a reading without time cannot be dated.
    private func readingTime(of fix: UnsafePointer<Fix>, now: Date?) -> Date? {
        guard let anchor = timeAnchor, let m = fix.pointee.monotonicTime else { return now }
        return anchor.time.addingTimeInterval((m - anchor.monotonic).seconds)
    }

    private mutating func reportPositionUnknownIfNeeded(into out: inout FixOutcome) {
        guard updatingLocation, !positionUnknownReported else { return }
        positionUnknownReported = true
        out.error = .locationUnknown
    }

    private mutating func deriveHeading(at fix: UnsafePointer<Fix>, time: Date, into out: inout FixOutcome) {
        guard var heading = estimator.heading(at: fix, location: lastKnownCoordinate, date: time) else {
            // Only a fix that could have given a course heading says the heading is unavailable.
            if fix.pointee.hasPosition, !headingUnavailableReported, out.error == nil {
                headingUnavailableReported = true
                out.error = .headingUnavailable
            }
            return
        }
        headingUnavailableReported = false
        let instant = HeadingInstant(time: time, monotonic: fix.pointee.monotonicTime)
        switch heading.source {
        case .trueSensor:
            lastTrueSensorHeading = instant
        case .magneticPlusDeclination:
            if lastTrueSensorHeading?.isRecent(at: instant) == true { return }
            lastMagneticSensorHeading = instant
        case .courseOverGround:
            if lastTrueSensorHeading?.isRecent(at: instant) == true
                || lastMagneticSensorHeading?.isRecent(at: instant) == true
            {
                return
            }
        }
        if var s = smoother {
            if smoothedSource != heading.source { s.reset() }
            smoothedSource = heading.source
            let raw = heading.trueHeading ?? heading.magneticHeading
            if let raw {
                let smoothed = s.update(raw, at: time)
                let shift = Angle.difference(from: raw, to: smoothed)
                heading.trueHeading = heading.trueHeading.map { Angle.normalizedBearing($0 + shift) }
                heading.magneticHeading = heading.magneticHeading.map { Angle.normalizedBearing($0 + shift) }
            }
            smoother = s
        }
        let direction = heading.trueHeading ?? heading.magneticHeading
        let last = lastHeading.flatMap { $0.trueHeading ?? $0.magneticHeading }
        guard let direction else { return }
        // A change between true and magnetic reference always passes: the two are not comparable.
        let sameReference = (heading.trueHeading == nil) == (lastHeading?.trueHeading == nil)
        guard !sameReference || headingFilter.admits(direction, lastDelivered: last) else { return }
        lastHeading = heading
        out.heading = heading
    }

    /// Replays fixes on the virtual clock (each fix's own time is "now"), synchronously, calling
    /// `body` with each event in order. Deterministic: the same fixes give the same events.
    public mutating func replay(_ fixes: some Sequence<Fix>, _ body: (LocationEvent) -> Void) {
        for fix in fixes { process(fix).forEachEvent(body) }
    }
}

/// When a heading was derived: its UTC time, and the source's monotonic time when it has one.
private struct HeadingInstant {
    var time: Date
    var monotonic: Duration?

    /// Whether `later` lies within ``LocationEngine/sensorHeadingPrecedence`` of this instant, on
    /// the monotonic clock when both have one, else by their UTC times.
    func isRecent(at later: HeadingInstant) -> Bool {
        let since =
            if let m = later.monotonic, let m0 = monotonic { (m - m0).seconds } else { later.time.timeIntervalSince(time) }
        return abs(since) <= LocationEngine.sensorHeadingPrecedence.seconds
    }
}
