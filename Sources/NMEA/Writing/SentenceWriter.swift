import Foundation
import LodestarInternals

/// Writes one NMEA 0183 sentence field by field: `$`, the address, the fields, `*`, the checksum
/// and CR LF. The layout of each sentence type is in its `<TYPE>+Writing.swift`, beside its decoder.
///
/// Numbers are written as printf's `%.Nf` writes them (``DecimalText``), never in exponent form;
/// an absent value is an empty field.
package struct SentenceWriter {
    /// The sentence so far, from `$`.
    private var bytes: [UInt8] = []

    /// Starts `$` + talker + `type`, e.g. `$GPGGA`.
    /// - Parameter type: the three-letter sentence formatter, `"GGA"`.
    package init(talker: Talker, type: String) {
        bytes.reserveCapacity(90)
        bytes.append(UInt8(ascii: "$"))
        bytes.append(contentsOf: talker.description.utf8)
        bytes.append(contentsOf: type.utf8)
    }

    /// Appends a field written as given (empty for nil).
    package mutating func field(_ text: String?) {
        bytes.append(UInt8(ascii: ","))
        if let text { bytes.append(contentsOf: text.utf8) }
    }

    /// Appends a one-letter field (empty for nil): a status, mode or unit.
    package mutating func letter(_ ascii: UInt8?) {
        bytes.append(UInt8(ascii: ","))
        if let ascii { bytes.append(ascii) }
    }

    /// Appends a number with `decimals` fraction digits (0...9), empty for nil or a non-finite value.
    package mutating func field(_ value: Double?, decimals: Int) {
        bytes.append(UInt8(ascii: ","))
        if let value, value.isFinite { DecimalText.append(value, decimals: decimals, to: &bytes) }
    }

    /// Appends an integer zero-padded to `digits` digits (`05`, `-03`), empty for nil.
    package mutating func field(_ value: Int?, digits: Int) {
        bytes.append(UInt8(ascii: ","))
        guard let value else { return }
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        DecimalText.appendPadded(Int(clamping: value.magnitude), digits: digits, to: &bytes)
    }

    /// Appends a UTC time of day `hhmmss.ss…` with `decimals` digits of the second (0...9),
    /// truncated; empty for nil. A leap second is written as `hhmm60`.
    package mutating func field(_ time: TimeOfDay?, decimals: Int) {
        bytes.append(UInt8(ascii: ","))
        guard let time else { return }
        let leap = time.nanosecondsOfDay >= 86_400_000_000_000
        DecimalText.appendPadded(leap ? 23 : time.hour, digits: 2, to: &bytes)
        DecimalText.appendPadded(leap ? 59 : time.minute, digits: 2, to: &bytes)
        DecimalText.appendPadded(time.second, digits: 2, to: &bytes)
        let d = min(max(decimals, 0), 9)
        guard d > 0 else { return }
        var unit = 1_000_000_000
        for _ in 0..<d { unit /= 10 }
        bytes.append(UInt8(ascii: "."))
        DecimalText.appendPadded(time.nanosecond / unit, digits: d, to: &bytes)
    }

    /// Appends a latitude as two fields, `ddmm.mmmmm,N` (south negative), or two empty fields.
    package mutating func latitude(_ degrees: Double?) {
        angle(degrees, degreeDigits: 2, positive: UInt8(ascii: "N"), negative: UInt8(ascii: "S"))
    }

    /// Appends a longitude as two fields, `dddmm.mmmmm,E` (west negative), or two empty fields.
    package mutating func longitude(_ degrees: Double?) {
        angle(degrees, degreeDigits: 3, positive: UInt8(ascii: "E"), negative: UInt8(ascii: "W"))
    }

    /// Appends a signed angle as its magnitude and a letter, `3.1,E` / `3.1,W` (west negative),
    /// as HDG and RMC write deviation and variation; two empty fields for nil.
    package mutating func eastWest(_ degrees: Double?, decimals: Int) {
        guard let degrees, degrees.isFinite else {
            bytes.append(contentsOf: ",,".utf8)
            return
        }
        field(abs(degrees), decimals: decimals)
        letter(degrees < 0 ? UInt8(ascii: "W") : UInt8(ascii: "E"))
    }

    /// Appends a date `ddmmyy` (the year modulo 100), empty for nil.
    package mutating func field(ddmmyy date: CalendarDate?) {
        bytes.append(UInt8(ascii: ","))
        guard let date else { return }
        DecimalText.appendPadded(date.day, digits: 2, to: &bytes)
        DecimalText.appendPadded(date.month, digits: 2, to: &bytes)
        DecimalText.appendPadded((date.year % 100 + 100) % 100, digits: 2, to: &bytes)
    }

    /// The finished sentence: what was written, `*`, the checksum (XOR of the bytes between `$`
    /// and `*`, two upper-case hex digits) and CR LF.
    package var sentence: String {
        var out = bytes
        let sum = bytes.dropFirst().reduce(UInt8(0), ^)
        let hex = Array("0123456789ABCDEF".utf8)
        out.append(UInt8(ascii: "*"))
        out.append(hex[Int(sum >> 4)])
        out.append(hex[Int(sum & 0x0F)])
        out.append(contentsOf: [0x0D, 0x0A])
        return String(decoding: out, as: UTF8.self)
    }

    /// A heading sentence, `$HEHDT,h.h,T*HH` + CR LF: the heading in degrees with one decimal and
    /// its reference letter (`T` true, `M` magnetic).
    package static func heading(talker: Talker, type: String, _ degrees: Double?, reference: UInt8) -> String {
        var w = SentenceWriter(talker: talker, type: type)
        w.field(degrees, decimals: 1)
        w.letter(reference)
        return w.sentence
    }

    /// Minutes of arc are written with five decimals: 10⁻⁵ minute ≈ 1.9 cm of latitude.
    package static let minuteScale = 100_000.0

    /// An angle rounded to what ``latitude(_:)`` and ``longitude(_:)`` write, degrees.
    package static func quantized(_ degrees: Double) -> Double {
        let units = (abs(degrees) * 60 * minuteScale).rounded()
        return (degrees < 0 ? -1 : 1) * units / (60 * minuteScale)
    }

    /// Degrees and minutes, `ddmm.mmmmm` with `degreeDigits` digits of degrees, and the hemisphere.
    private mutating func angle(_ degrees: Double?, degreeDigits: Int, positive: UInt8, negative: UInt8) {
        guard let degrees, degrees.isFinite else {
            bytes.append(contentsOf: ",,".utf8)
            return
        }
        bytes.append(UInt8(ascii: ","))
        // Whole units of 10⁻⁵ minute, split exactly into degrees, minutes and their fraction.
        let units = Int((abs(degrees) * 60 * Self.minuteScale).rounded())
        let perMinute = Int(Self.minuteScale)
        let perDegree = 60 * perMinute
        DecimalText.appendPadded(units / perDegree, digits: degreeDigits, to: &bytes)
        DecimalText.appendPadded(units % perDegree / perMinute, digits: 2, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        DecimalText.appendPadded(units % perMinute, digits: 5, to: &bytes)
        letter(degrees < 0 ? negative : positive)
    }
}
