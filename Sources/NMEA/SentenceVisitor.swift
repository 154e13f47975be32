/// Receives each decoded sentence from ``NMEAParser/parse(_:_:into:)``: the typed value of a
/// decoded type, or the kind of a recognised but undecoded sentence. (Internal: the stream
/// decoder uses it to pass sentences to the assembler without building an ``NMEASentence``.)
protocol SentenceVisitor {
    mutating func visit(_ s: GGA)
    mutating func visit(_ s: RMC)
    mutating func visit(_ s: GLL)
    mutating func visit(_ s: GSA)
    mutating func visit(_ s: GSV)
    mutating func visit(_ s: VTG)
    mutating func visit(_ s: GST)
    mutating func visit(_ s: GBS)
    mutating func visit(_ s: ZDA)
    mutating func visit(_ s: GNS)
    mutating func visit(_ s: HDT)
    mutating func visit(_ s: HDG)
    mutating func visit(_ s: HDM)
    mutating func visit(_ s: THS)
    /// An undecoded sentence: `.unsupported`, `.proprietary` or `.encapsulated`.
    mutating func visit(_ s: NMEASentence)
}

/// The visitor behind the public parser API: keeps the sentence as an ``NMEASentence``.
struct SentenceBuilder: SentenceVisitor {
    var sentence: NMEASentence?

    mutating func visit(_ s: GGA) { sentence = .gga(s) }
    mutating func visit(_ s: RMC) { sentence = .rmc(s) }
    mutating func visit(_ s: GLL) { sentence = .gll(s) }
    mutating func visit(_ s: GSA) { sentence = .gsa(s) }
    mutating func visit(_ s: GSV) { sentence = .gsv(s) }
    mutating func visit(_ s: VTG) { sentence = .vtg(s) }
    mutating func visit(_ s: GST) { sentence = .gst(s) }
    mutating func visit(_ s: GBS) { sentence = .gbs(s) }
    mutating func visit(_ s: ZDA) { sentence = .zda(s) }
    mutating func visit(_ s: GNS) { sentence = .gns(s) }
    mutating func visit(_ s: HDT) { sentence = .hdt(s) }
    mutating func visit(_ s: HDG) { sentence = .hdg(s) }
    mutating func visit(_ s: HDM) { sentence = .hdm(s) }
    mutating func visit(_ s: THS) { sentence = .ths(s) }
    mutating func visit(_ s: NMEASentence) { sentence = s }
}
