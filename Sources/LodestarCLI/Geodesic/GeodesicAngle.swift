/// An angle as GeographicLib's tools read it: decimal degrees (`40.6397`, `-73.7789`) or degrees,
/// minutes and seconds (`40d38'23"`, `40°38′23″`, `40:38:23`, `40d38.4'`), with an optional
/// hemisphere letter before or after (`40:38:23N`, `W73d46'44"`): S and W are negative.
struct GeodesicAngle: Equatable {
    /// Which coordinate a hemisphere letter makes of the angle.
    enum Hemisphere: Equatable {
        /// N or S.
        case latitude
        /// E or W.
        case longitude
    }

    /// Degrees, signed (south and west negative).
    let degrees: Double
    /// The hemisphere letter's kind, when there was one.
    let hemisphere: Hemisphere?

    /// Parses one field; nil when it is not an angle in any of the accepted forms.
    init?(_ field: Substring) {
        var text = field[...]
        var hemisphere: Hemisphere?
        var negative = false
        if let letter = text.last.flatMap(Self.hemisphere) ?? text.first.flatMap(Self.hemisphere) {
            if Self.hemisphere(text.last ?? " ") != nil { text = text.dropLast() } else { text = text.dropFirst() }
            hemisphere = letter.0
            negative = letter.1
        }
        var sign = 1.0
        if text.first == "-" || text.first == "+" {
            // A hemisphere letter gives the sign; both at once is ambiguous.
            if hemisphere != nil { return nil }
            sign = text.first == "-" ? -1 : 1
            text = text.dropFirst()
        }
        guard let magnitude = Self.magnitude(text) else { return nil }
        degrees = sign * (negative ? -magnitude : magnitude)
        self.hemisphere = hemisphere
    }

    /// The kind and sign of a hemisphere letter: N, S, E, W (either case).
    private static func hemisphere(_ c: Character) -> (Hemisphere, Bool)? {
        switch c {
        case "N", "n": (.latitude, false)
        case "S", "s": (.latitude, true)
        case "E", "e": (.longitude, false)
        case "W", "w": (.longitude, true)
        default: nil
        }
    }

    /// The unsigned value of `40`, `40.5`, `40:38:23`, `40d38'23.5"`; nil otherwise. Minutes
    /// and seconds are in [0, 60), and only the last component may have a fraction.
    private static func magnitude(_ text: Substring) -> Double? {
        guard !text.isEmpty else { return nil }
        var parts: [Substring] = []
        if text.contains(":") {
            parts = text.split(separator: ":", omittingEmptySubsequences: false)
        } else {
            // Degrees, minutes, seconds, each ended by its mark; the last may lack one.
            var rest = text
            var expected = 0
            while !rest.isEmpty {
                guard let markIndex = rest.firstIndex(where: { "dD°'′\"″".contains($0) }) else {
                    parts.append(rest)
                    rest = rest[rest.endIndex...]
                    break
                }
                let mark = rest[markIndex]
                let level = "dD°".contains(mark) ? 0 : "'′".contains(mark) ? 1 : 2
                // Marks come in order: d then ' then "; a missing level is zero.
                guard level >= expected else { return nil }
                while parts.count < level { parts.append("0") }
                parts.append(rest[..<markIndex])
                expected = level + 1
                rest = rest[rest.index(after: markIndex)...]
            }
        }
        guard (1...3).contains(parts.count) else { return nil }
        var value = 0.0
        for (i, part) in parts.enumerated() {
            guard !part.isEmpty, part.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
                let number = Double(part), number.isFinite
            else { return nil }
            if i < parts.count - 1, number != number.rounded() { return nil }
            if i > 0, number >= 60 { return nil }
            value += number / [1, 60, 3600][i]
        }
        return value
    }
}
