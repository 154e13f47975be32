/// The first problem the field readers found in a sentence (`FieldDecoding.swift`), kept as plain
/// values until the sentence's decoder turns it into an ``NMEAError`` with ``Fields/check()``:
/// nothing is allocated or released per sentence for it.
struct FieldProblem {
    /// What is wrong with the field.
    enum Kind: ExpressibleByStringLiteral {
        /// A fixed explanation: `"not a number"`.
        case message(StaticString)
        /// A number outside `low...high`.
        case outOfRange(Double, Double)
        /// An integer outside `low...high`.
        case outOfIntegerRange(Int, Int)

        init(stringLiteral text: StaticString) { self = .message(text) }
    }

    /// The field's number, 1-based after the address.
    var number: Int
    /// The field's name, for the message.
    var name: StaticString
    /// What is wrong with it.
    var kind: Kind
}
