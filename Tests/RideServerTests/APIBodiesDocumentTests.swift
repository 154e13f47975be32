import Foundation
import Geodesy
import RideAPI
import RideBooking
import TestSupport
import Testing

/// The committed OpenAPI document against RideAPI's Codable bodies, which the server and the
/// client both use: every body, filled in as fully as it can be, is valid against the schema the
/// document gives it (members, types, ranges, formats: Python's `jsonschema`), and together the
/// bodies write every member each schema names. So a member added to one and not the other fails
/// here, before a client meets it.
@Suite("RideAPI's bodies against the OpenAPI document")
struct APIBodiesDocumentTests {
    static let date = Date(timeIntervalSince1970: 1_795_000_000.25)
    static let here = Coordinate(uncheckedLatitude: 51.5085, longitude: -0.1247)
    static let price = PriceRange(minimumPrice: 8.5, maximumPrice: 12, currencyCode: "GBP")
    static let option = RideOption(
        name: "Standard", estimatedPickupDate: date, priceRange: price,
        availablePartySizeOptions: [RidePartySizeOption(partySizeRange: 1...4, sizeDescription: "up to 4", priceRange: price)],
        disclaimerMessage: "Prices are estimates")
    static let vehicle = RideVehicle(
        identifier: "LDN-001", location: here, course: 271.5, registrationPlate: "LD26 RDE", manufacturer: "Toyota",
        model: "Prius")
    static let driver = RideDriver(name: "Ada", rating: "4.9", phoneNumber: "+44 20 7946 0000")
    static let place = Placemark(name: "King's Cross", coordinate: here, address: "Euston Road, London")

    static func status(completed: Bool) throws -> RideStatus {
        var s = RideStatus(
            rideIdentifier: "2F1C1B5E-8A44-4A8E-9D5F-3C7A1E2B9D10", bookedDate: date, date: date, vehicle: vehicle,
            driver: driver,
            estimatedPickupDate: date, estimatedDropOffDate: date, pickupLocation: place, dropOffLocation: place,
            rideOption: option,
            partySize: 2, scheduledPickupTime: date, distanceRemaining: 412.5)
        try s.advance(to: .confirmed)
        if completed { try s.complete(.canceledByUser) }
        return s
    }

    /// Each body with the schema the document gives it.
    static func bodies() throws -> [(schema: String, json: String)] {
        func text(_ body: some Encodable) throws -> String { String(decoding: try APICoding.encode(body), as: UTF8.self) }
        let quote = RideQuote(vehicle: vehicle, driver: driver, rideOption: option, distance: 850, estimatedPickupDate: date)
        let request = RideRequestBody(
            pickup: here, pickupName: "King's Cross", dropOff: here, partySize: 2, rideOptionName: "Standard",
            paymentMethod: PaymentMethod(kind: .credit, name: "Visa"), scheduledPickupTime: date)
        let location = VehicleLocationBody(coordinate: here, timestamp: date, horizontalAccuracy: 3.5, speed: 9.25, course: 270)
        var report = location
        report.vehicleIdentifier = "LDN-001"
        let progress = VehicleRideProgress(
            vehicleIdentifier: "LDN-001", rideIdentifier: "2F1C1B5E-8A44-4A8E-9D5F-3C7A1E2B9D10", phase: .approachingPickup)
        return [
            ("RideStatus", try text(RideStatusBody(try status(completed: false)))),
            ("RideStatus", try text(RideStatusBody(try status(completed: true)))),
            (
                "RequestRideIntentResponse",
                try text(
                    RequestRideBody(code: .success, rideStatus: try status(completed: false), quote: quote, failureReason: "none")
                )
            ),
            (
                "GetRideStatusIntentResponse",
                try text(GetRideStatusBody(code: .success, rideStatus: try status(completed: false)))
            ),
            (
                "CancelRideIntentResponse",
                try text(CancelRideBody(code: .success, rideStatus: try status(completed: true), failureReason: "none"))
            ),
            (
                "ListRideOptionsIntentResponse",
                try text(
                    ListRideOptionsBody(
                        ListRideOptionsIntentResponse(code: .success, rideOptions: [option], expirationDate: date)))
            ),
            ("RideList", try text(RideListBody([try status(completed: false)]))),
            ("PlacemarkResolution", try text(ResolutionBody("pickupLocation", .success(place)))),
            ("PlacemarkResolution", try text(ResolutionBody("pickupLocation", .disambiguation([place, place])))),
            (
                "PartySizeResolution",
                try text(ResolutionBody("partySize", Resolution<Int>.unsupported(.exceedsCapacity(partySize: 9, capacity: 4))))
            ),
            ("PartySizeResolution", try text(ResolutionBody("partySize", Resolution<Int>.needsValue))),
            ("PartySizeResolution", try text(ResolutionBody("partySize", .disambiguation([1, 2])))),
            ("PartySizeResolution", try text(ResolutionBody("partySize", .success(2)))),
            (
                "PlacemarkResolution",
                try text(ResolutionBody("pickupLocation", Resolution<Placemark>.unsupported(.noPlaceNamed("Atlantis"))))
            ),
            ("RideOptionResolution", try text(ResolutionBody("rideOptionName", .disambiguation([option])))),
            ("PaymentMethodResolution", try text(ResolutionBody("paymentMethod", .disambiguation([PaymentMethod(kind: .cash)])))),
            (
                "PaymentMethodResolution",
                try text(ResolutionBody("paymentMethod", Resolution<PaymentMethod>.unsupported(.unknownPaymentMethod("barter"))))
            ),
            ("ScheduledPickupTimeResolution", try text(ResolutionBody("scheduledPickupTime", .disambiguation([date])))),
            (
                "ScheduledPickupTimeResolution",
                try text(ResolutionBody("scheduledPickupTime", Resolution<Date>.unsupported(.scheduledInPast)))
            ),
            ("RideOptionResolution", try text(ResolutionBody("rideOptionName", .confirmationRequired(option)))),
            (
                "RideOptionResolution",
                try text(ResolutionBody("rideOptionName", Resolution<RideOption>.unsupported(.emptyFleet(rideOptionName: "XL"))))
            ),
            ("PaymentMethodResolution", try text(ResolutionBody("paymentMethod", .success(PaymentMethod(kind: .cash))))),
            ("ScheduledPickupTimeResolution", try text(ResolutionBody("scheduledPickupTime", .success(date)))),
            ("ScheduledPickupTimeResolution", try text(ResolutionBody("scheduledPickupTime", Resolution<Date>.notRequired))),
            ("RideRequest", try text(request)),
            (
                "ResolveRequest",
                try text(
                    ResolveRequestBody(
                        request: request,
                        currentLocation: CurrentLocationBody(coordinate: here, horizontalAccuracy: 5, timestamp: date)))
            ),
            ("VehicleLocation", try text(location)),
            ("VehicleLocationReport", try text(report)),
            ("VehicleLocationBatch", try text(VehicleLocationBatchBody(locations: [report]))),
            ("VehicleLocationReceipt", try text(PositionReceiptBody(progress))),
            ("VehicleLocationBatchReceipt", try text(PositionBatchReceiptBody(accepted: 1, progress: [progress]))),
            ("Health", try text(HealthBody(database: "sqlite", version: "1.0.0"))),
            (
                "Problem",
                try text(
                    ProblemBody(
                        type: "https://lodestar.invalid/problems/invalid-body", title: "t", status: 400, detail: "d",
                        instance: "/rides", errors: ["e"]))
            ),
        ]
    }

