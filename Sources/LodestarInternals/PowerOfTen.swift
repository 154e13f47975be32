/// Exact powers of ten, for decimal text written (``DecimalText``) and read (NMEA fields).
///
/// Public, not `package`: Swift 6.3 does not serialize the body of an `@inlinable package`
/// function, so other modules (the NMEA field readers) called these out of line, once a number
/// (issue 22). LodestarInternals is no product of the package: nothing outside it sees them.
public enum PowerOfTen {
    /// 10ᵏ as a double, exact for k in 0...17; k ≤ 0 gives 1, k ≥ 17 gives 10¹⁷.
    @inlinable @inline(__always)
    public static func double(_ k: Int) -> Double {
        switch k {
        case ...0: 1
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

    /// 10ᵏ as an integer for k in 0...18; k ≤ 0 gives 1, k ≥ 18 gives 10¹⁸.
    @inlinable @inline(__always)
    public static func int64(_ k: Int) -> Int64 {
        switch k {
        case ...0: 1
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        case 8: 100_000_000
        case 9: 1_000_000_000
        case 10: 10_000_000_000
        case 11: 100_000_000_000
        case 12: 1_000_000_000_000
        case 13: 10_000_000_000_000
        case 14: 100_000_000_000_000
        case 15: 1_000_000_000_000_000
        case 16: 10_000_000_000_000_000
        case 17: 100_000_000_000_000_000
        default: 1_000_000_000_000_000_000
        }
    }
}
