extension NMEASentenceDescription {
    /// What `lodestar nmea decode` prints for one line of a stream (its line end excluded, as
    /// ``NMEALineSplitter`` hands it out): nothing for a blank or `#` comment line, otherwise one
    /// JSON object per part of the line, by the rule ``NMEADecoder`` follows (`LineSentences`): a
    /// sentence after leading garbage or after another, interrupted, sentence is described, and
    /// the part before it is a `framing` rejection (``NMEAError/json(line:)``) with `number`.
    ///
    /// ``json(line:number:parser:)`` judges a line as one sentence, as the test vectors do: there,
    /// `abc$GPRMC,...` is a `framing` error; here it is a rejection of `abc` and the RMC.
    public static func forEachJSON(
        inLine bytes: UnsafeBufferPointer<UInt8>, number: Int, parser: NMEAParser = NMEAParser(),
        _ body: (String) -> Void
    ) {
        guard case .text(let lo) = LineSentences.content(bytes.baseAddress, bytes.count),
            let base = bytes.baseAddress
        else { return }
        LineSentences.parse(
            base + lo, bytes.count - lo,
            { (p, n) throws(NMEAError) in
                body(
                    try NMEASentenceDescription(line: Latin1.string(UnsafeBufferPointer(start: p, count: n)), parser: parser).json
                )
            },
            { error, _ in
                body(error.json(line: number))
            })
    }
}
