extension GSA {
    /// The sentence, `$GNGSA,A,3,02,05,…,,p.p,h.h,v.v[,s]*HH` + CR LF: twelve satellite slots with
    /// two-digit ids (empty when unused), the DOPs with one decimal, and the system id (NMEA 4.1)
    /// only when there is one.
    package var text: String {
        var w = SentenceWriter(talker: talker, type: "GSA")
        w.letter(selectionMode?.rawValue)
        w.field(fixType, digits: 1)
        for slot in 0..<12 { w.field(slot < satelliteIDs.count ? satelliteIDs[slot] : nil, digits: 2) }
        w.field(pdop, decimals: 1)
        w.field(hdop, decimals: 1)
        w.field(vdop, decimals: 1)
        if let systemID { w.field(systemID, digits: 1) }
        return w.sentence
    }
}
