// The checks the NMEA fuzzer makes on every input, in a target of their own so that the libFuzzer
// executable (`FuzzNMEA`, built by `make fuzz`) and the ordinary tests (NMEATests, which replay
// the committed corpus in Fuzz/Corpus on every `make test`) call the same function.
//
// For each input it checks, besides "no crash, no hang, no memory error":
// - the single-sentence parser, strict and lenient, on the whole input, and its JSON description
//   (what `lodestar nmea decode` prints);
// - that decoding the input in one chunk and in small chunks gives the same events;
// - that every epoch is sane (coordinates in range, a position only with a 2D/3D fix, line
//   numbers ordered) and that the encoders accept it.
// A failed check stops the process (`precondition`), which is what libFuzzer records as a crash.

import GNSS
import NMEA

/// The fuzzer's checks on one input.
package enum NMEAFuzzing {
    /// Runs every check on `bytes` (any bytes, any length); traps when one fails.
    package static func check(_ bytes: UnsafeBufferPointer<UInt8>) {
        let strict = NMEAParser()
        let lenient = NMEAParser(options: .init(lenient: true))
        if let s = try? strict.parse(bytes) {
            // What strict parsing accepts, lenient parsing accepts identically.
            precondition((try? lenient.parse(bytes)) == s, "lenient parsing disagrees with strict parsing")
        } else {
            _ = try? lenient.parse(bytes)
        }

        // `lodestar nmea decode` on the input as one line: a description or a rejection, as JSON.
        let described = NMEASentenceDescription.json(lineBytes: bytes, number: 1)
        precondition(described.hasPrefix("{") && described.hasSuffix("}"), "not a JSON object")

        let whole = decodeEvents(bytes, chunk: bytes.count)
        // Chunk size chosen by the input itself, so that the fuzzer explores chunk boundaries.
        let pieces = decodeEvents(bytes, chunk: bytes.first.map { Int($0 % 16) + 1 } ?? 1)
        precondition(whole == pieces, "chunked decoding differs from whole decoding")

        var out: [UInt8] = []
        for event in whole {
            guard case .epoch(let epoch) = event else { continue }
            precondition(epoch.firstLine <= epoch.lastLine, "epoch lines out of order")
            let fix = epoch.fix
            if let c = fix.coordinate {
                precondition(fix.mode >= .twoD, "a position without a fix")
                precondition(
                    c.latitude >= -90 && c.latitude <= 90 && c.longitude >= -180 && c.longitude < 180,
                    "coordinate out of range")
            }
            if let course = fix.course { precondition(course >= 0 && course < 360, "course out of range") }
            TPVEncoder.append(fix, to: &out)
            GPXEncoder.appendPoint(fix, to: &out)
            CSVEncoder.appendRow(fix, to: &out)
        }
    }

    /// The stream decoder's events for `bytes` handed over in chunks of `chunk` bytes (at least 1).
    static func decodeEvents(_ bytes: UnsafeBufferPointer<UInt8>, chunk: Int) -> [NMEADecoder.Event] {
        var decoder = NMEADecoder(options: .init(maxLineLength: 512))
        var events: [NMEADecoder.Event] = []
        let step = max(chunk, 1)
        var i = 0
        while i < bytes.count {
            let n = min(step, bytes.count - i)
            decoder.decode(UnsafeRawBufferPointer(start: bytes.baseAddress.map { $0 + i }, count: n)) { events.append($0) }
            i += n
        }
        decoder.finish { events.append($0) }
        return events
    }
}
