extension HDG {
    /// The sentence, `$HCHDG,h.h,d.d,E,v.v,W*HH` + CR LF: the magnetic sensor heading, deviation
    /// and variation in degrees with one decimal (east positive), empty when unknown.
    package var text: String {
        var w = SentenceWriter(talker: talker, type: "HDG")
        w.field(heading, decimals: 1)
        w.eastWest(deviation, decimals: 1)
        w.eastWest(variation, decimals: 1)
        return w.sentence
    }
}
