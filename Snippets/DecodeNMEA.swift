// One reporting cycle of a u-blox 8 receiver (gpsd's regression log nl2008u.log, Schramberg,
// 2015-10-10) decoded into a fix, a sentence parsed on its own, and a corrupted line reported.
// `swift run DecodeNMEA`.
import GNSS
import NMEA

// snippet.decode
// The receiver's sentences for one epoch, as they come from a serial line or a file; the third
// line is corrupted (its checksum no longer matches), as happens on a noisy line.
let receiver = """
    $GNRMC,091232.000,A,4813.0535,N,00824.8697,E,0.00,0.00,101015,,,A,V*06
    $GNVTG,0.00,T,,M,0.00,N,0.0,K,A*13
    $GNTXT,01,01,02,ANTSTATUS=OK*26
    $GNGGA,091232.000,4813.0535,N,00824.8697,E,1,12,0.7,765.8,M,47.4,M,,0000*45
    $GNGSA,A,3,18,21,26,27,16,20,22,29,,,,,1.3,0.7,1.1,1*31
    $GNGSA,A,3,76,87,86,77,70,85,71,75,,,,,1.3,0.7,1.1,2*39
    $GNGLL,4813.0535,N,00824.8697,E,091232.000,A,A*4F
    $GNZDA,091232.000,10,10,2015,,*45

    """

// The decoder does no I/O: hand it bytes in chunks of any size. It groups each reporting
// cycle's sentences into one epoch, as gpsd does, and reports every line it rejects.
var decoder = NMEADecoder()
var epochs: [NMEAEpoch] = []
let handle: (NMEADecoder.Event) -> Void = { event in
    switch event {
    case .epoch(let epoch): epochs.append(epoch)
    case .rejected(let line): print("rejected \(line)")
    }
}
decoder.decode(Array(receiver.utf8), handle)
decoder.finish(handle)  // the end of the input closes the last epoch
// snippet.end

// snippet.fix
// A Fix holds what the receiver said; an unknown value is nil, never 0 or -1.
for epoch in epochs {
    let fix = epoch.fix
    print(
        "lines \(epoch.firstLine)-\(epoch.lastLine): \(fix.mode)",
        "time \(fix.time.map { "\($0)" } ?? "unknown")",
        "lat \(fix.coordinate?.latitude ?? .nan) lon \(fix.coordinate?.longitude ?? .nan)",
        "altMSL \(fix.altitudeMSL ?? .nan) m geoidSep \(fix.geoidSeparation ?? .nan) m",
        "satellites \(fix.satellitesUsed ?? 0) hdop \(fix.hdop ?? .nan)",
        "accuracy ±\(fix.errors.horizontalAccuracy ?? .nan) m (68%)")
}
print(
    "statistics: \(decoder.statistics.epochs) epochs, \(decoder.statistics.sentencesTotal) sentences, \(decoder.statistics.rejectedTotal) rejected"
)
// snippet.end

// snippet.parse
// One sentence on its own: the parser checks the framing and the checksum and gives a typed value.
if case .gga(let gga) = try NMEAParser().parse("$GNGGA,091232.000,4813.0535,N,00824.8697,E,1,12,0.7,765.8,M,47.4,M,,0000*45") {
    print("GGA: \(gga.satellitesUsed ?? 0) satellites, HDOP \(gga.hdop ?? .nan), altitude \(gga.altitudeMSL ?? .nan) m")
}
// snippet.end
