extension GGA {
    /// The sentence, `$GPGGA,hhmmss.ss,ddmm.mmmmm,N,dddmm.mmmmm,E,q,nn,h.h,a.a,M,g.g,M,,*HH` + CR LF.
    ///
    /// Time with centiseconds, minutes of arc with five decimals, satellites with two digits, HDOP,
    /// altitude, separation and differential age with one decimal; a unit is written only with its
    /// value, an absent value is an empty field.
    package var text: String {
        var w = SentenceWriter(talker: talker, type: "GGA")
        w.field(time, decimals: 2)
        w.latitude(latitude)
        w.longitude(longitude)
        w.field(quality?.rawValue, digits: 1)
        w.field(satellitesUsed, digits: 2)
        w.field(hdop, decimals: 1)
        w.field(altitudeMSL, decimals: 1)
        w.letter(altitudeMSL == nil ? nil : UInt8(ascii: "M"))
        w.field(geoidSeparation, decimals: 1)
        w.letter(geoidSeparation == nil ? nil : UInt8(ascii: "M"))
        w.field(dgpsAge, decimals: 1)
        w.field(dgpsStation)
        return w.sentence
    }
}
