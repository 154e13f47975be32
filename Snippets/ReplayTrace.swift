// A recorded walk replayed through a LocationManager on a virtual clock, as a test of an
// application would: the same rules as live, deterministic, and as fast as the machine goes.
// `swift run ReplayTrace [Traces/walk-to-pickup.nmea]`.
import Geodesy
import Lodestar

// snippet.manager
// The trace is paced by its own timestamps; `.virtual` never sleeps, so 6 minutes replay at once.
let path = CommandLine.arguments.dropFirst().first ?? "Traces/walk-to-pickup.nmea"
let manager = LocationManager(source: try NMEATraceSource(path: path), clock: .virtual)

// The rules, as CoreLocation's: withhold fixes worse than ±10 m (68%), deliver a location only
// when it is 5 m from the last one delivered, and watch for arrival within 20 m of the pickup.
manager.desiredAccuracy = try .meters(10)
try manager.setDistanceFilter(5)
let pickup = try Coordinate(latitude: 51.50850, longitude: -0.12470)
manager.configuration.arrivalRegion = try ArrivalRegion(destination: pickup, entryRadius: 20)
// snippet.end

// snippet.updates
// Iterating starts the trace; the iteration ends by itself at the end of the trace.
var delivered = 0
for await event in manager.updates() {
    switch event {
    case .location(let location):
        delivered += 1
        let guidance = Guidance(from: location, heading: location.course, to: pickup)
        print(
            "\(location.timestamp)  \(location.coordinate)  ±\(location.horizontalAccuracy ?? .nan) m",
            "\(guidance.distance) m to go, bearing \(guidance.bearing)°")
    case .arrived(let arrival):
        print("arrived at \(arrival.location.timestamp): \(arrival.distance) m from the pickup")
    default:
        break
    }
}
// snippet.end

// snippet.last
// The manager keeps the last location it delivered, as CLLocationManager.location does.
if let last = manager.location {
    print("last location: \(last.timestamp)  \(last.coordinate)  ±\(last.horizontalAccuracy ?? .nan) m")
}
print("\(delivered) locations delivered")
// snippet.end
