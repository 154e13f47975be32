import LodestarInternals
import Testing

@Suite("Duration in seconds, both ways")
struct DurationSecondsTests {
    @Test("seconds of a duration")
    func seconds() {
        #expect(Duration.milliseconds(1500).seconds == 1.5)
        #expect(Duration.seconds(-2).seconds == -2)
        #expect(Duration.nanoseconds(1).seconds == 1e-9)
        #expect(Duration.zero.seconds == 0)
    }

    @Test("checked conversion accepts finite, in-range values and rounds to the nanosecond")
    func accepted() {
        #expect(Duration(checkedSeconds: 1.5) == .milliseconds(1500))
        #expect(Duration(checkedSeconds: 0) == .zero)
        #expect(Duration(checkedSeconds: 2.000_000_000_4) == .seconds(2))
        #expect(Duration(checkedSeconds: -3, allowingNegative: true) == .seconds(-3))
        #expect(Duration(checkedSeconds: 9.2e9) == .seconds(9_200_000_000))
    }

    @Test("checked conversion refuses NaN, infinities, negatives and what Int64 nanoseconds cannot hold")
    func refused() {
        for bad in [Double.nan, .infinity, -.infinity, -1, -1e-12, 9.3e9, 1e300, .greatestFiniteMagnitude] {
            #expect(Duration(checkedSeconds: bad) == nil, "\(bad)")
        }
        #expect(Duration(checkedSeconds: -9.3e9, allowingNegative: true) == nil)
        #expect(Duration(checkedSeconds: .nan, allowingNegative: true) == nil)
    }
}
