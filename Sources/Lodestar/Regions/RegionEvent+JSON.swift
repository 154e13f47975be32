import Foundation
import LodestarInternals

extension RegionEvent {
    /// Appends the event as one JSON object and a newline, as `lodestar monitor --json` prints it
    /// and the ride service's `GET /regions/events` sends it:
    /// `{"class":"REGION","region":"depot-3","event":"enter","initial":false,"interpolated":true,"time":"2026-03-14T09:31:12.40Z","lat":51.5012345,"lon":-0.1234567,"accuracy":4.0}`.
    /// `vehicleIdentifier` (the ride service's) comes after `class` when given; `lat`, `lon`
    /// (degrees, 7 decimals) and `accuracy` (metres, 1 decimal) are left out when unknown; the
    /// time is UTC with hundredths of a second. `RegionEventWriter` (the package's) writes the
    /// same text for many events.
    public func appendJSON(to out: inout [UInt8], vehicleIdentifier: String? = nil) {
        var vehicle = vehicleIdentifier ?? ""
        vehicle.withUTF8 { v in
            Self.appendHead(region, vehicle: vehicleIdentifier == nil ? nil : v, tail: nil, to: &out)
        }
        var memo = TimeTextMemo()
        appendTail(to: &out, timeMemo: &memo)
    }

    /// The JSON object of ``appendJSON(to:vehicleIdentifier:)``, without the newline.
    public func json(vehicleIdentifier: String? = nil) -> String {
        var out: [UInt8] = []
        appendJSON(to: &out, vehicleIdentifier: vehicleIdentifier)
        return String(decoding: out.dropLast(), as: UTF8.self)
    }

    /// Appends the line up to the region's identifier,
    /// `{"class":"REGION","vehicleIdentifier":"v7","region":"depot-3"` (a vehicle's bytes when
    /// given), and then `tail`'s bytes, in one piece.
    static func appendHead(
        _ region: String, vehicle: UnsafeBufferPointer<UInt8>?, tail: UnsafeBufferPointer<UInt8>?, to out: inout [UInt8]
    ) {
        var region = region
        region.withUTF8 { r in
            let room =
                32 + JSONObjectText.quotedRoom(r.count) + (vehicle.map { 24 + JSONObjectText.quotedRoom($0.count) } ?? 0)
                + (tail?.count ?? 0)
            out.append(addingCapacity: room) { span in
                span.withUnsafeMutableBufferPointer { buffer, initialized in
                    guard let p = buffer.baseAddress else { return }
                    var n: Int
                    if let vehicle {
                        n = JSONMemberCursor.writeLiteral(#"{"class":"REGION""#, to: p)
                        n += JSONMemberCursor.writeLiteral(#","vehicleIdentifier":"#, to: p + n)
                        n += JSONObjectText.writeQuoted(vehicle, to: p + n)
                        n += JSONMemberCursor.writeLiteral(#","region":"#, to: p + n)
                    } else {
                        n = writePrefix(to: p)
                    }
                    n += JSONObjectText.writeQuoted(r, to: p + n)
                    if let tail, let t = tail.baseAddress {
                        (p + n).update(from: t, count: tail.count)
                        n += tail.count
                    }
                    initialized = n
                }
            }
        }
    }

    /// Writes `{"class":"REGION","region":` (27 bytes) at `p` in four stores of 8 bytes, the last
    /// overlapping the third (a byte loop took about 110 instructions a line). - Returns: 27.
    @inline(__always)
    static func writePrefix(to p: UnsafeMutablePointer<UInt8>) -> Int {
        let raw = UnsafeMutableRawPointer(p)
        // The prefix's bytes as little-endian words at offsets 0, 8, 16 and 19.
        raw.storeBytes(of: 0x2273_7361_6C63_227B as UInt64, as: UInt64.self)
        raw.storeBytes(of: 0x4E4F_4947_4552_223A as UInt64, toByteOffset: 8, as: UInt64.self)
        raw.storeBytes(of: 0x6F69_6765_7222_2C22 as UInt64, toByteOffset: 16, as: UInt64.self)
        raw.storeBytes(of: 0x3A22_6E6F_6967_6572 as UInt64, toByteOffset: 19, as: UInt64.self)
        return 27
    }

    /// The line after the region's identifier, newline included:
    /// `,"event":"enter",…,"accuracy":4.0}` (``TailKey``: what it is made of), the time's text up
    /// to the seconds from `timeMemo` when it lies in the minute the memo last wrote.
    func appendTail(to out: inout [UInt8], timeMemo: inout TimeTextMemo) {
        var o = JSONObjectText(continuingMembers: &out)
        // Written in place (one pass, no allocation).
        o.inPlace(room: 192) { c in
            c.add("event", string: kind.rawValue)
            c.add("initial", initial)
            c.add("interpolated", interpolated)
            c.add("time", time: time, fractionDigits: 2, memo: &timeMemo)
            if let coordinate {
                c.add("lat", fixed: coordinate.latitude, decimals: 7)
                c.add("lon", fixed: coordinate.longitude, decimals: 7)
            }
            c.add("accuracy", fixed: accuracy, decimals: 1)
        }
        o.finish(into: &out)
        out.append(0x0A)
    }

    /// Everything ``appendTail(to:timeMemo:)`` writes depends on, bit for bit (−0 and 0 are
    /// written differently): two events with one key have one tail. Five plain words, compared
    /// inline (the derived comparison of optionals and an enum took 41 instructions a line).
    struct TailKey: Equatable {
        /// The kind's number (0...5), then flags: initial, interpolated,
        /// a coordinate, an accuracy.
        var flags: UInt64
        var time: UInt64
        /// The coordinate's and the accuracy's bits; 0 when there is none (the flags tell).
        var latitude: UInt64
        var longitude: UInt64
        var accuracy: UInt64

        @inline(__always)
        init(_ e: borrowing RegionEvent) {
            let kind: UInt64 =
                switch e.kind {
                case .inside: 0
                case .outside: 1
                case .unknown: 2
                case .enter: 3
                case .exit: 4
                case .dwell: 5
                }
            flags =
                kind | (e.initial ? 1 << 8 : 0) | (e.interpolated ? 1 << 9 : 0) | (e.coordinate == nil ? 0 : 1 << 10)
                | (e.accuracy == nil ? 0 : 1 << 11)
            time = e.time.timeIntervalSince1970.bitPattern
            latitude = e.coordinate?.latitude.bitPattern ?? 0
            longitude = e.coordinate?.longitude.bitPattern ?? 0
            accuracy = e.accuracy?.bitPattern ?? 0
        }

        @inline(__always)
        static func == (a: TailKey, b: TailKey) -> Bool {
            (a.flags ^ b.flags) | (a.time ^ b.time) | (a.latitude ^ b.latitude) | (a.longitude ^ b.longitude)
                | (a.accuracy ^ b.accuracy) == 0
        }
    }
}
