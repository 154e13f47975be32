import Geodesy

/// Field decoders. Every one returns nil for an empty field (no value, never 0) and throws
/// ``NMEAError/Reason/badField`` for text that is not of its syntax or outside its range.
///
/// Numbers are read from their digits with integer arithmetic and converted to `Double` once, by
/// one correctly rounded division (the mantissa stays below 2⁵³ and the power of ten is exact), so
/// that `4807.038` becomes exactly the double nearest to 48 + 7.038 / 60.
extension Fields {
    /// 10ᵏ as a double, exact for k in 0...22 (k ≤ 17 here).
    @inline(__always)
    static func powerOfTen(_ k: Int) -> Double {
        switch k {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        default: 1e17
        }
    }

    /// 10ᵏ as an integer, k in 0...10.
    @inline(__always)
    static func intPowerOfTen(_ k: Int) -> Int64 {
        switch k {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        case 8: 100_000_000
        case 9: 1_000_000_000
        default: 10_000_000_000
        }
    }

    /// The value of `n` (1...4) decimal digits at `p`, or nil when they are not all digits. Reads
    /// four bytes at `p` (the caller makes sure they are in the sentence) and converts them
    /// without a loop (SWAR): the digits are moved to the high lanes, checked together, and
    /// combined in two multiply-add steps. Short integer fields (satellite ids, elevations,
    /// azimuths, SNRs, counts) are most of a GSV or GSA sentence.
    @inline(__always)
    static func smallUnsigned(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int? {
        let x = UInt32(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt32.self))
        let shift = UInt32(truncatingIfNeeded: (4 &- n) &* 8)
        let lanes: UInt32 = 0xFFFF_FFFF &<< shift
        // Each used lane minus '0'; a byte below '0' wraps to 0xD0 or more.
        let d = (x &<< shift) &- (0x3030_3030 & lanes)
        // A lane above 9 reaches 0x80 when 0x76 is added; one at 0x80 or more has it already.
        if ((d &+ 0x7676_7676) | d) & 0x8080_8080 & lanes != 0 { return nil }
        let pairs = (d &* 10 &+ (d &>> 8)) & 0x00FF_00FF
        return Int((pairs &* 100 &+ (pairs &>> 16)) & 0xFFFF)
    }

    /// Builds the error for field `number`. Kept out of line: errors are the cold path.
    @inline(never)
    func bad(_ number: Int, _ name: StaticString, _ problem: String) -> NMEAError {
        NMEAError(.badField, "\(type) field \(number) (\(name)): \(problem) '\(self[number].text)'")
    }

