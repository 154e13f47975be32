import Foundation
import Geodesy
import RideBooking

/// The conversation of `lodestar ride request`: prints each resolution step and settles the
/// proposals (from the terminal, from --yes, or by stopping with the choices listed).
struct RideDialogue {
    let json: Bool
    let yes: Bool
    let prompt: RidePrompt
    var report = RideRequestReport()

    init(json: Bool, yes: Bool) {
        self.json = json
        self.yes = yes
        prompt = RidePrompt(json: json)
    }

    /// Prints one line of the dialogue (text mode only).
    func say(_ label: String, _ text: String) {
        guard !json else { return }
        print("\(label.padding(toLength: 12, withPad: " ", startingAt: 0)) \(text)")
    }

    /// Calls confirm or handle (`step`), keeps its response in the report at `answer`, and returns
    /// it when its code is `expected`.
    /// - Throws: ``RideExit/refused(_:)`` with the code and the failure's reason otherwise; the
    ///   store's failure as ``RideExit``.
    mutating func book(
        _ step: String, expecting expected: RequestRideIntentResponseCode,
        into answer: WritableKeyPath<RideRequestReport, RequestRideIntentResponse?>,
        _ call: () async throws -> RequestRideIntentResponse
    ) async throws(RideExit) -> RequestRideIntentResponse {
        let response = try await RideExit.store(call)
        report[keyPath: answer] = response
        guard response.code == expected else {
            say(step, "\(response.code)  \(response.failureReason ?? "")")
            throw .refused("\(response.code): \(response.failureReason ?? "cannot book")")
        }
        return response
    }

    /// Prints the JSON report (JSON mode only).
    func finish() {
        if json { print(RideFormat.json(report)) }
    }

    /// Settles a place resolution: the placemark to use, nil for notRequired. The step is added
    /// to ``report`` whatever happens.
    /// - Throws: ``RideExit/needsDecision(_:)`` when nobody can be asked, ``RideExit/refused(_:)``
    ///   when the place is unsupported, ``RideExit/declined(_:)`` when the person at the terminal
    ///   says no or chooses nothing.
    mutating func settle(
        _ resolution: Resolution<Placemark>, parameter: String, label: String, note: String?, hint: String
    ) throws(RideExit) -> Placemark? {
        var step = RideRequestReport.Step(parameter: parameter, outcome: resolution.outcomeName, note: note)
        defer { report.steps.append(step) }
        switch resolution {
        case .success(let place):
            step.placemark = place
            say(label, "success  \(place)")
            if let note { say("", note) }
            return place
        case .notRequired:
            say(label, "notRequired")
            return nil
        case .confirmationRequired(let place):
            step.placemark = place
            say(label, "confirmationRequired  \(place)")
            if let note { say("", note) }
            if yes {
                step.acceptedBy = "yes"
                say("", "accepted (--yes)")
                return place
            }
            guard prompt.isInteractive else {
                throw .needsDecision("\(label): confirm \(place): run again with --yes to accept it, or \(hint)")
            }
            switch prompt.confirm("Use \(place) as the \(label)?") {
            case .yes: break
            case .no: throw .declined("\(label): declined")
            case .endOfInput: throw .declined("\(label): no answer (end of input)")
            }
            step.acceptedBy = "terminal"
            say(label, "success  \(place)")
            return place
        case .disambiguation(let places):
            step.choices = places
            say(label, "disambiguation  \(places.count) places match")
            if yes, let first = places.first {
                for (i, place) in places.enumerated() { say("", "\(i + 1). \(place)") }
                step.acceptedBy = "yes"
                step.placemark = first
                say("", "chose 1 (--yes takes the first, the nearest)")
                return first
            }
            guard prompt.isInteractive else {
                for (i, place) in places.enumerated() { say("", "\(i + 1). \(place)") }
                throw .needsDecision("\(label): \(places.count) places match; \(hint), or --yes to take the first")
            }
            guard let n = prompt.choose("Which \(label)?", among: places.map(\.description)) else {
                throw .declined("\(label): no place chosen")
            }
            step.acceptedBy = "terminal"
            step.placemark = places[n]
            say(label, "success  \(places[n])")
            return places[n]
        case .needsValue:
            say(label, "needsValue" + (note.map { "  (\($0))" } ?? ""))
            throw .needsDecision("\(label): needs a value: \(hint)")
        case .unsupported(let reason):
            step.reason = reason.description
            say(label, "unsupported  \(reason)")
            throw .refused("\(label): \(reason)")
        }
    }

    /// Settles any other parameter: its value, nil for notRequired. The step is added to
    /// ``report`` whatever happens.
    mutating func settle<T>(
        _ resolution: Resolution<T>, parameter: String, label: String, describe: (T) -> String, hint: String
    ) throws(RideExit) -> T? {
        var step = RideRequestReport.Step(parameter: parameter, outcome: resolution.outcomeName)
        defer { report.steps.append(step) }
        switch resolution {
        case .success(let value), .confirmationRequired(let value):
            // Only places are ever proposed for confirmation; any other proposal is taken as given.
            step.value = describe(value)
            say(label, "\(resolution.outcomeName)  \(describe(value))")
            return value
        case .notRequired:
            say(label, "notRequired")
            return nil
        case .needsValue, .disambiguation:
            say(label, resolution.outcomeName)
            throw .needsDecision("\(label): needs a value: \(hint)")
        case .unsupported(let reason):
            step.reason = reason.description
            say(label, "unsupported  \(reason)")
            throw .refused("\(label): \(reason)")
        }
    }
}
