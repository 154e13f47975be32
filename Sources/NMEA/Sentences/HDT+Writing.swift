extension HDT {
    /// The sentence, `$GPHDT,h.h,T*HH` + CR LF: the true heading in degrees with one decimal.
    package var text: String {
        var w = SentenceWriter(talker: talker, type: "HDT")
        w.field(heading, decimals: 1)
        w.letter(UInt8(ascii: "T"))
        return w.sentence
    }
}
