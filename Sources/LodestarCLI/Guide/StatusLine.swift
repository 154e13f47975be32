/// One status line of `lodestar guide`, made of fields that give way, least useful first, when the
/// line is wider than the terminal: the compass point, the speed, the heading's degrees, the
/// bearing, the ETA's time zone, the accuracy, the double spaces and the time go before the
/// distance and the turn are ever shortened, and the distance, the turn and the ETA are never
/// dropped.
struct StatusLine: Sendable, Equatable {
    /// What a field says, which decides when it gives way.
    enum Key: Sendable, Equatable {
        case time, accuracy, outage, distance, lastDistance, bearing, turn, compass, speed, eta, message
    }

    /// A field: its forms, widest first; a narrower form replaces it as the line is fitted.
    struct Field: Sendable, Equatable {
        let key: Key
        let forms: [String]

        /// - Parameters: the widest form, then the narrower ones in order.
        init(_ key: Key, _ text: String, _ narrower: String...) {
            self.key = key
            forms = [text] + narrower
        }
    }

    /// One step of fitting a line: a field shortened to its next form, dropped, or the spacing
    /// between fields narrowed to one space.
    private enum Step {
        case shorten(Key)
        case drop(Key)
        case tighten
    }

    /// The order in which a line gives way to a narrow terminal.
    private static let steps: [Step] = [
        .shorten(.bearing),  // the compass point
        .drop(.speed),
        .shorten(.turn),  // "heading 182° ↗ turn right 23°" → "↗ turn right 23°"
        .shorten(.compass),
        .shorten(.outage),
        .shorten(.lastDistance),  // "280 m to go at 09:31:40" → "280 m to go"
        .drop(.bearing),
        .shorten(.eta),  // "ETA 09:34:46 UTC" → "ETA 09:34:46"; "no ETA (stationary)" → "no ETA"
        .drop(.accuracy),
        .tighten,
        .drop(.time),
        .shorten(.eta),
        .shorten(.compass),
        .shorten(.turn),  // "↗ turn right 23°" → "↗ right 23°"
        .shorten(.distance),  // "312 m to go" → "312 m"
        .shorten(.lastDistance),
        .shorten(.message),
    ]

    let fields: [Field]

    init(_ fields: [Field]) {
        self.fields = fields
    }

    /// The whole line, every field in its widest form, two spaces apart.
    var text: String { fields.map { $0.forms[0] }.joined(separator: "  ") }

    /// The line in at most `width` columns: fields give way in the order of ``steps``; a line that
    /// is still too wide is cut. Every character counts one column (°, ±, arrows included).
    func fitted(to width: Int) -> String {
        var shown: [(key: Key, form: Int)?] = fields.map { ($0.key, 0) }
        var separator = "  "
        func line() -> String {
            zip(fields, shown).compactMap { field, state in state.map { field.forms[$0.form] } }.joined(separator: separator)
        }
        var text = line()
        for step in Self.steps where text.unicodeScalars.count > width {
            switch step {
            case .shorten(let key):
                for i in shown.indices where shown[i]?.key == key {
                    if let state = shown[i], state.form + 1 < fields[i].forms.count { shown[i] = (key, state.form + 1) }
                }
            case .drop(let key):
                for i in shown.indices where shown[i]?.key == key { shown[i] = nil }
            case .tighten:
                separator = " "
            }
            text = line()
        }
        guard text.unicodeScalars.count > width else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.prefix(max(0, width))))
    }
}
