import Foundation
import GNSS
import Geodesy
import Testing

/// The TPV writer's memo (`replay --json` keeps one across epochs) writes the bytes written
/// without it, however the fixes change between calls.
@Suite("TPV memo")
struct TPVMemoTests {
    @Test("a sequence of fixes across minutes, with and without a geoid separation: the same text")
    func sameAsWithout() throws {
        var memo = TPVMemo()
        for i in 0..<150 {
            var fix = Fix()
            fix.mode = .threeD
            // 1 Hz across two minute boundaries, then a jump back and one before 1970.
            let seconds = i < 140 ? 1_710_057_600 + Double(i) * 0.999 : [-3.5, 12.0, 1_710_057_600][i % 3]
            fix.time = Date(timeIntervalSince1970: seconds)
            fix.coordinate = Coordinate(uncheckedLatitude: 47.37, longitude: 8.53)
            fix.altitudeMSL = 409.2
            fix.geoidSeparation = i % 7 == 3 ? nil : (i < 70 ? 47.4 : 47.5)
            var with: [UInt8] = []
            TPVEncoder.append(fix, to: &with, memo: &memo)
            #expect(String(decoding: with, as: UTF8.self) == TPVEncoder.string(fix), "fix \(i)")
        }
    }
}
