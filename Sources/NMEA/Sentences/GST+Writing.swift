extension GST {
    /// The sentence, `$GPGST,hhmmss.ss,r.r,a.a,b.b,o.o,y.y,x.x,z.z*HH` + CR LF: time with
    /// centiseconds, every statistic with one decimal (metres, the orientation in degrees).
    package var text: String {
        var w = SentenceWriter(talker: talker, type: "GST")
        w.field(time, decimals: 2)
        for value in [rms, semiMajorSigma, semiMinorSigma, orientation, latitudeSigma, longitudeSigma, altitudeSigma] {
            w.field(value, decimals: 1)
        }
        return w.sentence
    }
}
