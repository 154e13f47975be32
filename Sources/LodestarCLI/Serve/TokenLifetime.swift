import ArgumentParser

/// `serve token create --expires DURATION`: a whole number with a unit, `s`, `m`, `h` or `d`
/// (seconds, minutes, hours, days), from 1 minute to 3,650 days (10 years); a bare number is
/// seconds.
struct TokenLifetime: ExpressibleByArgument, Equatable {
    /// The lifetime, seconds, in ``range``.
    let seconds: Double

    /// The lifetimes accepted, seconds: 1 minute to 3,650 days.
    static let range = 60.0...(3_650 * 86_400)

    init?(argument: String) {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400]
        var digits = Substring(argument)
        var unit = 1.0
        if let last = digits.last, let scale = units[last] {
            unit = scale
            digits = digits.dropLast()
        }
        guard !digits.isEmpty, digits.count <= 10, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
            let count = Double(digits)
        else { return nil }
        let seconds = count * unit
        guard Self.range.contains(seconds) else { return nil }
        self.seconds = seconds
    }

    static var defaultCompletionKind: CompletionKind { .default }
}