    @Test("every body is valid against its schema in the document")
    func bodiesMatchTheDocument() async throws {
        let api = OpenAPIConformance()
        for (schema, json) in try Self.bodies() { api.record(schema: schema, json, label: schema) }
        #expect(try await api.problems() == [])
    }

    @Test("the bodies together write every member the document's schemas name")
    func documentMembersAreWritten() throws {
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: OpenAPIConformance.documentPath)))
                as? [String: Any])
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        var written: [String: Set<String>] = [:]
        for (schema, json) in try Self.bodies() {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            written[schema, default: []].formUnion(object.keys)
        }
        for (schema, members) in written {
            let named = Set(((schemas[schema] as? [String: Any])?["properties"] as? [String: Any])?.keys.map { $0 } ?? [])
            #expect(
                named.subtracting(members).isEmpty,
                "\(schema): the document names \(named.subtracting(members).sorted()), no body writes them")
            #expect(
                members.subtracting(named).isEmpty,
                "\(schema): bodies write \(members.subtracting(named).sorted()), the document does not name them")
        }
    }

    @Test("what the client writes, the server reads back unchanged; a response reads back as the status it was made from")
    func roundTrips() throws {
        let request = RideRequestBody(pickup: Self.here, dropOffName: "Paddington", partySize: 3, scheduledPickupTime: Self.date)
        #expect(try APICoding.decode(RideRequestBody.self, from: try APICoding.encode(request)) == request)
        let status = try Self.status(completed: false)
        let read = try APICoding.decode(
            GetRideStatusBody.self, from: try APICoding.encode(GetRideStatusBody(code: .success, rideStatus: status)))
        #expect(read.code == .success)
        #expect(read.rideStatus?.status == status)
    }

    @Test("a body with an unknown member, a value out of range or of the wrong type names it")
    func strictReading() throws {
        func problem<T: Decodable>(_ type: T.Type, _ json: String) -> String {
            do {
                _ = try APICoding.decode(T.self, from: json.utf8)
                return "accepted"
            } catch {
                return error.description
            }
        }
        #expect(problem(RideRequestBody.self, #"{"tip":5}"#).contains("unknown member 'tip'"))
        #expect(problem(RideRequestBody.self, #"{"partySize":0}"#).contains("partySize: must be an integer from 1 to 100"))
        #expect(problem(RideRequestBody.self, #"{"partySize":"2"}"#).contains("partySize: must be"))
        #expect(
            problem(RideRequestBody.self, #"{"pickupLocation":{"coordinate":{"latitude":91,"longitude":0}}}"#)
                .contains("pickupLocation.coordinate.latitude: must be a number from -90.0 to 90.0"))
        #expect(
            problem(VehicleLocationBatchBody.self, #"{"locations":[{"coordinate":{"latitude":1,"longitude":2}}]}"#)
                .contains("locations[0]: 'vehicleIdentifier' is required"))
        #expect(problem(RideRequestBody.self, "[1]").contains("must be a JSON object"))
        #expect(problem(RideRequestBody.self, #"{"partySize":NaN}"#).contains("not valid JSON"))
        #expect(problem(RideRequestBody.self, #"{"partySize":2}"#) == "accepted")
    }
}
