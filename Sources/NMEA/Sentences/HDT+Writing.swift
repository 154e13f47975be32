extension HDT {
    /// The sentence, `$GPHDT,h.h,T*HH` + CR LF: the true heading in degrees with one decimal.
    package var text: String {
        SentenceWriter.heading(talker: talker, type: "HDT", heading, reference: UInt8(ascii: "T"))
    }
}
