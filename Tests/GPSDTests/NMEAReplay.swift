import Foundation
import NMEA
import TestSupport

/// What `lodestar replay` makes of an NMEA file: the NMEA module's decoder and epoch assembler
/// (the same code the command runs), one ``Epoch`` per receiver epoch.
enum NMEAReplay {
    static func epochs(ofFile path: String) throws -> [Epoch] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var decoder = NMEADecoder()
        var epochs: [Epoch] = []
        let collect: (NMEADecoder.Event) -> Void = { event in
            if case .epoch(let epoch) = event { epochs.append(Epoch(fix: epoch.fix)) }
        }
        decoder.decode(bytes, collect)
        decoder.finish(collect)
        return epochs
    }
}
