import Foundation
import GNSS
import Glibc
import NMEA

/// The receiver's own error statistics (`GST`), read from the NMEA gpsd relays, for the fixes of
/// the same time (``GPSDSourceOptions/errorsFromGST``).
///
/// gpsd 3.22 reads GST but reports HDOP × its UERE as the error of a fix; a receiver that sends
/// GST states its one-sigma latitude, longitude and altitude errors, which Lodestar uses when it
/// replays the same sentences. With this, a live fix carries the same figures as the replayed
/// epoch: the last GST whose time of day equals the fix's (to the millisecond) replaces the
/// fix's latitude, longitude and (when given) vertical errors, at one sigma.
struct RelayedErrors {
    private var last: (millisecondOfDay: Int64, gst: GST)?

    /// Notes one relayed line; keeps it when it is a `GST` with a time and a latitude and
    /// longitude sigma. A GST that does not parse is passed over (gpsd's figures stay).
    mutating func note(_ line: UnsafePointer<CChar>) {
        let p = UnsafeRawPointer(line).assumingMemoryBound(to: UInt8.self)
        for i in 0...6 where p[i] == 0 { return }
        guard p[0] == UInt8(ascii: "$"), p[3] == UInt8(ascii: "G"), p[4] == UInt8(ascii: "S"), p[5] == UInt8(ascii: "T"),
            p[6] == UInt8(ascii: ",")
        else { return }
        let bytes = UnsafeBufferPointer(start: p, count: strlen(line))
        guard case .gst(let gst)? = try? NMEAParser().parse(bytes), let time = gst.time,
            gst.latitudeSigma != nil, gst.longitudeSigma != nil
        else { return }
        last = (time.nanosecondsOfDay / 1_000_000, gst)
    }

    /// `fix` with the kept GST's errors when its time of day is the fix's.
    func apply(to fix: inout Fix) {
        guard let last, let time = fix.time, fix.hasPosition else { return }
        let since1970 = (time.timeIntervalSince1970 * 1000).rounded()
        guard abs(since1970) < 1e15 else { return }
        let milliseconds = Int64(since1970)
        let ofDay = ((milliseconds % 86_400_000) + 86_400_000) % 86_400_000
        guard ofDay == last.millisecondOfDay else { return }
        fix.errors.latitude = last.gst.latitudeSigma.map { Uncertainty($0, .oneSigma) }
        fix.errors.longitude = last.gst.longitudeSigma.map { Uncertainty($0, .oneSigma) }
        fix.errors.horizontal = nil
        if let v = last.gst.altitudeSigma { fix.errors.vertical = Uncertainty(v, .oneSigma) }
    }
}
