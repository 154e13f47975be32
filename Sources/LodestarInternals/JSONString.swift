/// JSON string literals (RFC 8259), for the hand-written JSON encoders (guide events, sentence
/// descriptions).
package enum JSONString {
    /// `s` as a JSON string literal: quotes, backslashes and control characters escaped (DEL as
    /// `\u007f` too, so that the output stays printable).
    package static func quoted(_ s: String) -> String {
        var text = ""
        append(s, to: &text)
        return text
    }

    /// Appends `s` to `text` as a JSON string literal (see ``quoted(_:)``).
    package static func append(_ s: String, to text: inout String) {
        text += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: false)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
