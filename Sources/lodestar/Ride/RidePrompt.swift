import Foundation

/// Asks the person at the terminal, when there is one: `lodestar ride request` asks to confirm a
/// proposal or choose among places; without a terminal it cannot, and says so.
struct RidePrompt {
    /// Whether standard input is a terminal (and JSON output was not asked for).
    let isInteractive: Bool

    init(json: Bool) {
        isInteractive = !json && isatty(STDIN_FILENO) == 1
    }

    /// "question [y/N] "; true for y or yes.
    func confirm(_ question: String) -> Bool {
        StandardOutput.write(1, "\(question) [y/N] ")
        let answer = readLine(strippingNewline: true)?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        return answer == "y" || answer == "yes"
    }

    /// Lists the choices numbered from 1 and reads a number; nil for none (an empty answer).
    func choose(_ question: String, among choices: [String]) -> Int? {
        for (i, choice) in choices.enumerated() { print("  \(i + 1). \(choice)") }
        while true {
            StandardOutput.write(1, "\(question) [1-\(choices.count), Enter to stop] ")
            guard let line = readLine(strippingNewline: true)?.trimmingCharacters(in: .whitespaces), !line.isEmpty else {
                return nil
            }
            if let n = Int(line), (1...choices.count).contains(n) { return n - 1 }
        }
    }
}
