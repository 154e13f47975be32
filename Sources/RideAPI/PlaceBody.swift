import Geodesy
import RideBooking

/// The API's `Placemark` in a request, read strictly: a name to look up (1...200 characters), a
/// coordinate, or both, and an address (0...200 characters); nothing else.
public struct PlaceBody: Sendable, Hashable, Codable {
    /// The place as the domain holds it.
    public var placemark: Placemark

    public init(_ placemark: Placemark) { self.placemark = placemark }

    /// A place with a coordinate, a name, or both; nil when neither is given.
    public init?(coordinate: Coordinate?, name: String?) {
        guard coordinate != nil || name != nil else { return nil }
        self.init(Placemark(name: name, coordinate: coordinate))
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case name, coordinate, address }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
        let name = try c.string(.name)
        let coordinate = try c.coordinate(.coordinate)
        guard name != nil || coordinate != nil else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "a place needs a name or a coordinate"))
        }
        placemark = Placemark(name: name, coordinate: coordinate, address: try c.string(.address, length: 0...200))
    }

    public func encode(to encoder: any Encoder) throws { try placemark.encode(to: encoder) }
}
