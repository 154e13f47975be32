import RideBooking

/// A SiriKit intent response code: an `Int` raw value on the wire, with its case name beside it
/// for people (`codeName`). Clients compare the typed code, never the name.
public protocol IntentResponseCode: RawRepresentable<Int>, Codable, Sendable, Hashable, CaseIterable {}

extension RequestRideIntentResponseCode: IntentResponseCode {}
extension GetRideStatusIntentResponseCode: IntentResponseCode {}
extension CancelRideIntentResponseCode: IntentResponseCode {}
extension ListRideOptionsIntentResponseCode: IntentResponseCode {}
