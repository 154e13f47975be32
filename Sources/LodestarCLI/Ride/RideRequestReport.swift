import Foundation
import RideBooking

/// What `lodestar ride request --json` prints: every resolution step, confirm's and handle's
/// responses, and the ride's status.
struct RideRequestReport: Encodable {
    /// One resolved parameter.
    struct Step: Encodable {
        /// SiriKit's parameter name: pickupLocation, dropOffLocation, partySize, rideOptionName,
        /// scheduledPickupTime, paymentMethod.
        var parameter: String
        /// success, disambiguation, confirmationRequired, needsValue, notRequired or unsupported.
        var outcome: String
        /// The value settled or proposed, as text.
        var value: String?
        /// The place settled or proposed.
        var placemark: Placemark?
        /// The choices of a disambiguation, nearest first.
        var choices: [Placemark]?
        /// Why a value is unsupported or needed.
        var reason: String?
        /// Where the proposal came from (the current location and its snapping).
        var note: String?
        /// How the proposal was settled: "yes" (--yes), "terminal" (the user answered), or nil.
        var acceptedBy: String?
    }

    var steps: [Step] = []
    var confirm: RequestRideIntentResponse?
    var handle: RequestRideIntentResponse?
    var rideStatus: RideStatus?
}
