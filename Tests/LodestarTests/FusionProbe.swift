import Foundation
import Lodestar
import Testing

@Suite("fusion probe")
struct FusionProbe {
    @Test("figures", arguments: ["stationary-jitter", "drive-with-turns", "walk-to-pickup", "outage-mid-route", "cold-start", "vehicle-hdt", "boat-hdg"])
    func figures(_ trace: String) throws {
        var c = LocationConfiguration()
        c.fusion = .on
        let e = try FusionEvaluation(trace: trace, configuration: c)
        print("PROBE \(trace): \(e.summary)")
    }
}
