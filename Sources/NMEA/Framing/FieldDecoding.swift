import LodestarInternals

/// Field readers: the one calling convention for decoding a field.
///
/// Every reader is a `mutating` method of ``Fields`` that takes the field's number (1-based, after
/// the address) and its name for error messages, and returns the value, or nil when the field is
/// empty (no value, never 0). When the text is not of the reader's syntax or outside its range the
/// reader records a ``FieldProblem`` in ``Fields/problem`` (the first one wins) and returns nil. None throws, so the hot ones inline into each sentence's decoder. A sentence's
/// decoder reads its fields in field order and ends with ``Fields/check()``:
///
/// ```swift
/// init(fields f: inout Fields, talker: Talker) throws(NMEAError) {
///     try f.require(2)
///     heading = f.decimal(1, "heading", in: 0...360)
///     mode = f.indicator(2, "mode indicator", as: HeadingMode.self)
///     try f.check()
/// }
/// ```
///
/// Numbers are read from their digits with integer arithmetic and converted to `Double` once, by
/// one correctly rounded division (the mantissa stays below 2⁵³ and the power of ten is exact), so
/// that `4807.038` becomes exactly the double nearest to 48 + 7.038 / 60.
extension Fields {
    /// Records a problem with field `number`, unless one is recorded already. Kept out of line:
    /// errors are the cold path.
    @inline(never)
    mutating func fail(_ number: Int, _ name: StaticString, _ problem: FieldProblem.Kind) {
        if self.problem == nil { self.problem = FieldProblem(number: number, name: name, kind: problem) }
    }

    /// The error for a recorded problem: `GGA field 2 (latitude): out of range '9100.000'`.
    @inline(never)
    func error(_ p: FieldProblem) -> NMEAError {
        let problem =
            switch p.kind {
            case .message(let text): "\(text)"
            case .outOfRange(let low, let high): "out of range \(low...high)"
            case .outOfIntegerRange(let low, let high): "out of range \(low...high)"
            }
        return NMEAError(.badField, "\(type) field \(p.number) (\(p.name)): \(problem) '\(self[p.number].text)'")
    }

