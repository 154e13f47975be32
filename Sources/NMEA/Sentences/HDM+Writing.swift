extension HDM {
    /// The sentence, `$HCHDM,h.h,M*HH` + CR LF: the magnetic heading in degrees with one decimal.
    package var text: String {
        SentenceWriter.heading(talker: talker, type: "HDM", heading, reference: UInt8(ascii: "M"))
    }
}
