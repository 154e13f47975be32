// libFuzzer target for the NMEA parser, the stream decoder and the epoch assembler.
//
// Built by `make fuzz`, which compiles this file together with the Geodesy (Angle, Coordinate),
// GNSS and NMEA sources as one module (their `import` lines removed) with
// `swiftc -sanitize=fuzzer,address -parse-as-library`.
//
// For each input it checks, besides "no crash, no hang, no memory error":
// - the single-sentence parser, strict and lenient, on the whole input, and its JSON description
//   (what `lodestar nmea decode` prints);
// - that decoding the input in one chunk and in small chunks gives the same events;
// - that every epoch is sane (coordinates in range, a position only with a 2D/3D fix, line
//   numbers ordered) and that the encoders accept it.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNMEA(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
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

    let whole = decodeEvents(bytes, chunk: size)
    // Chunk size chosen by the input itself, so that the fuzzer explores chunk boundaries.
    let pieces = decodeEvents(bytes, chunk: size > 0 ? Int(data[0] % 16) + 1 : 1)
    precondition(whole == pieces, "chunked decoding differs from whole decoding")

    var out: [UInt8] = []
    for event in whole {
        guard case .epoch(let epoch) = event else { continue }
        precondition(epoch.firstLine <= epoch.lastLine, "epoch lines out of order")
        let fix = epoch.fix
        if let c = fix.coordinate {
            precondition(fix.mode >= .twoD, "a position without a fix")
            precondition(c.latitude >= -90 && c.latitude <= 90 && c.longitude >= -180 && c.longitude < 180,
                         "coordinate out of range")
        }
        if let course = fix.course { precondition(course >= 0 && course < 360, "course out of range") }
        TPVEncoder.append(fix, to: &out)
        GPXEncoder.appendPoint(fix, to: &out)
        CSVEncoder.appendRow(fix, to: &out)
    }
    return 0
}

func decodeEvents(_ bytes: UnsafeBufferPointer<UInt8>, chunk: Int) -> [NMEADecoder.Event] {
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
