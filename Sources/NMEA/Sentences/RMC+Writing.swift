extension RMC {
    /// The sentence, `$GPRMC,hhmmss.ss,A,ddmm.mmmmm,N,dddmm.mmmmm,E,k.kkk,c.c,ddmmyy,v.v,E[,m][,s]*HH`
    /// + CR LF.
    ///
    /// Time with centiseconds, speed in knots with three decimals, course and variation with one;
    /// the mode (NMEA 2.3) and the navigational status (4.1) only when there are.
    package var text: String {
        var w = SentenceWriter(talker: talker, type: "RMC")
        w.field(time, decimals: 2)
        w.letter(status?.rawValue)
        w.latitude(latitude)
        w.longitude(longitude)
        w.field(speedKnots, decimals: 3)
        w.field(course, decimals: 1)
        w.field(ddmmyy: date)
        w.eastWest(magneticVariation, decimals: 1)
        if mode != nil || navigationalStatus != nil { w.letter(mode?.rawValue) }
        if let navigationalStatus { w.letter(navigationalStatus.rawValue) }
        return w.sentence
    }
}
