extension HDM {
    /// The sentence, `$HCHDM,h.h,M*HH` + CR LF: the magnetic heading in degrees with one decimal.
    package var text: String {
        var w = SentenceWriter(talker: talker, type: "HDM")
        w.field(heading, decimals: 1)
        w.letter(UInt8(ascii: "M"))
        return w.sentence
    }
}
