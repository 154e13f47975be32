// A test trace made to order: a receiver walking a route with seeded GNSS noise, written as NMEA
// with its ground truth, then decoded again and compared with the truth.
// `swift run SynthesizeTrace`.
import Foundation
import GNSS
import Geodesy
import NMEA
import TraceSynthesis

// snippet.specification
// A walk from Covent Garden to Charing Cross at 1.4 m/s, one fix a second, then 60 s standing;
// white noise of 3 m (one sigma) on each axis, GGA GSA GST RMC from a multi-GNSS receiver.
let specification = TraceSpecification(
    waypoints: [
        try Coordinate(latitude: 51.51190, longitude: -0.12280), try Coordinate(latitude: 51.50850, longitude: -0.12470),
    ],
    speeds: [1.4], holdEnd: 60, rate: 1, noise: 3, receiver: .multiGNSS,
    start: Date(timeIntervalSince1970: 1_773_480_600), seed: 7)
let trace = try TraceSynthesizer(specification).synthesize()
print("\(trace.epochs.count) epochs, \(trace.nmea.utf8.count) bytes of NMEA")
print(trace.nmea.split(separator: "\r\n").prefix(4).joined(separator: "\n"))
// snippet.end

// snippet.compare
// Decode the NMEA as any receiver's, and compare each fix with the truth at its time.
var decoder = NMEADecoder()
var fixes: [Fix] = []
decoder.decode(Array(trace.nmea.utf8)) { if case .epoch(let epoch) = $0 { fixes.append(epoch.fix) } }
decoder.finish { if case .epoch(let epoch) = $0 { fixes.append(epoch.fix) } }
// Times to the centisecond, as NMEA writes them.
func centiseconds(_ date: Date) -> Int { Int((date.timeIntervalSince1970 * 100).rounded()) }
let truth = Dictionary(trace.epochs.map { (centiseconds($0.time), $0.coordinate) }, uniquingKeysWith: { first, _ in first })
var squares = 0.0
var inside = 0
var compared = 0
for fix in fixes {
    guard let time = fix.time, let truePosition = truth[centiseconds(time)], let reported = fix.coordinate,
        let accuracy = fix.errors.horizontalAccuracy
    else { continue }
    let error = Geodesic.wgs84.inverse(from: truePosition, to: reported).distance
    squares += error * error
    if error <= accuracy { inside += 1 }
    compared += 1
}
// Two axes of σ 3 m: the radial error's RMS is √2 σ = 4.24 m, the stated accuracy (GST's
// √(σ_lat² + σ_lon²), the 2D RMS radius); for a circular Gaussian that circle holds 1 − e⁻¹ = 63%.
print(
    "\(compared) fixes: RMS horizontal error \((squares / Double(compared)).squareRoot()) m,",
    "\(Double(inside) / Double(compared) * 100)% within the stated accuracy")
// snippet.end
