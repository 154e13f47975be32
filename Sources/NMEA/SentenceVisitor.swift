/// Receives each decoded sentence from ``NMEAParser/parse(_:_:into:)``: the typed value of a
/// registered type (see ``SentenceRegistry``), or the kind of a recognised but undecoded
/// sentence. (Internal: the stream decoder uses it to pass sentences to the assembler without
/// building an ``NMEASentence``.)
protocol SentenceVisitor {
    /// A sentence of a registered type; `ordinal` is the type's place in the registry.
    mutating func visit<S: RegisteredSentence>(_ s: S, ordinal: Int)
    /// An undecoded sentence: `.unsupported`, `.proprietary` or `.encapsulated`.
    mutating func visit(_ s: NMEASentence)
}

/// The visitor behind the public parser API: keeps the sentence as an ``NMEASentence``.
struct SentenceBuilder: SentenceVisitor {
    var sentence: NMEASentence?

    mutating func visit<S: RegisteredSentence>(_ s: S, ordinal: Int) { sentence = s.sentence }
    mutating func visit(_ s: NMEASentence) { sentence = s }
}
