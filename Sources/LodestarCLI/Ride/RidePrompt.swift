import Foundation

/// Asks the person at the terminal, when there is one: `lodestar ride request` asks to confirm a
/// proposal or choose among places; without a terminal it cannot, and says so.
///
/// An answer that is not one the question takes is asked again, with a line saying why. The end
/// of input (Ctrl-D) ends the prompt line first, so that what follows starts on a line of its own.
struct RidePrompt {
    /// Whether standard input is a terminal (and JSON output was not asked for).
    let isInteractive: Bool

    /// What the person answered to a yes/no question.
    enum Answer: Equatable {
        /// `y` or `yes`.
        case yes
        /// `n`, `no`, or Enter alone (the default).
        case no
        /// The input ended (Ctrl-D) before an answer.
        case endOfInput
    }

    init(json: Bool) {
        isInteractive = !json && isatty(STDIN_FILENO) == 1
    }

    /// "question [y/N] ", asked until the answer is y, yes, n, no or empty (any case).
    func confirm(_ question: String) -> Answer {
        // What `print` holds for standard output comes before the question.
        fflush(nil)
        while true {
            StandardOutput.write(1, "\(question) [y/N] ")
            guard let line = readLine(strippingNewline: true) else {
                StandardOutput.write(1, "\n")
                return .endOfInput
            }
            switch line.trimmingCharacters(in: .whitespaces).lowercased() {
            case "y", "yes": return .yes
            case "", "n", "no": return .no
            default: StandardOutput.write(1, "'\(Self.shown(line))' is not an answer: type y or n (Enter alone is no)\n")
            }
        }
    }

    /// Lists the choices numbered from 1 and reads a number, asked again (saying why) until it is
    /// one of them; nil for none (an empty answer, or the end of input).
    func choose(_ question: String, among choices: [String]) -> Int? {
        fflush(nil)
        for (i, choice) in choices.enumerated() { StandardOutput.write(1, "  \(i + 1). \(choice)\n") }
        while true {
            StandardOutput.write(1, "\(question) [1-\(choices.count), Enter to stop] ")
            guard let raw = readLine(strippingNewline: true) else {
                StandardOutput.write(1, "\n")
                return nil
            }
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { return nil }
            if let n = Int(line), (1...choices.count).contains(n) { return n - 1 }
            StandardOutput.write(1, "'\(Self.shown(line))' is not one of the places: type a number from 1 to \(choices.count)\n")
        }
    }

    /// An answer as echoed back: at most 40 characters, control characters as `?`.
    private static func shown(_ answer: String) -> String {
        let scalars = answer.unicodeScalars.prefix(40).map { $0.properties.generalCategory == .control ? "?" : Character($0) }
        return String(scalars) + (answer.unicodeScalars.count > 40 ? "…" : "")
    }
}
