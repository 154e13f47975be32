import Foundation

/// What a rider sees of a ride at one moment: SiriKit's `INRideStatus` as a value.
///
/// The phase can only change along ``RidePhase``'s transitions, through ``advance(to:)`` and
/// ``complete(_:)``; a status in ``RidePhase/completed`` always has a ``completionStatus``.
public struct RideStatus: Sendable, Hashable, Codable {
    /// The ride's identifier: a UUID made when the ride was booked, the same in every update.
    public let rideIdentifier: String
    /// Where the ride is in its life. Never ``RidePhase/unknown``.
    public private(set) var phase: RidePhase
    /// How the ride ended; set exactly when ``phase`` is ``RidePhase/completed``.
    public private(set) var completionStatus: RideCompletionStatus?
    /// The vehicle, with its current location and course.
    public var vehicle: RideVehicle?
    /// The driver.
    public var driver: RideDriver?
    /// When the vehicle is expected at the pickup; the actual time once it has arrived.
    public var estimatedPickupDate: Date?
    /// When the rider is expected at the drop-off; nil without a drop-off.
    public var estimatedDropOffDate: Date?
    /// Where the rider is picked up.
    public var pickupLocation: Placemark?
    /// Where the rider is going; nil when none was given.
    public var dropOffLocation: Placemark?
    /// The ride option booked.
    public var rideOption: RideOption?
    /// Number of riders.
    public var partySize: Int?
    /// The pickup time asked for; nil for as soon as possible.
    public var scheduledPickupTime: Date?
    /// When the ride was booked.
    public var bookedDate: Date
    /// The moment this status describes.
    public var date: Date
    /// Distance from the vehicle to where it is heading next (the pickup before
    /// ``RidePhase/ongoing``, then the drop-off), metres on the WGS84 ellipsoid; nil when unknown.
    public var distanceRemaining: Double?

    /// A status in ``RidePhase/received``; advance it with ``advance(to:)``.
    public init(
        rideIdentifier: String, bookedDate: Date, date: Date, vehicle: RideVehicle? = nil, driver: RideDriver? = nil,
        estimatedPickupDate: Date? = nil, estimatedDropOffDate: Date? = nil, pickupLocation: Placemark? = nil,
        dropOffLocation: Placemark? = nil, rideOption: RideOption? = nil, partySize: Int? = nil,
        scheduledPickupTime: Date? = nil, distanceRemaining: Double? = nil
    ) {
        self.rideIdentifier = rideIdentifier
        self.phase = .received
        self.completionStatus = nil
        self.vehicle = vehicle
        self.driver = driver
        self.estimatedPickupDate = estimatedPickupDate
        self.estimatedDropOffDate = estimatedDropOffDate
        self.pickupLocation = pickupLocation
        self.dropOffLocation = dropOffLocation
        self.rideOption = rideOption
        self.partySize = partySize
        self.scheduledPickupTime = scheduledPickupTime
        self.bookedDate = bookedDate
        self.date = date
        self.distanceRemaining = distanceRemaining
    }

    /// Moves to `next` along an allowed transition other than completion.
    /// - Throws: ``RidePhaseError`` when ``RidePhase/canTransition(to:)`` refuses it, or when
    ///   `next` is ``RidePhase/completed`` (use ``complete(_:)``, which needs a completion status).
    public mutating func advance(to next: RidePhase) throws(RidePhaseError) {
        guard next != .completed, phase.successors.contains(next) else { throw RidePhaseError(from: phase, to: next) }
        phase = next
    }

    /// Completes the ride: ``RideCompletionStatus/completed`` from ``RidePhase/ongoing`` only; a
    /// cancellation from a cancelable phase (received through pickup) only.
    /// - Throws: ``RidePhaseError`` for any other combination.
    public mutating func complete(_ status: RideCompletionStatus) throws(RidePhaseError) {
        let allowed = status.isCanceled ? phase.isCancelable : phase == .ongoing
        guard allowed else { throw RidePhaseError(from: phase, to: .completed) }
        phase = .completed
        completionStatus = status
    }

    private enum CodingKeys: String, CodingKey {
        case rideIdentifier, phase, completionStatus, vehicle, driver, estimatedPickupDate, estimatedDropOffDate
        case pickupLocation, dropOffLocation, rideOption, partySize, scheduledPickupTime, bookedDate, date
        case distanceRemaining
    }

    /// Decodes a status, refusing ``RidePhase/unknown`` and a completed phase without a
    /// completion status (or a completion status on any other phase).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        rideIdentifier = try c.decode(String.self, forKey: .rideIdentifier)
        phase = try c.decode(RidePhase.self, forKey: .phase)
        completionStatus = try c.decodeIfPresent(RideCompletionStatus.self, forKey: .completionStatus)
        guard phase != .unknown, (phase == .completed) == (completionStatus != nil) else {
            throw DecodingError.dataCorruptedError(
                forKey: .completionStatus, in: c,
                debugDescription: "phase \(phase) with completion status \(completionStatus.map(\.rawValue) ?? "none")")
        }
        vehicle = try c.decodeIfPresent(RideVehicle.self, forKey: .vehicle)
        driver = try c.decodeIfPresent(RideDriver.self, forKey: .driver)
        estimatedPickupDate = try c.decodeIfPresent(Date.self, forKey: .estimatedPickupDate)
        estimatedDropOffDate = try c.decodeIfPresent(Date.self, forKey: .estimatedDropOffDate)
        pickupLocation = try c.decodeIfPresent(Placemark.self, forKey: .pickupLocation)
        dropOffLocation = try c.decodeIfPresent(Placemark.self, forKey: .dropOffLocation)
        rideOption = try c.decodeIfPresent(RideOption.self, forKey: .rideOption)
        partySize = try c.decodeIfPresent(Int.self, forKey: .partySize)
        scheduledPickupTime = try c.decodeIfPresent(Date.self, forKey: .scheduledPickupTime)
        bookedDate = try c.decode(Date.self, forKey: .bookedDate)
        date = try c.decode(Date.self, forKey: .date)
        distanceRemaining = try c.decodeIfPresent(Double.self, forKey: .distanceRemaining)
    }
}
