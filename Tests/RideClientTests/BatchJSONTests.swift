import Foundation
import Geodesy
import LodestarInternals
import RideAPI
import Testing

/// Issue 24: the batched form's own writer (`VehicleLocationBatchBody.jsonBytes`) says what
/// `JSONEncoder` says: the service reads back the same batch from both, for batches with every
/// member present or absent and numbers of every shape.
@Suite("The batched form's JSON writer")
struct BatchJSONTests {
    @Test("2,000 random batches read back the same from the writer's text as from JSONEncoder's")
    func sameAsJSONEncoder() throws {
        var random = SplitMix64(seed: 24)
        var compared = 0
        for _ in 0..<2_000 {
            let batch = Self.batch(&random)
            let ours = try APICoding.decode(VehicleLocationBatchBody.self, from: batch.jsonBytes)
            let theirs = try APICoding.decode(VehicleLocationBatchBody.self, from: APICoding.encode(batch))
            #expect(ours == theirs, "\(String(decoding: batch.jsonBytes, as: UTF8.self))")
            compared += ours.locations.count
        }
        #expect(compared > 2_000)
    }

    @Test("the text is compact JSON with the members in sorted order, the timestamp in milliseconds rounded down")
    func shape() throws {
        let batch = VehicleLocationBatchBody(locations: [
            VehicleLocationBody(
                vehicleIdentifier: "cab-7", coordinate: try Coordinate(latitude: 51.5085, longitude: -0.1247),
                timestamp: Date(timeIntervalSince1970: 1_795_000_000.123_9), horizontalAccuracy: 4.5, speed: 12, course: 359.5),
            VehicleLocationBody(vehicleIdentifier: "cab.8", coordinate: try Coordinate(latitude: -33.9, longitude: 151.2)),
        ])
        #expect(
            String(decoding: batch.jsonBytes, as: UTF8.self)
                == #"{"locations":[{"coordinate":{"latitude":51.5085,"longitude":-0.1247},"course":359.5,"horizontalAccuracy":4.5,"speed":12.0,"timestamp":"2026-11-18T11:06:40.123Z","vehicleIdentifier":"cab-7"},{"coordinate":{"latitude":-33.9,"longitude":151.2},"vehicleIdentifier":"cab.8"}]}"#
        )
    }

    /// A batch of 1 to 40 reports, each member present or not, numbers of many shapes.
    static func batch(_ random: inout SplitMix64) -> VehicleLocationBatchBody {
        let characters = Array("ABCXYZabcxyz0189._-")
        func number(_ range: ClosedRange<Double>, _ random: inout SplitMix64) -> Double {
            switch random.next() % 6 {
            case 0: range.lowerBound
            case 1: range.upperBound
            case 2: (Double.random(in: range, using: &random) * 1e3).rounded() / 1e3
            case 3: Double(Int.random(in: Int(range.lowerBound)...Int(range.upperBound), using: &random))
            case 4: range.contains(1e-7) ? 1e-7 : range.lowerBound
            default: Double.random(in: range, using: &random)
            }
        }
        let n = Int.random(in: 1...40, using: &random)
        let locations = (0..<n).map { _ -> VehicleLocationBody in
            let length = Int.random(in: 1...64, using: &random)
            let identifier = String((0..<length).map { _ in characters[Int(random.next() % UInt64(characters.count))] })
            let coordinate = Coordinate(
                uncheckedLatitude: number(-90...90, &random), longitude: number(-180...180, &random))
            let present = random.next()
            let seconds = Double.random(in: 946_684_800...4_102_444_800, using: &random)
            return VehicleLocationBody(
                vehicleIdentifier: identifier, coordinate: coordinate,
                timestamp: present & 1 == 0 ? Date(timeIntervalSince1970: seconds) : nil,
                horizontalAccuracy: present & 2 == 0 ? number(0...100_000, &random) : nil,
                speed: present & 4 == 0 ? number(0...200, &random) : nil,
                course: present & 8 == 0 ? min(number(0...359.999, &random), 359.999) : nil)
        }
        return VehicleLocationBatchBody(locations: locations)
    }
}
