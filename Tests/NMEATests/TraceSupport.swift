import Foundation
import NMEA
import TestSupport

/// Helpers for tests that decode real logs or small hand-assembled streams.
enum TraceSupport {
    /// The bytes of a shared gpsd log.
    static func log(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: SharedData.gpsdTraces.appendingPathComponent(name)))
    }

    /// All events of decoding `bytes` in chunks of `chunk` bytes (0 = one chunk).
    static func events(_ bytes: [UInt8], chunk: Int = 0, options: NMEADecoder.Options = .init()) -> (
        events: [NMEADecoder.Event], statistics: NMEAStatistics
    ) {
        var decoder = NMEADecoder(options: options)
        var events: [NMEADecoder.Event] = []
        let collect: (NMEADecoder.Event) -> Void = { events.append($0) }
        if chunk <= 0 {
            decoder.decode(bytes, collect)
        } else {
            var i = 0
            while i < bytes.count {
                decoder.decode(Array(bytes[i..<min(bytes.count, i + chunk)]), collect)
                i += chunk
            }
        }
        decoder.finish(collect)
        return (events, decoder.statistics)
    }

    static func epochs(_ bytes: [UInt8], options: NMEADecoder.Options = .init()) -> [NMEAEpoch] {
        events(bytes, options: options).events.compactMap { if case .epoch(let e) = $0 { e } else { nil } }
    }

    static func rejections(_ bytes: [UInt8]) -> [NMEADecoder.RejectedLine] {
        events(bytes).events.compactMap { if case .rejected(let r) = $0 { r } else { nil } }
    }

    /// `body` framed as a sentence: `$` + body + `*hh` with its checksum, and CR LF.
    static func sentence(_ body: String) -> String { NMEAFraming.sentence(body) + "\r\n" }

    static func bytes(_ sentences: [String]) -> [UInt8] { Array(sentences.joined().utf8) }
}
