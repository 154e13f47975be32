import Foundation
import Geodesy

/// Everything ``TraceSynthesizer`` needs to make a trace: a route and a speed profile, a rate, a
/// noise model, outages, a receiver profile and a start time. Times are seconds from the start.
public struct TraceSpecification: Sendable, Equatable {
    /// A period of a given noise level.
    public struct NoisePhase: Sendable, Equatable {
        /// Seconds from the start at which this σ takes over.
        public var from: Double
        /// Per-axis (north, east) one-sigma position noise, metres, ≥ 0.
        public var sigma: Double
        public init(from: Double, sigma: Double) {
            self.from = from
            self.sigma = sigma
        }
    }

    /// A period of the trace: an ``Outage`` or a ``Stop``.
    public struct Period: Sendable, Equatable {
        /// Seconds from the start, in ``TraceLimits/time``.
        public var start: Double
        /// Seconds, in ``TraceLimits/time``.
        public var duration: Double
        public init(start: Double, duration: Double) {
            self.start = start
            self.duration = duration
        }
    }

    /// A period with no fix (tunnel, urban canyon): the receiver keeps sending, with time and no
    /// position (RMC status V, GGA quality 0).
    public typealias Outage = Period

    /// A stop (traffic lights): from `start` the receiver holds still where it is on the route for
    /// `duration` seconds (speed 0), then goes on; later motion shifts by `duration`.
    public typealias Stop = Period

    /// An old epoch sent again, as some receivers do after reacquiring: at `at` seconds from the
    /// start, the epoch of `at − age` is sent once more, with its old time and position.
    public struct Replay: Sendable, Equatable {
        public var at: Double
        public var age: Double
        public init(at: Double, age: Double) {
            self.at = at
            self.age = age
        }
    }

    /// The route's waypoints, travelled in order along geodesics; one waypoint is a stationary receiver.
    public var waypoints: [Coordinate]
    /// Speed on each leg, metres per second (> 0). One value applies to every leg; otherwise one per leg.
    public var speeds: [Double]
    /// Seconds stationary at the first waypoint before moving.
    public var holdStart: Double
    /// Seconds stationary at the last waypoint after arriving.
    public var holdEnd: Double
    /// Epochs per second: 1 or 10.
    public var rate: Int
    /// Per-axis position noise σ, metres, from the start.
    public var noise: Double
    /// Later noise levels, in increasing `from` order.
    public var noisePhases: [NoisePhase]
    /// Seconds with no fix at the start (a cold start).
    public var coldStart: Double
    /// Periods with no fix.
    public var outages: [Outage]
    /// Old epochs sent again.
    public var replays: [Replay]
    /// The receiver.
    public var receiver: ReceiverProfile
    /// UTC time of the first epoch; should be on a whole tenth of a second.
    public var start: Date
    /// Seed of the noise generator.
    public var seed: UInt64
    /// The true heading minus the course, degrees (a boat's leeway, a crabbing vehicle).
    public var headingOffset: Double
    /// One-sigma noise of the heading sensor, degrees.
    public var headingNoise: Double
    /// Deviation written in HDG, degrees east positive; nil leaves the field empty.
    public var deviation: Double?
    /// Altitude above mean sea level, metres.
    public var altitude: Double
    /// Geoid separation written in GGA, metres.
    public var geoidSeparation: Double
    /// The realistic error model (Gauss–Markov plus white noise); nil for the white noise of
    /// ``noise`` and ``noisePhases``, which it replaces.
    public var errorModel: TraceErrorModel?
    /// One-sigma noise of the Doppler speed, metres per second; the course's noise is this over the
    /// speed (radians), and the course is uniform when the receiver stands still.
    public var dopplerSigma: Double
    /// Multipath jumps the receiver does not admit.
    public var multipath: [Multipath]
    /// Stops along the route (traffic lights), in increasing `at` order, not overlapping.
    public var stops: [Stop]

    public init(
        waypoints: [Coordinate], speeds: [Double] = [1.4], holdStart: Double = 0, holdEnd: Double = 0,
        rate: Int = 1, noise: Double = 2.5, noisePhases: [NoisePhase] = [], coldStart: Double = 0,
        outages: [Outage] = [], replays: [Replay] = [], receiver: ReceiverProfile = .multiGNSS,
        start: Date, seed: UInt64 = 1, headingOffset: Double = 0, headingNoise: Double = 0,
        deviation: Double? = nil, altitude: Double = 20, geoidSeparation: Double = 46,
        errorModel: TraceErrorModel? = nil, dopplerSigma: Double = 0.05, multipath: [Multipath] = [],
        stops: [Stop] = []
    ) {
        self.waypoints = waypoints
        self.speeds = speeds
        self.holdStart = holdStart
        self.holdEnd = holdEnd
        self.rate = rate
        self.noise = noise
        self.noisePhases = noisePhases
        self.coldStart = coldStart
        self.outages = outages
        self.replays = replays
        self.receiver = receiver
        self.start = start
        self.seed = seed
        self.headingOffset = headingOffset
        self.headingNoise = headingNoise
        self.deviation = deviation
        self.altitude = altitude
        self.geoidSeparation = geoidSeparation
        self.errorModel = errorModel
        self.dopplerSigma = dopplerSigma
        self.multipath = multipath
        self.stops = stops
    }

    /// Whether the ground truth has the columns of the error model (``TraceEpoch/extendedCSVColumns``):
    /// with an error model, multipath jumps or stops. Traces without them keep their original CSV.
    public var hasExtendedTruth: Bool {
        errorModel != nil || !multipath.isEmpty || !stops.isEmpty
    }

    /// The per-axis noise σ in force `t` seconds from the start, metres: the stated total with an
    /// error model.
    public func sigma(at t: Double) -> Double {
        if let errorModel { return errorModel.totalSigma }
        var sigma = noise
        for phase in noisePhases where phase.from <= t { sigma = phase.sigma }
        return sigma
    }

    /// The multipath offset in force `t` seconds from the start, if any.
    public func multipath(at t: Double) -> Multipath? {
        multipath.first { t >= $0.at && t < $0.at + $0.duration }
    }

    /// Whether the receiver has a fix `t` seconds from the start.
    public func hasFix(at t: Double) -> Bool {
        if t < coldStart { return false }
        return !outages.contains { t >= $0.start && t < $0.start + $0.duration }
    }
}

/// Why a ``TraceSpecification`` cannot be synthesized. One line each.
public enum TraceSpecificationError: Error, Sendable, Equatable, CustomStringConvertible {
    case noWaypoints
    case badSpeeds(String)
    case badRate(Int)
    case badValue(String)
    case tooLong(epochs: Double)

    public var description: String {
        switch self {
        case .noWaypoints: "the route needs at least one waypoint"
        case .badSpeeds(let why): "speed profile: \(why)"
        case .badRate(let rate): "rate \(rate) Hz is not supported; use 1 or 10"
        case .badValue(let why): why
        case .tooLong(let epochs):
            "the trace would have \(epochs < 1e15 ? String(Int(epochs)) : String(epochs)) epochs; at most "
                + "\(TraceLimits.maximumEpochs) (7 days at 1 Hz): shorten the route, holds or stops, or raise the speed"
        }
    }
}
