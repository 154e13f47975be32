import Geodesy

/// One vehicle of a ``Fleet``: where it stands, what it carries and whether it is free.
public struct Vehicle: Sendable, Hashable, Codable {
    /// The fleet's unique identifier, such as "LDN-0042". Rides are assigned by it.
    public var identifier: String
    /// Where the vehicle waits for work (its stand), WGS84. Assigned vehicles travel from here.
    public var position: Coordinate
    /// Course over ground, degrees clockwise from true north in [0, 360); nil when standing.
    public var course: Double?
    /// Seats for riders, ≥ 1.
    public var capacity: Int
    /// The ride option it serves, such as "Standard" or "XL".
    public var rideOptionName: String
    /// Travelling speed along its geodesics, metres per second, > 0.
    public var speed: Double
    /// Whether it can take work. Assignment to rides is recorded in the ride store, not here.
    public var state: VehicleState
    /// The registration plate.
    public var registrationPlate: String?
    /// The maker.
    public var manufacturer: String?
    /// The model.
    public var model: String?
    /// Who drives it.
    public var driver: RideDriver?

    public init(
        identifier: String, position: Coordinate, course: Double? = nil, capacity: Int, rideOptionName: String,
        speed: Double, state: VehicleState = .available, registrationPlate: String? = nil,
        manufacturer: String? = nil, model: String? = nil, driver: RideDriver? = nil
    ) {
        self.identifier = identifier
        self.position = position
        self.course = course
        self.capacity = capacity
        self.rideOptionName = rideOptionName
        self.speed = speed
        self.state = state
        self.registrationPlate = registrationPlate
        self.manufacturer = manufacturer
        self.model = model
        self.driver = driver
    }

    /// The vehicle as a rider sees it, at a given location and course.
    public func rideVehicle(at location: Coordinate? = nil, course: Double? = nil) -> RideVehicle {
        RideVehicle(
            identifier: identifier, location: location ?? position, course: course ?? self.course,
            registrationPlate: registrationPlate, manufacturer: manufacturer, model: model)
    }
}

/// Whether a vehicle can take work, as its fleet reports it.
public enum VehicleState: String, Sendable, Hashable, Codable, CaseIterable {
    /// Free for a new ride (unless the ride store has it on an active ride).
    case available
    /// Working for someone else: in the service area but not free.
    case busy
    /// Not working: ignored entirely.
    case offline
}

extension Vehicle {
    private enum CodingKeys: String, CodingKey {
        case identifier, position, course, capacity, rideOptionName, speed, state, registrationPlate, manufacturer
        case model, driver
    }

    /// Decodes a vehicle; `state` defaults to available, `course` and the descriptive fields to nil.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            identifier: try c.decode(String.self, forKey: .identifier),
            position: try c.decode(Coordinate.self, forKey: .position),
            course: try c.decodeIfPresent(Double.self, forKey: .course),
            capacity: try c.decode(Int.self, forKey: .capacity),
            rideOptionName: try c.decode(String.self, forKey: .rideOptionName),
            speed: try c.decode(Double.self, forKey: .speed),
            state: try c.decodeIfPresent(VehicleState.self, forKey: .state) ?? .available,
            registrationPlate: try c.decodeIfPresent(String.self, forKey: .registrationPlate),
            manufacturer: try c.decodeIfPresent(String.self, forKey: .manufacturer),
            model: try c.decodeIfPresent(String.self, forKey: .model),
            driver: try c.decodeIfPresent(RideDriver.self, forKey: .driver))
    }
}
