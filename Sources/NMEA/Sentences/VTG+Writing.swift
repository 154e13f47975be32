extension VTG {
    /// The sentence, `$GPVTG,c.c,T,m.m,M,k.kkk,N,s.sss,K[,m]*HH` + CR LF: courses with one
    /// decimal, speeds with three; the units always, the mode (NMEA 2.3) only when there is one.
    package var text: String {
        var w = SentenceWriter(talker: talker, type: "VTG")
        w.field(course, decimals: 1)
        w.letter(UInt8(ascii: "T"))
        w.field(magneticCourse, decimals: 1)
        w.letter(UInt8(ascii: "M"))
        w.field(speedKnots, decimals: 3)
        w.letter(UInt8(ascii: "N"))
        w.field(speedKmh, decimals: 3)
        w.letter(UInt8(ascii: "K"))
        if let mode { w.letter(mode.rawValue) }
        return w.sentence
    }
}
