// A tracker on gpsd: fused locations from a live receiver, as an application on a vehicle or a
// robot would print them. `swift run TrackGPSD [HOST[:PORT[:DEVICE]]] [COUNT]` (default
// localhost:2947, or GPSD_HOST and GPSD_PORT, as gpsd's own clients read them; 5 locations).
import Foundation
import GPSD
import Lodestar

// snippet.source
// gpsd through libgps, on a thread of its own; reconnects by itself if gpsd goes away.
let arguments = CommandLine.arguments.dropFirst()
let endpoint = try GPSDEndpoint(spec: arguments.first, environment: ProcessInfo.processInfo.environment)
let manager = LocationManager(source: GPSDSource(endpoint: endpoint))
// snippet.end
let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 5

// snippet.track
// Fused by default: a Kalman filter over the fixes' stated accuracies and Doppler velocity.
// Leaving the loop stops the source (and gpsd stops the receiver when no client watches).
var received = 0
for await event in manager.updates() {
    switch event {
    case .location(let location):
        print(
            "\(location.timestamp)  \(location.coordinate)  ±\(location.horizontalAccuracy ?? .nan) m",
            "\(location.speed ?? .nan) m/s  \(location.kind)")
        received += 1
    case .sourceState(let state):
        print("gpsd \(endpoint): \(state)")
    default:
        break
    }
    if received == count { break }
}
// snippet.end
