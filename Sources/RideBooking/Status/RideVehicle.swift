import Geodesy

/// The vehicle of a ride as the rider sees it, after SiriKit's `INRideVehicle`.
public struct RideVehicle: Sendable, Hashable, Codable {
    /// The fleet's identifier for the vehicle, such as "LDN-0042".
    public var identifier: String
    /// Where the vehicle is, WGS84; nil when unknown.
    public var location: Coordinate?
    /// Its course over ground, degrees clockwise from true north in [0, 360); nil when unknown
    /// (standing still). SiriKit rotates the vehicle's map symbol by it.
    public var course: Double?
    /// The registration plate, such as "LD26 RDE".
    public var registrationPlate: String?
    /// The maker, such as "Toyota".
    public var manufacturer: String?
    /// The model, such as "Prius".
    public var model: String?

    public init(
        identifier: String, location: Coordinate? = nil, course: Double? = nil, registrationPlate: String? = nil,
        manufacturer: String? = nil, model: String? = nil
    ) {
        self.identifier = identifier
        self.location = location
        self.course = course
        self.registrationPlate = registrationPlate
        self.manufacturer = manufacturer
        self.model = model
    }
}
