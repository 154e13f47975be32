extension ZDA {
    /// The sentence, `$GPZDA,hhmmss.ss,dd,mm,yyyy,zh,zm*HH` + CR LF: time with centiseconds, the
    /// date and the local zone with two digits each (the year with four).
    package var text: String {
        var w = SentenceWriter(talker: talker, type: "ZDA")
        w.field(time, decimals: 2)
        w.field(date?.day, digits: 2)
        w.field(date?.month, digits: 2)
        w.field(date?.year, digits: 4)
        w.field(zoneHours, digits: 2)
        w.field(zoneMinutes, digits: 2)
        return w.sentence
    }
}
