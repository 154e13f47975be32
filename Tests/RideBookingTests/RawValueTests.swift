import Foundation
import RideBooking
import RideTestSupport
import Testing

/// SiriKit's raw values for every response code and phase, and that they survive JSON.
@Suite struct RawValueTests {
    /// Encodes `value` inside an object (as a stored or transmitted status would carry it) and
    /// decodes it back; returns the JSON text and the value read back.
    func roundTrip<T: Codable & Equatable>(_ value: T) throws -> (json: String, back: T) {
        let data = try JSONEncoder().encode(["value": value])
        let back = try JSONDecoder().decode([String: T].self, from: data)
        return (String(decoding: data, as: UTF8.self), try #require(back["value"]))
    }

    func check<T: Codable & Equatable & RawRepresentable>(_ expected: [(T, Int)]) throws where T.RawValue == Int {
        for (code, raw) in expected {
            #expect(code.rawValue == raw, "\(code)")
            let (json, back) = try roundTrip(code)
            #expect(json == "{\"value\":\(raw)}")
            #expect(back == code)
            #expect(T(rawValue: raw) == code)
        }
    }

    @Test func requestRideCodes() throws {
        try check([
            (RequestRideIntentResponseCode.unspecified, 0), (.ready, 1), (.inProgress, 2), (.success, 3), (.failure, 4),
            (.failureRequiringAppLaunch, 5), (.failureRequiringAppLaunchMustVerifyCredentials, 6),
            (.failureRequiringAppLaunchNoServiceInArea, 7), (.failureRequiringAppLaunchServiceTemporarilyUnavailable, 8),
            (.failureRequiringAppLaunchPreviousRideNeedsCompletion, 9), (.failureRequiringAppLaunchRideScheduledTooFar, 10),
        ])
        #expect(RequestRideIntentResponseCode.allCases.count == 11)
        #expect(
            "\(RequestRideIntentResponseCode.failureRequiringAppLaunchNoServiceInArea)"
                == "failureRequiringAppLaunchNoServiceInArea")
    }

    @Test func getRideStatusCodes() throws {
        try check([
            (GetRideStatusIntentResponseCode.unspecified, 0), (.ready, 1), (.inProgress, 2), (.success, 3), (.failure, 4),
            (.failureRequiringAppLaunch, 5), (.failureRequiringAppLaunchMustVerifyCredentials, 6),
            (.failureRequiringAppLaunchServiceTemporarilyUnavailable, 7),
        ])
        #expect(GetRideStatusIntentResponseCode.allCases.count == 8)
    }

    @Test func cancelRideCodes() throws {
        try check([(CancelRideIntentResponseCode.unspecified, 0), (.ready, 1), (.success, 2), (.failure, 3)])
        #expect(CancelRideIntentResponseCode.allCases.count == 4)
    }

    @Test func listRideOptionsCodes() throws {
        try check([
            (ListRideOptionsIntentResponseCode.unspecified, 0), (.ready, 1), (.inProgress, 2), (.success, 3), (.failure, 4),
            (.failureRequiringAppLaunch, 5), (.failureRequiringAppLaunchMustVerifyCredentials, 6),
            (.failureRequiringAppLaunchNoServiceInArea, 7), (.failureRequiringAppLaunchServiceTemporarilyUnavailable, 8),
            (.failureRequiringAppLaunchPreviousRideNeedsCompletion, 9), (.failurePreviousRideNeedsFeedback, 10),
        ])
        #expect(ListRideOptionsIntentResponseCode.allCases.count == 11)
    }

    @Test func ridePhases() throws {
        try check([
            (RidePhase.unknown, 0), (.received, 1), (.confirmed, 2), (.ongoing, 3), (.completed, 4),
            (.approachingPickup, 5), (.pickup, 6),
        ])
        #expect(RidePhase.allCases.count == 7)
        #expect("\(RidePhase.approachingPickup)" == "approachingPickup")
    }

    @Test func completionStatuses() throws {
        for status in RideCompletionStatus.allCases {
            let (json, back) = try roundTrip(status)
            #expect(json == "{\"value\":\"\(status.rawValue)\"}")
            #expect(back == status)
        }
    }

    @Test func aWholeStatusSurvivesJSON() throws {
        var status = RideStatus(
            rideIdentifier: UUID().uuidString, bookedDate: TestClock.start, date: TestClock.start.addingTimeInterval(5),
            vehicle: RideVehicle(identifier: "V-1", location: Fixture.charingCross, course: 271.5, registrationPlate: "LD26 ABC"),
            driver: RideDriver(name: "Ada", rating: "4.9"), estimatedPickupDate: TestClock.start.addingTimeInterval(90),
            pickupLocation: Placemark(name: "Charing Cross", coordinate: Fixture.charingCross),
            rideOption: RideOption.defaults[0], partySize: 2, distanceRemaining: 512.25)
        try status.advance(to: .confirmed)
        try status.advance(to: .approachingPickup)
        try status.complete(.canceledByUser)
        let data = try JSONEncoder().encode(status)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"phase\":4"))
        #expect(text.contains("\"completionStatus\":\"canceledByUser\""))
        #expect(try JSONDecoder().decode(RideStatus.self, from: data) == status)
    }

    @Test func responsesCarryTheirCodesAsNumbers() throws {
        let response = RequestRideIntentResponse(code: .failureRequiringAppLaunchServiceTemporarilyUnavailable)
        let json = String(decoding: try JSONEncoder().encode(response), as: UTF8.self)
        #expect(json.contains("\"code\":8"))
        #expect(try JSONDecoder().decode(RequestRideIntentResponse.self, from: Data(json.utf8)) == response)
    }
}
