import Foundation
import RideBooking
import RideTestSupport
import Testing

/// Only received → confirmed → (approachingPickup →) pickup → ongoing → completed, plus
/// cancellation from received through pickup.
@Suite struct PhaseTransitionTests {
    static let allowed: Set<[RidePhase]> = [
        [.received, .confirmed], [.confirmed, .approachingPickup], [.confirmed, .pickup],
        [.approachingPickup, .pickup], [.pickup, .ongoing], [.ongoing, .completed],
    ]
    static let cancelable: Set<RidePhase> = [.received, .confirmed, .approachingPickup, .pickup]

    /// A status that has reached `phase` along allowed transitions.
    func status(in phase: RidePhase) throws -> RideStatus {
        var status = RideStatus(rideIdentifier: "R", bookedDate: TestClock.start, date: TestClock.start)
        let path: [RidePhase] =
            switch phase {
            case .received, .unknown: []
            case .confirmed: [.confirmed]
            case .approachingPickup: [.confirmed, .approachingPickup]
            case .pickup: [.confirmed, .approachingPickup, .pickup]
            case .ongoing, .completed: [.confirmed, .approachingPickup, .pickup, .ongoing]
            }
        for next in path { try status.advance(to: next) }
        if phase == .completed { try status.complete(.completed) }
        return status
    }

    @Test(arguments: RidePhase.allCases) func everyTransitionFrom(_ from: RidePhase) throws {
        for to in RidePhase.allCases {
            let normal = Self.allowed.contains([from, to])
            let cancel = to == .completed && Self.cancelable.contains(from)
            #expect(from.canTransition(to: to) == (normal || cancel), "\(from) → \(to)")
            guard from != .unknown else { continue }
            var status = try status(in: from)
            #expect(status.phase == from)
            if to == .completed {
                // Completion needs a status: completed from ongoing, a cancellation from received…pickup.
                #expect(throws: RidePhaseError(from: from, to: .completed)) { try status.advance(to: .completed) }
                var finished = status
                if from == .ongoing {
                    try finished.complete(.completed)
                    #expect(finished.completionStatus == .completed)
                } else {
                    #expect(throws: RidePhaseError.self) { try finished.complete(.completed) }
                }
                var cancelled = status
                if Self.cancelable.contains(from) {
                    try cancelled.complete(.canceledByUser)
                    #expect(cancelled.phase == .completed && cancelled.completionStatus == .canceledByUser)
                } else {
                    #expect(throws: RidePhaseError.self) { try cancelled.complete(.canceledByUser) }
                }
            } else if normal {
                try status.advance(to: to)
                #expect(status.phase == to)
            } else {
                #expect(throws: RidePhaseError(from: from, to: to)) { try status.advance(to: to) }
                #expect(status.phase == from)
            }
        }
    }

    @Test func unknownIsNeverEntered() throws {
        for phase in RidePhase.allCases where phase != .unknown {
            var status = try status(in: phase)
            #expect(throws: RidePhaseError.self) { try status.advance(to: .unknown) }
        }
    }

    @Test func completedWithoutCompletionStatusDoesNotDecode() throws {
        let completed = try status(in: .completed)
        var json = String(decoding: try JSONEncoder().encode(completed), as: UTF8.self)
        json = json.replacingOccurrences(of: "\"completionStatus\":\"completed\",", with: "")
            .replacingOccurrences(of: ",\"completionStatus\":\"completed\"", with: "")
        #expect(!json.contains("completionStatus"))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(RideStatus.self, from: Data(json.utf8)) }
        let unknown = String(decoding: try JSONEncoder().encode(try status(in: .received)), as: UTF8.self)
            .replacingOccurrences(of: "\"phase\":1", with: "\"phase\":0")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(RideStatus.self, from: Data(unknown.utf8)) }
    }
}
