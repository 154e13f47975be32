import GNSS
import Testing

/// The SKY writer's memo (`replay --json` keeps one across epochs) writes the bytes written
/// without it, however the sky changes between calls.
@Suite("SKY memo")
struct SKYMemoTests {
    static func satellite(
        _ prn: Int, _ system: GNSSSystem?, _ el: Double?, _ az: Double?, _ ss: Double?,
        used: Bool = true
    ) -> SatelliteInView {
        var s = SatelliteInView(prn: prn, system: system, elevation: el, azimuth: az, snr: ss)
        s.used = used
        return s
    }

    static let base: [SatelliteInView] = [
        satellite(1, .gps, 42, 164, 44), satellite(2, .gps, 76, 194, 42), satellite(4, .gps, 6, 49, 37),
        satellite(5, .gps, 15, 355, 45), satellite(7, .gps, 84, 66, 29, used: false), satellite(70, .glonass, 13, 233, 45),
    ]

    @Test("each sky of a changing sequence: the same text with the memo as without, byte for byte")
    func sameAsWithout() throws {
        var skies: [[SatelliteInView]] = [Self.base, Self.base]
        var snr = Self.base
        snr[0].snr = 45  // a signal changes
        skies.append(snr)
        for value in [5, 99.5, -0.0, 1e300, 45] {  // shorter, with a fraction, signed, long
            snr[0].snr = value
            skies.append(snr)
        }
        var zero = snr
        zero[1].elevation = 0  // 0.0, then −0.0: written differently
        skies += [zero, zero]
        var negativeZero = zero
        negativeZero[1].elevation = -0.0
        skies.append(negativeZero)
        var empty = negativeZero
        empty[2].snr = nil  // a value left empty
        skies.append(empty)
        var used = empty
        used[4].used = true  // a satellite now used
        skies.append(used)
        var system = used
        system[3].system = .galileo  // another system: another PRN
        skies.append(system)
        var fraction = system
        fraction[5].azimuth = 233.25  // a fraction
        skies.append(fraction)
        var long = fraction
        long[0].elevation = 1e300  // text longer than a slot
        skies += [long, long]
        skies.append(long + [Self.satellite(20, .gps, 37, 39, 36)])  // one more satellite
        skies.append(Array(long.prefix(2)))  // fewer
        skies.append(Self.base)  // back to the first sky
        skies.append([])  // none

        var memo = SKYMemo()
        var distinct = Set<String>()
        for (i, sky) in skies.enumerated() {
            let fix = Fix(satellitesInView: sky)
            var with: [UInt8] = []
            SKYEncoder.append(fix, to: &with, memo: &memo)
            let without = try #require(SKYEncoder.string(fix))
            #expect(String(decoding: with, as: UTF8.self) == without, "sky \(i)")
            distinct.insert(without)
        }
        #expect(distinct.count == skies.count - 5, "five skies repeat one before them")
    }
}
