/// What the receiver is carried by, like CoreLocation's `CLActivityType`: it sets how the fusion
/// filter expects the motion to change, when it calls the receiver still, and how long it
/// dead-reckons through an outage. See docs/fusion.md for the figures and why.
public enum ActivityType: String, Sendable, Equatable, Hashable, CaseIterable, CustomStringConvertible {
    /// A car, a bus, a tractor: brisk accelerations, long stops at lights, tunnels.
    case automotive
    /// On foot, running or cycling (`CLActivityType.fitness`): gentle accelerations, frequent stops.
    case fitness
    /// A boat: slow changes of velocity, rarely truly still.
    case maritime
    /// An aircraft or a drone: fast changes, never parked while airborne.
    case airborne
    /// Anything else (the default).
    case other

    public var description: String { rawValue }

    /// The figures each profile sets.
    var profile: ActivityProfile {
        switch self {
        case .automotive:
            ActivityProfile(acceleration: 0.05, manoeuvre: 2.5, stationarySpeed: 0.3, maximumDeadReckoning: .seconds(30))
        case .fitness:
            ActivityProfile(acceleration: 0.02, manoeuvre: 0.5, stationarySpeed: 0.2, maximumDeadReckoning: .seconds(15))
        case .maritime:
            ActivityProfile(acceleration: 0.01, manoeuvre: 0.3, stationarySpeed: 0.1, maximumDeadReckoning: .seconds(60))
        case .airborne:
            ActivityProfile(acceleration: 0.5, manoeuvre: 5, stationarySpeed: 0.5, maximumDeadReckoning: .seconds(20))
        case .other:
            ActivityProfile(acceleration: 0.05, manoeuvre: 2.5, stationarySpeed: 0.25, maximumDeadReckoning: .seconds(30))
        }
    }
}

/// The numbers behind an ``ActivityType``.
struct ActivityProfile: Sendable, Equatable {
    /// Spectral density of the white-noise acceleration, m²/s³: the variance of the change of
    /// velocity over Δt grows by this × Δt. Small: the Doppler velocity is measured every epoch,
    /// and a change of velocity within an interval is accounted for as it happens (the interval
    /// acceleration of ``AxisFilter/predict`` and the `(Δv Δt)² / 12` of ``FusionFilter``); this
    /// covers what is left between fixes, and how fast the accuracy grows when dead-reckoning.
    var acceleration: Double
    /// Spectral density of the white-noise acceleration while dead-reckoning, m²/s³: with no
    /// Doppler velocity, nothing says whether the vehicle turned, braked or started, so the velocity
    /// may change by what the activity allows. Its square root over a second is the size of a
    /// manoeuvre's acceleration per axis: 1.6 m/s² for a car (starts and stops of 2–3.5 m/s², turns
    /// of 3 m/s² lateral), 0.7 m/s² on foot, 0.55 m/s² at sea, 2.2 m/s² in the air. See docs/fusion.md,
    /// "Dead reckoning".
    var manoeuvre: Double
    /// Below this Doppler speed (m/s), for ``stillEpochs`` epochs running, the receiver is still.
    var stationarySpeed: Double
    /// How long the filter dead-reckons through an outage before the location is unknown.
    var maximumDeadReckoning: Duration
}