    @inline(__always)
    static func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }

    /// A decimal number: optional sign, digits, optional point and digits (`-25.0`, `.5`, `045.`).
    @inline(__always)
    func decimal(_ number: Int, _ name: StaticString) throws(NMEAError) -> Double? {
        let (value, status) = Fields.scanDecimal(self[number])
        switch status {
        case .value: return value
        case .empty: return nil
        case .long: return try longDecimal(number, name)
        case .invalid: throw bad(number, name, "not a number")
        }
    }

    /// The outcome of ``scanDecimal(_:)``.
    enum ScanStatus { case value, empty, long, invalid }

    /// Reads a decimal number from a field without throwing (so that it inlines into the
    /// decoders): up to 15 digits exactly, one rounding.
    @inline(__always)
    static func scanDecimal(_ f: Field) -> (Double, ScanStatus) {
        let n = f.count
        if n == 0 { return (0, .empty) }
        let p = f.base + f.start
        var i = 0
        var negative = false
        if p[0] == 0x2D || p[0] == 0x2B {
            negative = p[0] == 0x2D
            i = 1
        }
        let digitsStart = i
        var mantissa: Int64 = 0
        while i < n {
            let d = p[i] &- 0x30
            if d > 9 { break }
            mantissa = mantissa &* 10 &+ Int64(d)
            i &+= 1
        }
        var digits = i &- digitsStart
        var scale = 0
        if i < n && p[i] == 0x2E {
            i &+= 1
            let fractionStart = i
            while i < n {
                let d = p[i] &- 0x30
                if d > 9 { break }
                mantissa = mantissa &* 10 &+ Int64(d)
                i &+= 1
            }
            scale = i &- fractionStart
            digits &+= scale
        }
        if i != n || digits == 0 { return (0, .invalid) }
        // Up to 15 digits the mantissa is exact in a double and 10^scale is exact: one rounding.
        if digits > 15 { return (0, .long) }
        let v = scale == 0 ? Double(mantissa) : Double(mantissa) / Fields.powerOfTen(scale)
        return (negative ? -v : v, .value)
    }

    /// The slow path of ``decimal(_:_:)`` for numbers with more than 15 digits: leading zeros
    /// skipped, at most 17 significant digits used, the rest of the fraction dropped.
    @inline(never)
    func longDecimal(_ number: Int, _ name: StaticString) throws(NMEAError) -> Double? {
        let f = self[number]
        var i = 0
        var negative = false
        if f[0] == 0x2D || f[0] == 0x2B { negative = f[0] == 0x2D; i = 1 }
        var mantissa: Int64 = 0
        var significant = 0
        var scale = 0
        var seenPoint = false
        while i < f.count {
            let b = f[i]
            if Fields.isDigit(b) {
                if significant < 17 {
                    mantissa = mantissa * 10 + Int64(b - 0x30)
                    if mantissa != 0 { significant += 1 }
                    if seenPoint { scale += 1 }
                } else if !seenPoint {
                    throw bad(number, name, "number too large")
                }
            } else if b == 0x2E && !seenPoint {
                seenPoint = true
            } else {
                throw bad(number, name, "not a number")
            }
            i += 1
        }
        let v = Double(mantissa) / Fields.powerOfTen(scale)
        return negative ? -v : v
    }

    /// A decimal number that must lie in `range`.
    @inline(__always)
    func decimal(_ number: Int, _ name: StaticString, in range: ClosedRange<Double>) throws(NMEAError) -> Double? {
        let (v, status) = Fields.scanDecimal(self[number])
        if status == .value && v >= range.lowerBound && v <= range.upperBound { return v }
        if status == .empty { return nil }
        return try decimalSlowPath(number, name, range)
    }

    /// Everything but an in-range number of up to 15 digits: long numbers, and the errors.
    @inline(never)
    func decimalSlowPath(_ number: Int, _ name: StaticString, _ range: ClosedRange<Double>) throws(NMEAError) -> Double? {
        guard let v = try decimal(number, name) else { return nil }
        if !range.contains(v) { throw outOfRange(number, name, range) }
        return v
    }

    /// ``decimal(_:_:in:)`` without throwing, for the decoders' hot path: a problem is recorded in
    /// `e` (the first one wins) and the value is nil. Inlines into the decoders.
    ///
    /// Unsigned fields of up to eight characters (digits and at most one point, at least one
    /// digit: GSV values, DOPs, altitudes, GST statistics) are read inline; everything else goes
    /// through ``decimalGeneral(_:_:in:_:)``. Both compute the same value: the digits as an exact
    /// integer, divided once by the exact power of ten.
    @_transparent
    func decimal(_ number: Int, _ name: StaticString, in range: ClosedRange<Double>, _ e: inout NMEAError?) -> Double? {
        let f = self[number]
        let n = f.count
        if n == 0 { return nil }
        if n <= 4 && f.start &+ 4 <= end, let v = Fields.smallUnsigned(f.base + f.start, n) {
            let x = Double(v)
            if x >= range.lowerBound && x <= range.upperBound { return x }
            return decimalGeneral(number, name, in: range, &e)
        }
        if n <= 8 {
            let p = f.base + f.start
            var mantissa = 0
            var point = -1
            var ok = true
            var i = 0
            while i < n {
                let d = p[i] &- 0x30
                if d <= 9 {
                    mantissa = mantissa &* 10 &+ Int(d)
                } else if p[i] == 0x2E && point < 0 {
                    point = i
                } else {
                    ok = false
                    break
                }
                i &+= 1
            }
            // A lone "." has no digit: leave it to the general path (it rejects it).
            if ok && n > (point >= 0 ? 1 : 0) {
                let scale = point >= 0 ? n &- 1 &- point : 0
                let x = scale == 0 ? Double(mantissa) : Double(mantissa) / Fields.powerOfTen(scale)
                if x >= range.lowerBound && x <= range.upperBound { return x }
            }
        }
        return decimalGeneral(number, name, in: range, &e)
    }

    /// ``decimal(_:_:in:_:)`` for any field.
    @inline(never)
    func decimalGeneral(_ number: Int, _ name: StaticString, in range: ClosedRange<Double>, _ e: inout NMEAError?) -> Double? {
        let (v, status) = Fields.scanDecimal(self[number])
        if status == .value && v >= range.lowerBound && v <= range.upperBound { return v }
        if status == .empty { return nil }
        return decimalRecording(number, name, range, &e)
    }

    @inline(never)
    func decimalRecording(_ number: Int, _ name: StaticString, _ range: ClosedRange<Double>, _ e: inout NMEAError?) -> Double? {
        do {
            return try decimalSlowPath(number, name, range)
        } catch {
            if e == nil { e = error }
            return nil
        }
    }

    /// ``integer(_:_:in:)`` without throwing (see ``decimal(_:_:in:_:)``).
    @_transparent
    func integer(_ number: Int, _ name: StaticString, in range: ClosedRange<Int>, _ e: inout NMEAError?) -> Int? {
        let f = self[number]
        let n = f.count
        if n == 0 { return nil }
        if n <= 4 && f.start &+ 4 <= end, let v = Fields.smallUnsigned(f.base + f.start, n) {
            if v >= range.lowerBound && v <= range.upperBound { return v }
            return integerRecording(number, name, range, &e)
        }
        if n <= 9 {
            let p = f.base + f.start
            var v = 0
            var i = 0
            while i < n {
                let d = p[i] &- 0x30
                if d > 9 { break }
                v = v &* 10 &+ Int(d)
                i &+= 1
            }
            if i == n && v >= range.lowerBound && v <= range.upperBound { return v }
        }
        return integerRecording(number, name, range, &e)
    }

    @inline(never)
    func integerRecording(_ number: Int, _ name: StaticString, _ range: ClosedRange<Int>, _ e: inout NMEAError?) -> Int? {
        do {
            return try integer(number, name, in: range)
        } catch {
            if e == nil { e = error }
            return nil
        }
    }

    /// ``unit(_:_:_:)`` without throwing (see ``decimal(_:_:in:_:)``).
    @inline(__always)
    func unit(_ number: Int, _ name: StaticString, _ expected: UInt8, _ e: inout NMEAError?) {
        let f = self[number]
        if f.count == 0 || (f.count == 1 && f[0] == expected) { return }
        if e == nil { e = bad(number, name, "bad unit") }
    }

    @inline(never)
    func outOfRange(_ number: Int, _ name: StaticString, _ range: ClosedRange<Double>) -> NMEAError {
        bad(number, name, "out of range \(range)")
    }

    /// A non-negative decimal integer of at most 9 digits.
    @inline(__always)
    func integer(_ number: Int, _ name: StaticString) throws(NMEAError) -> Int? {
        let f = self[number]
        if f.isEmpty { return nil }
        if f.count > 9 { throw bad(number, name, "not an integer") }
        var v = 0
        for i in 0..<f.count {
            let b = f[i]
            guard Fields.isDigit(b) else { throw bad(number, name, "not an integer") }
            v = v * 10 + Int(b - 0x30)
        }
        return v
    }

    /// An integer that must lie in `range`.
    @inline(__always)
    func integer(_ number: Int, _ name: StaticString, in range: ClosedRange<Int>) throws(NMEAError) -> Int? {
        guard let v = try integer(number, name) else { return nil }
        if !range.contains(v) { throw bad(number, name, "out of range \(range)") }
        return v
    }

    /// A signed integer (`-1`, `+05`) of at most 9 digits.
    func signedInteger(_ number: Int, _ name: StaticString, in range: ClosedRange<Int>) throws(NMEAError) -> Int? {
        let f = self[number]
        if f.isEmpty { return nil }
        var i = 0
        var negative = false
        if f[0] == 0x2D || f[0] == 0x2B { negative = f[0] == 0x2D; i = 1 }
        guard i < f.count, f.count - i <= 9 else { throw bad(number, name, "not an integer") }
        var v = 0
        while i < f.count {
            guard Fields.isDigit(f[i]) else { throw bad(number, name, "not an integer") }
            v = v * 10 + Int(f[i] - 0x30)
            i += 1
        }
        if negative { v = -v }
        if !range.contains(v) { throw bad(number, name, "out of range \(range)") }
        return v
    }

    /// A single-character indicator; nil when empty.
    @inline(__always)
    func letter(_ number: Int, _ name: StaticString) throws(NMEAError) -> UInt8? {
        let f = self[number]
        if f.isEmpty { return nil }
        if f.count != 1 { throw bad(number, name, "not a single character") }
        return f[0]
    }

    /// A single-character indicator decoded into a raw-representable enum.
    @inline(__always)
    func indicator<T: RawRepresentable>(_ number: Int, _ name: StaticString, as: T.Type) throws(NMEAError) -> T?
    where T.RawValue == UInt8 {
        guard let c = try letter(number, name) else { return nil }
        guard let v = T(rawValue: c) else { throw bad(number, name, "bad value") }
        return v
    }

    /// A unit or reference letter that must be `expected` when present (`T` after a true course).
    @inline(__always)
    func unit(_ number: Int, _ name: StaticString, _ expected: UInt8) throws(NMEAError) {
        guard let c = try letter(number, name) else { return }
        if c != expected { throw bad(number, name, "bad unit") }
    }

    /// A value followed by an `E`/`W` direction field: east positive. nil when the value is empty.
    func eastWest(_ number: Int, _ name: StaticString, in range: ClosedRange<Double>) throws(NMEAError) -> Double? {
        let direction = try letter(number + 1, name)
        guard let v = try decimal(number, name, in: range) else { return nil }
        switch direction {
        case 0x45: return v
        case 0x57: return -v
        case nil: throw bad(number + 1, name, "missing direction")
        default: throw bad(number + 1, name, "bad direction")
        }
    }

    /// A string field kept verbatim (DGPS station id, which has significant leading zeros).
    func text(_ number: Int) -> String? {
        let f = self[number]
        return f.isEmpty ? nil : f.text
    }

    /// UTC time `hhmmss[.s...]`. Fraction digits beyond nanoseconds are dropped.
    @inline(__always)
    func time(_ number: Int) throws(NMEAError) -> TimeOfDay? {
        let f = self[number]
        let n = f.count
        if n == 0 { return nil }
        guard n >= 6 else { throw bad(number, "UTC time", "not hhmmss") }
        let p = f.base + f.start
        var hms = 0
        for i in 0..<6 {
            let d = p[i] &- 0x30
            guard d <= 9 else { throw bad(number, "UTC time", "not hhmmss") }
            hms = hms &* 10 &+ Int(d)
        }
        let hh = hms / 10000, mm = hms / 100 % 100, ss = hms % 100
        guard hh < 24, mm < 60, ss <= 60 else { throw bad(number, "UTC time", "out of range") }
        var nanos: Int64 = 0
        if n > 6 {
            guard p[6] == 0x2E else { throw bad(number, "UTC time", "not hhmmss") }
            // The first nine fraction digits, as nanoseconds; the rest must be digits too.
            var digits = 0
            var i = 7
            while i < n {
                let d = p[i] &- 0x30
                guard d <= 9 else { throw bad(number, "UTC time", "not hhmmss") }
                if digits < 9 {
                    nanos = nanos &* 10 &+ Int64(d)
                    digits &+= 1
                }
                i &+= 1
            }
            nanos &*= Fields.intPowerOfTen(9 &- digits)
        }
        return TimeOfDay(nanosecondsOfDay: Int64(hh * 3600 + mm * 60 + ss) * 1_000_000_000 + nanos)
    }

    /// Date `ddmmyy` (RMC); the two-digit year is pivoted at 69 (see ``CalendarDate/year(fromTwoDigits:)``).
    func ddmmyy(_ number: Int) throws(NMEAError) -> CalendarDate? {
        let f = self[number]
        if f.isEmpty { return nil }
        guard f.count == 6 else { throw bad(number, "date", "not ddmmyy") }
        var v = 0
        for i in 0..<6 {
            guard Fields.isDigit(f[i]) else { throw bad(number, "date", "not ddmmyy") }
            v = v * 10 + Int(f[i] - 0x30)
        }
        let year = CalendarDate.year(fromTwoDigits: v % 100)
        guard let date = CalendarDate(year: year, month: v / 100 % 100, day: v / 10000) else {
            throw bad(number, "date", "no such date")
        }
        return date
    }

    /// Latitude (`isLatitude`) or longitude in NMEA's `(d)ddmm.mmmm` with its hemisphere field
    /// `number + 1`; signed degrees, north and east positive.
    ///
    /// The integer part must have two minute digits and one to two (latitude) or one to three
    /// (longitude) degree digits; minutes must be below 60. The degrees are computed as
    /// `(D·60·10ᵏ + M) / (60·10ᵏ)` from the integer `D` and the minutes `M` scaled by 10ᵏ, one
    /// rounding in all. Up to 10 fraction digits are used.
    @inline(__always)
    func angle(_ number: Int, latitude isLatitude: Bool) throws(NMEAError) -> Double? {
        let name: StaticString = isLatitude ? "latitude" : "longitude"
        let f = self[number]
        let hemisphere = self[number + 1]
        let n = f.count
        if n == 0 { return nil }
        let p = f.base + f.start
        var whole = 0
        var i = 0
        while i < n {
            let d = p[i] &- 0x30
            if d > 9 { break }
            whole = whole &* 10 &+ Int(d)
            i &+= 1
        }
        let intDigits = i
        let maxDegreeDigits = isLatitude ? 2 : 3
        guard intDigits >= 3, intDigits <= maxDegreeDigits + 2 else {
            throw bad(number, name, "not in (d)ddmm.mmmm form")
        }
        var fraction: Int64 = 0
        var k = 0
        if i < n {
            guard p[i] == 0x2E else { throw bad(number, name, "not in (d)ddmm.mmmm form") }
            i &+= 1
            while i < n {
                let d = p[i] &- 0x30
                guard d <= 9 else { throw bad(number, name, "not in (d)ddmm.mmmm form") }
                if k < 10 {
                    fraction = fraction &* 10 &+ Int64(d)
                    k &+= 1
                }
                i &+= 1
            }
        }
        let degrees = Int64(whole / 100)
        let minutes = Int64(whole % 100)
        guard minutes < 60 else { throw bad(number, name, "minutes out of range") }
        let scale = Fields.intPowerOfTen(k)
        let scaledMinutes = minutes &* scale &+ fraction
        let limit: Int64 = isLatitude ? 90 : 180
        guard degrees < limit || (degrees == limit && scaledMinutes == 0) else {
            throw bad(number, name, "out of range")
        }
        let denominator = 60 &* scale
        var value = Double(degrees &* denominator &+ scaledMinutes) / Double(denominator)
        guard hemisphere.count == 1 else {
            throw bad(number + 1, name, hemisphere.isEmpty ? "missing hemisphere" : "bad hemisphere")
        }
        switch (hemisphere[0], isLatitude) {
        case (0x4E, true), (0x45, false): break
        case (0x53, true), (0x57, false): value = -value
        default: throw bad(number + 1, name, "bad hemisphere")
        }
        return value == 0 ? 0 : value
    }
}
