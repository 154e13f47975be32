import GNSS

/// HDT — heading, true: from a gyrocompass or a dual-antenna GNSS receiver.
///
/// `$GPHDT,123.456,T*hh`. Fields: 1 heading (degrees true, 0...360), 2 `T`. At least 1 field.
public struct HDT: Sendable, Equatable {
    /// Talker of the sentence.
    public var talker: Talker
    /// Heading relative to true north, degrees in [0, 360].
    @CompactDouble public var heading: Double? = nil

    /// An HDT with an empty heading.
    public init(talker: Talker) { self.talker = talker }

    static func decode(_ f: inout Fields, talker: Talker) throws(NMEAError) -> HDT {
        try f.require(1)
        var s = HDT(talker: talker)
        s.heading = f.decimal(1, "heading", in: 0...360)
        f.unit(2, "heading reference", 0x54)
        try f.check()
        return s
    }
}
