import LodestarInternals

/// Field readers for times, dates and positions, in the convention of `FieldDecoding.swift`.
extension Fields {
    /// UTC time `hhmmss[.s...]`. Fraction digits beyond nanoseconds are dropped. Second 60 (a
    /// leap second) is accepted only at 23:59, where UTC inserts leap seconds; whether the day has
    /// one is checked where the date is known (``checkLeapSecond(_:on:timeField:)``, the decoder).
    @inline(__always)
    mutating func time(_ number: Int) -> TimeOfDay? {
        let f = self[number]
        let n = f.count
        if n == 0 { return nil }
        guard n >= 6 else { return badTime(number, "not hhmmss") }
        let p = f.base + f.start
        let hh: Int
        let mm: Int
        let ss: Int
        if f.start &+ 8 <= end {
            // The six digits at once, from the eight bytes at the field's start (SWAR, as
            // ``FieldDigits/smallUnsigned(_:_:)``): hh, mm and ss each in its pair of lanes.
            let x = UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
            let lanes: UInt64 = 0xFFFF_FFFF_FFFF
            let d = (x & lanes) &- 0x3030_3030_3030
            guard ((d &+ 0x7676_7676_7676) | d) & 0x8080_8080_8080 == 0 else { return badTime(number, "not hhmmss") }
            let pairs = (d &* 10 &+ (d &>> 8)) & 0x00FF_00FF_00FF
            hh = Int(truncatingIfNeeded: pairs & 0xFF)
            mm = Int(truncatingIfNeeded: (pairs &>> 16) & 0xFF)
            ss = Int(truncatingIfNeeded: (pairs &>> 32) & 0xFF)
        } else {
            var hms = 0
            for i in 0..<6 {
                let d = p[i] &- 0x30
                guard d <= 9 else { return badTime(number, "not hhmmss") }
                hms = hms &* 10 &+ Int(d)
            }
            hh = hms / 10000
            mm = hms / 100 % 100
            ss = hms % 100
        }
        guard hh < 24, mm < 60, ss < 60 || (hh == 23 && mm == 59 && ss == 60) else {
            return badTimeRange(number, hh &* 10000 &+ mm &* 100 &+ ss)
        }
        var nanos: Int64 = 0
        if n > 6 {
            guard p[6] == 0x2E else { return badTime(number, "not hhmmss") }
            // The first nine fraction digits, as nanoseconds; the rest must be digits too.
            var digits = 0
            var i = 7
            while i < n {
                let d = p[i] &- 0x30
                guard d <= 9 else { return badTime(number, "not hhmmss") }
                if digits < 9 {
                    nanos = nanos &* 10 &+ Int64(d)
                    digits &+= 1
                }
                i &+= 1
            }
            nanos &*= PowerOfTen.int64(9 &- digits)
        }
        return TimeOfDay(nanosecondsOfDay: Int64(hh * 3600 + mm * 60 + ss) * 1_000_000_000 + nanos)
    }

    @inline(never)
    private mutating func badTimeRange(_ number: Int, _ hms: Int) -> TimeOfDay? {
        let leapSecondElsewhere = hms % 100 == 60 && hms / 10000 < 24 && hms / 100 % 100 < 60
        return badTime(number, leapSecondElsewhere ? "second 60 is a leap second, only at 23:59" : "out of range")
    }

    @inline(never)
    private mutating func badTime(_ number: Int, _ problem: FieldProblem.Kind) -> TimeOfDay? {
        fail(number, "UTC time", problem)
        return nil
    }

    /// Records a problem with the time field `timeField` when `time` is a leap second (23:59:60)
    /// and `date`, the sentence's own date, is not a day that ends with one (RMC, ZDA).
    mutating func checkLeapSecond(_ time: TimeOfDay?, on date: CalendarDate?, timeField: Int) {
        if let time, time.isLeapSecond, let date, !date.endsWithLeapSecond {
            fail(timeField, "UTC time", "second 60 on a day without a leap second (IERS Bulletin C)")
        }
    }

    /// Date `ddmmyy` (RMC); the two-digit year is pivoted at 69 (see ``CalendarDate/year(fromTwoDigits:)``).
    mutating func ddmmyy(_ number: Int) -> CalendarDate? {
        let f = self[number]
        if f.isEmpty { return nil }
        guard f.count == 6 else {
            fail(number, "date", "not ddmmyy")
            return nil
        }
        var v = 0
        for i in 0..<6 {
            guard FieldDigits.isDigit(f[i]) else {
                fail(number, "date", "not ddmmyy")
                return nil
            }
            v = v * 10 + Int(f[i] - 0x30)
        }
        let year = CalendarDate.year(fromTwoDigits: v % 100)
        guard let date = CalendarDate(year: year, month: v / 100 % 100, day: v / 10000) else {
            fail(number, "date", "no such date")
            return nil
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
    mutating func angle(_ number: Int, latitude isLatitude: Bool) -> Double? {
        let f = self[number]
        let hemisphere = self[number + 1]
        let n = f.count
        if n == 0 { return nil }
        let p = f.base + f.start
        let (whole, intDigits) = FieldDigits.leadingDigits(p, n)
        var i = intDigits
        let maxDegreeDigits = isLatitude ? 2 : 3
        guard intDigits >= 3, intDigits <= maxDegreeDigits + 2 else {
            return badAngle(number, isLatitude, "not in (d)ddmm.mmmm form")
        }
        var fraction: Int64 = 0
        var k = 0
        if i < n {
            guard p[i] == 0x2E else { return badAngle(number, isLatitude, "not in (d)ddmm.mmmm form") }
            i &+= 1
            // Up to 8 fraction digits, with 8 bytes readable in the sentence: all at once.
            let digits = n &- i
            if digits >= 1 && digits <= 8 && f.start &+ i &+ 8 <= end, let v = FieldDigits.eightUnsigned(p + i, digits) {
                fraction = Int64(v)
                k = digits
                i = n
            }
            while i < n {
                let d = p[i] &- 0x30
                guard d <= 9 else { return badAngle(number, isLatitude, "not in (d)ddmm.mmmm form") }
                if k < 10 {
                    fraction = fraction &* 10 &+ Int64(d)
                    k &+= 1
                }
                i &+= 1
            }
        }
        let degrees = Int64(whole / 100)
        let minutes = Int64(whole % 100)
        guard minutes < 60 else { return badAngle(number, isLatitude, "minutes out of range") }
        let scale = PowerOfTen.int64(k)
        let scaledMinutes = minutes &* scale &+ fraction
        let limit: Int64 = isLatitude ? 90 : 180
        guard degrees < limit || (degrees == limit && scaledMinutes == 0) else {
            return badAngle(number, isLatitude, "out of range")
        }
        let denominator = 60 &* scale
        var value = Double(degrees &* denominator &+ scaledMinutes) / Double(denominator)
        guard hemisphere.count == 1 else {
            return badAngle(number + 1, isLatitude, hemisphere.isEmpty ? "missing hemisphere" : "bad hemisphere")
        }
        switch (hemisphere[0], isLatitude) {
        case (0x4E, true), (0x45, false): break
        case (0x53, true), (0x57, false): value = -value
        default: return badAngle(number + 1, isLatitude, "bad hemisphere")
        }
        return value == 0 ? 0 : value
    }

    @inline(never)
    private mutating func badAngle(_ number: Int, _ isLatitude: Bool, _ problem: FieldProblem.Kind) -> Double? {
        fail(number, isLatitude ? "latitude" : "longitude", problem)
        return nil
    }
}
