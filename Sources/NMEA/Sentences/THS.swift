import GNSS

/// THS — true heading and status.
///
/// `$INTHS,123.456,A*hh`. Fields: 1 heading (degrees true, 0...360), 2 mode indicator
/// (`A` autonomous, `E` estimated, `M` manual, `S` simulator, `V` not valid). 2 fields required.
public struct THS: Sendable, Equatable {
    /// Talker of the sentence.
    public var talker: Talker
    /// Heading relative to true north, degrees in [0, 360].
    @CompactDouble public var heading: Double? = nil
    /// Mode indicator.
    public var mode: HeadingMode?

    /// A THS with every field empty.
    public init(talker: Talker) { self.talker = talker }

    static func decode(_ f: inout Fields, talker: Talker) throws(NMEAError) -> THS {
        try f.require(2)
        var s = THS(talker: talker)
        s.heading = f.decimal(1, "heading", in: 0...360)
        s.mode = f.indicator(2, "mode indicator", as: HeadingMode.self)
        try f.check()
        return s
    }
}
