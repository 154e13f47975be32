import Foundation
import Geodesy
import LodestarInternals
import RideAPI
import Testing

/// Issue 24: the service reads the batched form with its own reader when the text is a plain
/// valid batch (`APICoding.decodeBatch`), and through `JSONDecoder` otherwise. Both must give the
/// same batch, or the same refusal.
@Suite("The batched form's reader")
struct BatchReaderTests {
    @Test(
        "2,000 random batches, as either writer writes them or with members reordered and spaced: the reader's batch is JSONDecoder's"
    )
    func sameAsJSONDecoder() throws {
        var random = SplitMix64(seed: 2_024)
        var fast = 0
        for n in 0..<2_000 {
            let batch = BatchJSONTests.batch(&random)
            let texts = [Array(try APICoding.encode(batch)), batch.jsonBytes, Self.loose(batch, &random)]
            for text in texts {
                let expected = try APICoding.decode(VehicleLocationBatchBody.self, from: text)
                let read = VehicleLocationBatchReader.read(text)
                #expect(read == nil || read == expected, "batch \(n): \(String(decoding: text, as: UTF8.self))")
                if read != nil { fast += 1 }
                #expect(try APICoding.decodeBatch(text) == expected)
            }
        }
        // The fast path is the common path: every text the writers write takes it.
        #expect(fast == 6_000)
    }

    @Test(
        "20,000 damaged batches: the reader gives JSONDecoder's batch or leaves the text to it, and every refusal is JSONDecoder's"
    )
    func damaged() throws {
        var random = SplitMix64(seed: 26)
        let bytes = Array(#"{}[],:"\ -+.eE0159naN tfu"#.utf8) + [0, 0x7F, 0xC3, 0xFF]
        var refused = 0
        var accepted = 0
        for _ in 0..<20_000 {
            var text = BatchJSONTests.batch(&random).jsonBytes
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let i = Int.random(in: 0..<text.count, using: &random)
                switch random.next() % 3 {
                case 0: text[i] = bytes[Int(random.next() % UInt64(bytes.count))]
                case 1: text.remove(at: i)
                default: text.insert(bytes[Int(random.next() % UInt64(bytes.count))], at: i)
                }
            }
            let expected = try? APICoding.decode(VehicleLocationBatchBody.self, from: text)
            let read = VehicleLocationBatchReader.read(text)
            if let read {
                #expect(read == expected, "\(String(decoding: text, as: UTF8.self))")
            }
            do {
                let batch = try APICoding.decodeBatch(text)
                #expect(batch == expected)
                accepted += 1
            } catch {
                #expect(expected == nil)
                refused += 1
            }
        }
        #expect(refused > 5_000 && accepted > 1_000, "\(refused) refused, \(accepted) accepted")
    }

    /// The batch's JSON with each object's members in a random order, spaces and newlines between
    /// tokens, and numbers in exponent form now and then.
    static func loose(_ batch: VehicleLocationBatchBody, _ random: inout SplitMix64) -> [UInt8] {
        func space(_ random: inout SplitMix64) -> String { ["", " ", "\n  ", "\t", "\r\n"][Int(random.next() % 5)] }
        func number(_ x: Double, _ random: inout SplitMix64) -> String {
            random.next() % 4 == 0 ? String(format: "%.17e", x) : "\(x)"
        }
        func object(_ members: [(String, String)], _ random: inout SplitMix64) -> String {
            let shuffled = members.shuffled(using: &random)
            return "{"
                + shuffled.map { "\(space(&random))\"\($0.0)\"\(space(&random)):\(space(&random))\($0.1)" }
                .joined(separator: ",") + space(&random) + "}"
        }
        let locations = batch.locations.map { location -> String in
            var members: [(String, String)] = [
                (
                    "coordinate",
                    object(
                        [
                            ("latitude", number(location.coordinate.latitude, &random)),
                            ("longitude", number(location.coordinate.longitude, &random)),
                        ], &random)
                )
            ]
            if let id = location.vehicleIdentifier { members.append(("vehicleIdentifier", "\"\(id)\"")) }
            if let time = location.timestamp {
                members.append(("timestamp", "\"\(ISO8601.string(time, fractionDigits: 3, rounding: .down))\""))
            }
            if let x = location.horizontalAccuracy { members.append(("horizontalAccuracy", number(x, &random))) }
            if let x = location.speed { members.append(("speed", number(x, &random))) }
            if let x = location.course { members.append(("course", number(x, &random))) }
            return object(members, &random)
        }
        let text = space(&random) + "{\"locations\":[" + locations.joined(separator: "," + space(&random)) + "]}" + space(&random)
        return Array(text.utf8)
    }
}
