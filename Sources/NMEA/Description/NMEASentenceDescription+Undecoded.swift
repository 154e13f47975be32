import LodestarInternals

/// The keys of sentences Lodestar recognises but does not decode: their raw `fields`, and the
/// vocabulary's keys for TXT and ROT read from those fields.
extension NMEASentenceDescription {
    func addUndecodedValues(to o: inout JSONObjectText) {
        if case .unsupported(_, let type) = sentence {
            switch type.description {
            case "TXT" where fields.count >= 4:
                // 1 number of sentences, 2 sentence number, 3 text id, 4 text.
                o.add("text", fields[3...].joined(separator: ","))
            case "ROT" where fields.count >= 2:
                // 1 rate of turn (degrees per minute, negative = to port), 2 status A/V.
                if fields[0].isEmpty {
                    o.add("rot_deg_per_min", nil as Double?)
                } else if let rate = NMEASentenceDescription.plainDecimal(fields[0]) {
                    o.add("rot_deg_per_min", rate)
                }
                switch fields[1] {
                case "": o.add("status_valid", nil as Bool?)
                case "A": o.add("status_valid", true)
                case "V": o.add("status_valid", false)
                default: break
                }
            default: break
            }
        }
        o.add("fields", strings: fields)
    }

    /// The value of a plain signed decimal (`-11.23`, `+5`, `.5`); nil for anything else,
    /// including the exponents, `inf` and `nan` that `Double(_:)` would accept.
    static func plainDecimal(_ text: String) -> Double? {
        var digits = 0
        var points = 0
        for (i, c) in text.utf8.enumerated() {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "."): points += 1
            case UInt8(ascii: "-"), UInt8(ascii: "+"): if i != 0 { return nil }
            default: return nil
            }
        }
        guard digits > 0, points <= 1 else { return nil }
        return Double(text)
    }
}
