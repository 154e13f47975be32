import Foundation

/// Whole numbers for display, from values that came from outside (a receiver, gpsd, a file, a
/// fleet):
/// `Int(x.rounded())` traps on NaN, infinity and beyond ±9.2 × 10¹⁸; these never do.
package enum WholeNumber {
    /// `x` rounded to a whole number: `312`, `-5`; `nan`, `inf` or the digits of a huge value.
    package static func text(_ x: Double) -> String {
        let r = x.rounded()
        return r.isFinite && abs(r) < 1e15 ? String(Int64(r)) : String(format: "%.0f", r)
    }

    /// `angle` rounded to whole degrees and reduced with `%` 360 as integers are (`-5` stays `-5`).
    package static func degrees(_ angle: Double) -> String {
        let r = angle.rounded()
        return r.isFinite && abs(r) < 1e15 ? String(Int64(r) % 360) : text(r.truncatingRemainder(dividingBy: 360))
    }
}
