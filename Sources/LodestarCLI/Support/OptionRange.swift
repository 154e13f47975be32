import ArgumentParser

/// The values a numeric option accepts, checked in a command's `validate()` so that an absurd
/// value (NaN, infinity, 1e308, 1e-20, a negative count) is a one-line usage error naming the
/// option and its range, and never reaches a conversion that could trap.
struct OptionRange<Value: Comparable & Sendable>: Sendable {
    /// The option as the user types it: `--speed`.
    let name: String
    /// The accepted values, bounds included.
    let range: ClosedRange<Value>
    /// The unit, for the message: `metres`, `seconds`; empty for a plain number.
    let unit: String

    init(_ name: String, _ range: ClosedRange<Value>, unit: String = "") {
        self.name = name
        self.range = range
        self.unit = unit
    }

    /// The range as the message says it: `0.001 to 1000000 metres`.
    var description: String {
        "\(Self.text(range.lowerBound)) to \(Self.text(range.upperBound))" + (unit.isEmpty ? "" : " \(unit)")
    }

    /// Checks a value given (nil: the option was not given).
    /// - Throws: `ValidationError` "--speed must be from 0.001 to 1000000 (got 1e-20)" when the
    ///   value is outside the range or not a number.
    func check(_ value: Value?) throws(ValidationError) {
        guard let value else { return }
        // NaN compares false with everything, so `contains` refuses it too.
        guard range.contains(value) else {
            throw ValidationError("\(name) must be from \(description) (got \(Self.text(value)))")
        }
    }

    /// A bound or value as text: whole numbers without ".0".
    private static func text(_ value: Value) -> String {
        if let d = value as? Double, d.isFinite, d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return "\(value)"
    }
}
