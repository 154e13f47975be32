import LodestarInternals

/// A sentence type Lodestar decodes: what the ``SentenceRegistry`` knows of each.
///
/// - its three-letter code (``type``) and whether it has a UTC time field (``carriesTime``);
/// - what decodes it: ``decode(_:talker:)``, in the field readers' one convention
///   (`Framing/FieldDecoding.swift`), written in the sentence's own file (`Sentences/GGA.swift`);
/// - what describes it: ``describe(into:_:)``, the keys of `lodestar nmea decode`
///   (`Description/NMEASentenceDescription+Decoded.swift`);
/// - what it brings to an epoch: ``contribute(to:)`` (`Epochs/EpochBuilder.swift`);
/// - its case of the public ``NMEASentence``.
protocol RegisteredSentence: Sendable, Equatable {
    /// The three-character sentence formatter, `GGA`.
    static var type: SentenceType { get }
    /// Whether sentences of this type have a UTC time field (which may be empty): the epoch
    /// assembler's cycle boundaries depend on it.
    static var carriesTime: Bool { get }
    /// Decodes the fields of one sentence of this type.
    /// - Throws: ``NMEAError/Reason/truncated`` for too few fields, ``NMEAError/Reason/badField``
    ///   for the first field that does not read.
    static func decode(_ fields: inout Fields, talker: Talker) throws(NMEAError) -> Self
    /// The talker of the sentence.
    var talker: Talker { get }
    /// The UTC time of day the sentence carries; nil when it has no time field or it is empty.
    var time: TimeOfDay? { get }
    /// The sentence as the public enum.
    var sentence: NMEASentence { get }
    /// Appends the type's keys of the sentence's description, in field order.
    func describe(into o: inout JSONObjectText, _ description: NMEASentenceDescription)
    /// Adds what the sentence says to the epoch being assembled.
    func contribute(to epoch: inout EpochBuilder)
}

extension RegisteredSentence {
    /// Types without a time field.
    var time: TimeOfDay? { nil }
}

/// Something done with the registered types one by one, in registry order (see
/// ``SentenceRegistry/walk(_:)``).
protocol RegistryWalker {
    associatedtype Failure: Error
    /// Called with the registered type `S`, entry `ordinal` (0-based) of the registry. Returns
    /// true to stop the walk.
    mutating func visit<S: RegisteredSentence>(_ type: S.Type, ordinal: Int) throws(Failure) -> Bool
}