    /// A decimal number that must lie in `range`: optional sign, digits, optional point and digits
    /// (`-25.0`, `.5`, `045.`).
    ///
    /// Unsigned fields of up to eight characters (digits and at most one point, at least one
    /// digit: GSV values, DOPs, altitudes, GST statistics) are read inline; everything else goes
    /// through ``decimalGeneral(_:_:in:)``. Both compute the same value: the digits as an exact
    /// integer, divided once by the exact power of ten.
    @_transparent
    mutating func decimal(_ number: Int, _ name: StaticString, in range: ClosedRange<Double>) -> Double? {
        let f = self[number]
        let n = f.count
        if n == 0 { return nil }
        if n <= 4 && f.start &+ 4 <= end, let v = FieldDigits.smallUnsigned(f.base + f.start, n) {
            let x = Double(v)
            if x >= range.lowerBound && x <= range.upperBound { return x }
            return decimalGeneral(number, name, in: range)
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
                let x = scale == 0 ? Double(mantissa) : Double(mantissa) / PowerOfTen.double(scale)
                if x >= range.lowerBound && x <= range.upperBound { return x }
            }
        }
        return decimalGeneral(number, name, in: range)
    }

    /// ``decimal(_:_:in:)`` for any field: signs, more than eight characters, the errors.
    @inline(never)
    mutating func decimalGeneral(_ number: Int, _ name: StaticString, in range: ClosedRange<Double>) -> Double? {
        guard let v = decimal(number, name) else { return nil }
        if v >= range.lowerBound && v <= range.upperBound { return v }
        fail(number, name, .outOfRange(range.lowerBound, range.upperBound))
        return nil
    }

    /// A decimal number of any value (GBS error estimates).
    @inline(__always)
    mutating func decimal(_ number: Int, _ name: StaticString) -> Double? {
        let (value, status) = FieldDigits.scanDecimal(self[number])
        switch status {
        case .value: return value
        case .empty: return nil
        case .long: return longDecimal(number, name)
        case .invalid:
            fail(number, name, "not a number")
            return nil
        }
    }

    /// The slow path of ``decimal(_:_:)`` for numbers with more than 15 digits: leading zeros
    /// skipped, at most 17 significant digits used, the rest of the fraction dropped.
    @inline(never)
    mutating func longDecimal(_ number: Int, _ name: StaticString) -> Double? {
        let f = self[number]
        var i = 0
        var negative = false
        if f[0] == 0x2D || f[0] == 0x2B {
            negative = f[0] == 0x2D
            i = 1
        }
        var mantissa: Int64 = 0
        var significant = 0
        var scale = 0
        var seenPoint = false
        while i < f.count {
            let b = f[i]
            if FieldDigits.isDigit(b) {
                if significant < 17 {
                    mantissa = mantissa * 10 + Int64(b - 0x30)
                    if mantissa != 0 { significant += 1 }
                    if seenPoint { scale += 1 }
                } else if !seenPoint {
                    fail(number, name, "number too large")
                    return nil
                }
            } else if b == 0x2E && !seenPoint {
                seenPoint = true
            } else {
                fail(number, name, "not a number")
                return nil
            }
            i += 1
        }
        let v = Double(mantissa) / PowerOfTen.double(scale)
        return negative ? -v : v
    }

    /// A non-negative decimal integer of at most 9 digits that must lie in `range`.
    @_transparent
    mutating func integer(_ number: Int, _ name: StaticString, in range: ClosedRange<Int>) -> Int? {
        let f = self[number]
        let n = f.count
        if n == 0 { return nil }
        if n <= 4 && f.start &+ 4 <= end, let v = FieldDigits.smallUnsigned(f.base + f.start, n) {
            if v >= range.lowerBound && v <= range.upperBound { return v }
            return integerGeneral(number, name, in: range)
        }
        if n <= 9 {
            let (v, digits) = FieldDigits.leadingDigits(f.base + f.start, n)
            if digits == n && v >= range.lowerBound && v <= range.upperBound { return v }
        }
        return integerGeneral(number, name, in: range)
    }

    /// ``integer(_:_:in:)`` for the fields its fast path does not take, and the errors.
    @inline(never)
    mutating func integerGeneral(_ number: Int, _ name: StaticString, in range: ClosedRange<Int>) -> Int? {
        signedInteger(number, name, in: range, signed: false)
    }

    /// A signed integer (`-1`, `+05`) of at most 9 digits that must lie in `range`; with `signed`
    /// false, digits only.
    mutating func signedInteger(
        _ number: Int, _ name: StaticString, in range: ClosedRange<Int>,
        signed: Bool = true
    ) -> Int? {
        let f = self[number]
        if f.isEmpty { return nil }
        var i = 0
        var negative = false
        if signed && (f[0] == 0x2D || f[0] == 0x2B) {
            negative = f[0] == 0x2D
            i = 1
        }
        guard i < f.count, f.count - i <= 9 else {
            fail(number, name, "not an integer")
            return nil
        }
        var v = 0
        while i < f.count {
            guard FieldDigits.isDigit(f[i]) else {
                fail(number, name, "not an integer")
                return nil
            }
            v = v * 10 + Int(f[i] - 0x30)
            i += 1
        }
        if negative { v = -v }
        if !range.contains(v) {
            fail(number, name, .outOfIntegerRange(range.lowerBound, range.upperBound))
            return nil
        }
        return v
    }

    /// A single-character indicator.
    @inline(__always)
    mutating func letter(_ number: Int, _ name: StaticString) -> UInt8? {
        let f = self[number]
        if f.isEmpty { return nil }
        if f.count != 1 {
            fail(number, name, "not a single character")
            return nil
        }
        return f[0]
    }

    /// A single-character indicator decoded into a raw-representable enum.
    @inline(__always)
    mutating func indicator<T: RawRepresentable>(_ number: Int, _ name: StaticString, as: T.Type) -> T?
    where T.RawValue == UInt8 {
        guard let c = letter(number, name) else { return nil }
        guard let v = T(rawValue: c) else {
            fail(number, name, "bad value")
            return nil
        }
        return v
    }

    /// One hexadecimal digit, 0...15 (NMEA 4.1 system and signal ids).
    @inline(__always)
    mutating func hexDigit(_ number: Int, _ name: StaticString) -> Int? {
        guard let c = letter(number, name) else { return nil }
        guard let v = Framer.hexValue(c) else {
            fail(number, name, "not a hex digit")
            return nil
        }
        return v
    }

    /// A unit or reference letter that must be `expected` when present (`T` after a true course).
    @inline(__always)
    mutating func unit(_ number: Int, _ name: StaticString, _ expected: UInt8) {
        let f = self[number]
        if f.count == 0 || (f.count == 1 && f[0] == expected) { return }
        fail(number, name, "bad unit")
    }

    /// A value followed by an `E`/`W` direction field (`number + 1`): east positive.
    mutating func eastWest(_ number: Int, _ name: StaticString, in range: ClosedRange<Double>) -> Double? {
        let direction = letter(number + 1, name)
        guard let v = decimal(number, name, in: range) else { return nil }
        switch direction {
        case 0x45: return v
        case 0x57: return -v
        case nil: fail(number + 1, name, "missing direction")
        default: fail(number + 1, name, "bad direction")
        }
        return nil
    }

    /// A string field kept verbatim (DGPS station id, which has significant leading zeros).
    func text(_ number: Int) -> String? {
        let f = self[number]
        return f.isEmpty ? nil : f.text
    }
}
