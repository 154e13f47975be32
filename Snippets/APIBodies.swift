// The ride service's bodies as a client or a server of one's own writes and reads them: a ride
// request written as the service reads it, read back, and three bodies the service refuses, each
// with the member at fault. `swift run APIBodies`.
import Foundation
import Geodesy
import RideAPI

// snippet.write
// A request for two from Charing Cross to a gazetteer name, written as `POST /rides` takes it:
// members in sorted order, so the same request is always the same bytes.
let pickup = try Coordinate(latitude: 51.5085, longitude: -0.1247)
let request = RideRequestBody(pickup: pickup, dropOffName: "British Museum", partySize: 2)
let bytes = try APICoding.encode(request)
print("request: \(String(decoding: bytes, as: UTF8.self))")
// snippet.end

// snippet.read
// Read back strictly: the same request, and the domain's `RideRequest` that RideBooking resolves.
let read = try APICoding.decode(RideRequestBody.self, from: bytes)
print("read back: \(read == request ? "the same request" : "a different request")")
print("party size: \(read.rideRequest.partySize ?? 0)")
// snippet.end

// snippet.refuse
// What the service answers 400 to, with the member's path: an unknown member, a number out of
// its range, a latitude that is not one.
let refused = [
    #"{"partySize": 2, "luggage": 3}"#,
    #"{"partySize": 0}"#,
    #"{"pickupLocation": {"coordinate": {"latitude": 91, "longitude": 0}}}"#,
]
for body in refused {
    do {
        _ = try APICoding.decode(RideRequestBody.self, from: Array(body.utf8))
        print("accepted: \(body)")
    } catch {
        print("refused: \(error)")
    }
}
// snippet.end
