import LodestarInternals
import Testing

@Suite("powers of ten")
struct PowerOfTenTests {
    @Test("exact in range, clamped outside it")
    func values() {
        var exact: Int64 = 1
        for k in 0...18 {
            #expect(PowerOfTen.int64(k) == exact)
            if k <= 17 { #expect(PowerOfTen.double(k) == Double(exact)) }
            if k < 18 { exact *= 10 }
        }
        #expect(PowerOfTen.int64(-3) == 1 && PowerOfTen.int64(40) == 1_000_000_000_000_000_000)
        #expect(PowerOfTen.double(-1) == 1 && PowerOfTen.double(30) == 1e17)
    }
}
