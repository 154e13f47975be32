import GNSS
import Testing

/// The error model and the confidence conversions, as documented in docs/nmea-error-model.md.
@Suite("error model")
struct ErrorModelTests {
    @Test("DOP × σ_UERE, by fix quality")
    func dopTimesUERE() {
        let uere = UserRangeError()
        let autonomous = uere.estimates(hdop: 1.2, vdop: 2.0, quality: .gps)
        #expect(autonomous.horizontal == Uncertainty(1.2 * 5.0, .oneSigma))
        #expect(autonomous.vertical == Uncertainty(2.0 * 5.0, .oneSigma))
        #expect(uere.estimates(hdop: 1, vdop: nil, quality: .dgps).horizontalAccuracy == 1.0)
        #expect(uere.estimates(hdop: 1, vdop: nil, quality: .rtkFixed).horizontalAccuracy == 0.02)
        #expect(uere.estimates(hdop: 1, vdop: nil, quality: .rtkFloat).horizontalAccuracy == 0.3)
        #expect(uere.estimates(hdop: nil, vdop: nil, quality: .gps) == ErrorEstimates())
        #expect(uere.estimates(hdop: 0, vdop: -1, quality: .gps) == ErrorEstimates())
    }

    @Test("gpsd's 95% figures convert to one sigma: horizontal ÷ 2, vertical ÷ 1.96")
    func conversions() {
        let e = ErrorEstimates(horizontal: Uncertainty(17.29, .horizontal95), vertical: Uncertainty(29.21, .vertical95))
        #expect(e.horizontalAccuracy == 17.29 / 2)
        #expect(e.verticalAccuracy == 29.21 / 1.96)
    }
}
